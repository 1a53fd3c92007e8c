// The lookup page as a whole: asking before a paid live call that a link would send, and the
// out-of-date marker over an answer the form no longer matches.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LookupDefinition } from '../lookups/define-lookup.ts';
import { lookups } from '../lookups/registry.ts';
import { LOOKUP_CONFIG_PATH, PROXY_PREFIX } from '../lookups/wire.ts';
import { formatPrice } from './live-call-consent.tsx';
import { renderRoute, setupLookupRouteTests } from './testing/lookup-route.tsx';

type Mode = 'live' | 'demo';

/** Answers /lookup-config.json with the given mode for every lookup (or never, or an error), and any proxy call with a small body. */
function stubServer(mode: Mode | 'pending' | 'error') {
  const proxyCalls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url === LOOKUP_CONFIG_PATH) {
      if (mode === 'pending') return new Promise<Response>(() => {});
      if (mode === 'error') return new Response('no', { status: 500 });
      const entries = Object.keys(lookups).map((id) => [id, { mode, key: { in: 'query', name: 'api_key' } }]);
      return Response.json({ lookups: Object.fromEntries(entries) });
    }
    if (url.startsWith(PROXY_PREFIX)) {
      proxyCalls.push(url);
      return Response.json(
        { id: proxyCalls.length, title: `Answer ${proxyCalls.length}` },
        { headers: { 'x-lookup-source': mode === 'demo' ? 'demo' : 'live' } },
      );
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { proxyCalls };
}

const profileLink = `/lookups/r?${new URLSearchParams(lookups.R.operations[0].example)}`;
const results = () => screen.getByRole('region', { name: 'Results' });

// The page, its viewer and the definitions are lazy: loaded once here, and each test renders once
// its route is ready, so no test's timing depends on a cold import.
setupLookupRouteTests('r', 'a');
afterEach(() => vi.unstubAllGlobals());

describe('a link to a paid live lookup', () => {
  it('R’s catalog facts price each call, and every “per call” price has its number', () => {
    expect(lookups.R.catalog.pricePerCall).toBe(0.006);
    for (const lookup of Object.values(lookups) as LookupDefinition[]) {
      const { price, pricePerCall } = lookup.catalog;
      const perCall = /per call/i.test(price);
      expect(pricePerCall !== undefined, lookup.id).toBe(perCall);
      if (pricePerCall !== undefined) expect(price).toContain(formatPrice(pricePerCall));
    }
  });

  it('asks before sending when the server says the lookup is live, and sends on “Send”', async () => {
    const user = userEvent.setup();
    const { proxyCalls } = stubServer('live');
    await renderRoute(profileLink);
    const dialog = await screen.findByRole('alertdialog', { name: 'Send a paid call?' });
    expect(dialog).toHaveTextContent('This will make a live call at $0.006.');
    // Focus moves in an effect, which React may run just after the dialog is in the DOM.
    await waitFor(() => expect(dialog).toHaveFocus());
    expect(proxyCalls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('tablist', { name: 'Result views' });
    expect(proxyCalls).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('sends nothing on “Not now”; the form’s Send request then sends', async () => {
    const user = userEvent.setup();
    const { proxyCalls } = stubServer('live');
    await renderRoute(profileLink);
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(results()).toHaveTextContent('Not sent.');
    expect(proxyCalls).toEqual([]);
    // A live call to a per-call-priced lookup says its price on the button.
    await user.click(screen.getByRole('button', { name: 'Send request · $0.006' }));
    await screen.findByRole('tablist', { name: 'Result views' });
    expect(proxyCalls).toHaveLength(1);
  });

  it('sends nothing while the server has not said whether the lookup is live', async () => {
    const { proxyCalls } = stubServer('pending');
    await renderRoute(profileLink);
    expect(await screen.findByText('Checking whether this lookup answers live…')).toBeInTheDocument();
    expect(proxyCalls).toEqual([]);
  });

  it('asks, saying it may be live, when the configuration cannot be read', async () => {
    const { proxyCalls } = stubServer('error');
    await renderRoute(profileLink);
    const dialog = await screen.findByRole('alertdialog', { name: 'Send a paid call?' });
    expect(dialog).toHaveTextContent('This may make a live call');
    expect(proxyCalls).toEqual([]);
  });

  it('never asks for demo data', async () => {
    const { proxyCalls } = stubServer('demo');
    await renderRoute(profileLink);
    await screen.findByRole('tablist', { name: 'Result views' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(proxyCalls).toHaveLength(1);
  });

  it('never asks for a live lookup without a per-call price', async () => {
    const { proxyCalls } = stubServer('live');
    await renderRoute('/lookups/a?movie_id=550');
    await screen.findByRole('tablist', { name: 'Result views' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(proxyCalls).toHaveLength(1);
  });

  it('does not ask about a query the user sends from the form', async () => {
    const user = userEvent.setup();
    const { proxyCalls } = stubServer('live');
    await renderRoute('/lookups/r');
    await user.click(await screen.findByRole('button', { name: 'Try an example' }));
    await user.click(await screen.findByRole('button', { name: 'Send request · $0.006' }));
    await screen.findByRole('tablist', { name: 'Result views' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(proxyCalls).toHaveLength(1);
  });
});

describe('the out-of-date marker on the page', () => {
  const marker = () => screen.queryByRole('status', { name: 'Out of date' });

  it('appears when the form is edited after the answer, names the sent values, and goes when the edit is undone', async () => {
    const user = userEvent.setup();
    stubServer('demo');
    await renderRoute('/lookups/a?movie_id=550&language=en-US');
    await screen.findByRole('tablist', { name: 'Result views' });
    expect(marker()).not.toBeInTheDocument();
    const field = screen.getByLabelText('movie_id');
    await user.clear(field);
    await user.type(field, '551');
    expect(marker()).toHaveTextContent('this answer is for movie_id=550 · language=en-US. The form has changed since it was sent');
    await user.clear(field);
    await user.type(field, '550');
    expect(marker()).not.toBeInTheDocument();
  });

  it('says a send was refused, and leaves when the next answer arrives', async () => {
    const user = userEvent.setup();
    const { proxyCalls } = stubServer('demo');
    await renderRoute('/lookups/a?movie_id=550');
    await screen.findByRole('tablist', { name: 'Result views' });
    const field = screen.getByLabelText('movie_id');
    await user.clear(field);
    await user.type(field, '-4');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(marker()).toHaveTextContent('this answer is for movie_id=550. The last send was refused');
    expect(proxyCalls).toHaveLength(1);

    await user.clear(field);
    await user.type(field, '600');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(proxyCalls).toHaveLength(2));
    await waitFor(() => expect(marker()).not.toBeInTheDocument());
    expect(results()).toHaveTextContent('Answer 2');
  });
});
