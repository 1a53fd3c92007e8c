// "Share…" on an answer: only on a team server; it stores the answer as shown (masked) as a team
// snapshot, keeps already shared layers in the link, and gives a link to copy; a quota says which.
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LookupResponse } from '../../api/lookup-response.ts';
import type { Answer } from '../../lookups/answer.ts';
import { cars as f } from '../../lookups/f-cars.ts';
import { IDENTITY_PATH, TEAM_ITEMS_PATH, type TeamItem } from '../../lookups/team-wire.ts';
import { LOOKUP_CONFIG_PATH } from '../../lookups/wire.ts';
import { ShareAnswer } from './share-answer.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const response: LookupResponse = {
  url: '/proxy/f/v1/cars?make=toyota',
  method: 'GET',
  status: 200,
  statusText: 'OK',
  headers: [['content-type', 'application/json']],
  source: 'demo',
  timeMs: 12,
  sizeBytes: 40,
  contentType: 'application/json',
  text: '[{"owner":"Jane Roe"}]',
  body: [{ owner: 'Jane Roe' }],
};
const answer = { body: [{ owner: 'Person 1 (this answer)' }], masked: true } as unknown as Answer;

const created = (id: string, body: TeamItem['body']): TeamItem => ({
  id,
  kind: 'snapshot',
  visibility: 'team',
  title: 't',
  owner: 'alice',
  version: 1,
  createdAt: '2026-12-05T10:00:00.000Z',
  updatedAt: '2026-12-05T10:00:00.000Z',
  bytes: 10,
  body,
});

function serve(me: Response, create: (body: Record<string, unknown>) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    // A team server says someone is signed in in its configuration; only then does the page ask /me.
    if (url === LOOKUP_CONFIG_PATH) return json(200, { lookups: {}, ...(me.ok && { signedIn: true }) });
    if (url === IDENTITY_PATH) return me;
    if (url === TEAM_ITEMS_PATH && init?.method === 'POST') return create(JSON.parse(init.body as string) as Record<string, unknown>);
    return json(404, { error: { message: 'not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderShare(path: string) {
  const operation = f.operations[0];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ShareAnswer lookup={f} operation={operation} params={{ make: 'toyota' }} response={response} answer={answer} masked />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Share… on an answer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing on a single-user server', async () => {
    const fetchMock = serve(json(404, { error: { message: 'no' } }), () => json(500, {}));
    renderShare('/lookups/f?make=toyota&run=1');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(LOOKUP_CONFIG_PATH, expect.anything()));
    expect(fetchMock).not.toHaveBeenCalledWith(IDENTITY_PATH, expect.anything());
    expect(screen.queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
  });

  it('stores the answer as shown (masked) as a team snapshot and gives a link to copy', async () => {
    const posted: Array<Record<string, unknown>> = [];
    serve(json(200, { user: 'alice', admin: false }), (body) => {
      posted.push(body);
      return json(201, created('snap-0001', body.body as TeamItem['body']));
    });
    renderShare('/lookups/f?make=toyota&run=1&view=map&layers=team%3Asnap-0009&stored=h1');
    await userEvent.click(await screen.findByRole('button', { name: 'Share…' }));
    const link = await screen.findByRole('textbox', { name: 'Link to the snapshot' });
    expect(link).toHaveValue(`${window.location.origin}/shared/snap-0001`);
    expect(link).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    // An already shared layer stays in the link; this browser's stored answer id does not travel.
    const live = screen.getByRole('textbox', { name: /asks the lookup again/ });
    expect(String((live as HTMLInputElement).value)).toMatch(/^http.*\/lookups\/f\?make=toyota&run=1.*layers=team%3Asnap-0009/);
    expect(String((live as HTMLInputElement).value)).not.toMatch(/stored=/);

    expect(posted).toHaveLength(1);
    const [sent] = posted;
    expect(sent).toMatchObject({ kind: 'snapshot', visibility: 'team', title: 'F. Car specifications · make=toyota' });
    const body = sent!.body as { masked: boolean; response: LookupResponse };
    expect(body.masked).toBe(true);
    // Only what the page showed: the masked body, as its text too; never the name as received.
    expect(body.response.body).toEqual([{ owner: 'Person 1 (this answer)' }]);
    expect(JSON.stringify(sent)).not.toContain('Jane Roe');
  });

  it("says which quota refused the snapshot, in the server's words", async () => {
    serve(json(200, { user: 'alice', admin: false }), () =>
      json(429, { error: { code: 'quota', quota: 'item-bytes', message: 'Your items may take 5 MB in all', limit: 5, used: 5 } }),
    );
    renderShare('/lookups/f?make=toyota&run=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Share…' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not share: Your items may take 5 MB in all');
  });
});
