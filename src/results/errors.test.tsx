import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LookupHttpError, LookupTransportError } from '../api/lookup-response.ts';
import { makeResponse } from './testing/fixtures.ts';
import { renderViewer, setupViewerTests } from './testing/render-viewer.tsx';

setupViewerTests();

const httpError = (status: number, body: unknown, extra: Parameters<typeof makeResponse>[1] = {}) =>
  new LookupHttpError(makeResponse(body, { status, statusText: '', ...extra }));

describe('ResultViewer errors', () => {
  it('shows a proxy refusal with its fields, the raw body and no retry', async () => {
    const body = {
      error: { code: 'invalid_parameter', message: 'Invalid parameters', origin: 'proxy', fields: { city: 'city is required' } },
    };
    renderViewer({ response: undefined, error: httpError(400, body, { source: 'unknown' }) });
    const alert = screen.getByRole('alert', { name: /The proxy refused the request/ });
    expect(alert).toHaveTextContent('Invalid parameters');
    expect(within(alert).getByText('city')).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByText(/Raw body/));
    expect(within(alert).getByText(/"invalid_parameter"/)).toBeVisible();
    expect(screen.getByText('400')).toBeInTheDocument();
  });

  it('names key problems and unknown ids with the provider’s words', () => {
    // The fixture's provider words its errors in `reason`: its lookup's errorMessage adapter reads that.
    const { unmount } = renderViewer({
      response: undefined,
      error: httpError(401, { ok: false, reason: 'Invalid API key: You must be granted a valid key.' }),
    });
    const key = screen.getByRole('alert', { name: /rejected the API key/ });
    expect(within(key).getByText('Invalid API key: You must be granted a valid key.')).toHaveClass('error-message');
    unmount();
    renderViewer({ response: undefined, error: httpError(404, { ok: false, reason: 'The resource you requested could not be found.' }) });
    expect(
      within(screen.getByRole('alert', { name: /Nothing found/ })).getByText('The resource you requested could not be found.'),
    ).toHaveClass('error-message');
  });

  it('offers Retry for rate limits, provider failures, gateway errors and transport failures', async () => {
    const user = userEvent.setup();
    const errors = [
      httpError(429, { message: 'slow down' }, { headers: [['retry-after', '12']] }),
      httpError(503, { message: 'maintenance' }),
      httpError(504, { error: { code: 'upstream_timeout', message: 'no answer in 15000 ms', origin: 'proxy' } }, { source: 'unknown' }),
      new LookupTransportError('network', 'Failed to fetch', '/proxy/z'),
      new LookupTransportError('timeout', 'No answer within 30 s', '/proxy/z'),
      new LookupTransportError('cancelled', 'Cancelled', '/proxy/z'),
    ];
    for (const error of errors) {
      const { props, unmount } = renderViewer({ response: undefined, error });
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(props.onRetry).toHaveBeenCalledTimes(1);
      unmount();
    }
  });

  it('says a cancelled request once, with no empty summary above it', () => {
    const { container } = renderViewer({
      response: undefined,
      error: new LookupTransportError('cancelled', 'The request was cancelled', '/proxy/z'),
    });
    const alert = screen.getByRole('alert', { name: 'The request was cancelled' });
    expect(alert.textContent!.match(/The request was cancelled/g)).toHaveLength(1);
    expect(alert).toHaveTextContent('Send it again when you are ready.');
    // Its summary holds no facts, only the empty status line the stylesheet hides with it.
    expect(container.querySelector('.summary-bar dl')).toBeNull();
    expect(container.querySelector('.summary-bar .summary-loading')).toBeEmptyDOMElement();
  });

  it('says when Retry-After asks to wait', () => {
    renderViewer({ response: undefined, error: httpError(429, { message: 'slow down' }, { headers: [['Retry-After', '12']] }) });
    expect(screen.getByRole('alert')).toHaveTextContent('wait 12 s');
  });

  it('shows an HTTP-200 failure body as a failure with its words, and keeps the views', () => {
    renderViewer({ response: makeResponse({ ok: false, reason: 'invalid_city' }) });
    expect(screen.getByRole('alert', { name: /reported a failure/ })).toHaveTextContent('invalid_city');
    expect(screen.getByText('failure: invalid_city')).toBeInTheDocument();
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(screen.queryByText(/Schema check/)).not.toBeInTheDocument();
  });

  it('shows a malformed body as received', async () => {
    const user = userEvent.setup();
    renderViewer({ response: makeResponse(undefined, { text: '<html>Bad gateway</html>', parseError: 'Unexpected token < in JSON' }) });
    expect(screen.getByRole('alert', { name: 'The answer could not be read' })).toHaveTextContent('Unexpected token < in JSON');
    await user.click(screen.getByRole('tab', { name: 'Raw' }));
    expect(screen.getByLabelText('Raw body')).toHaveTextContent('<html>Bad gateway</html>');
  });
});
