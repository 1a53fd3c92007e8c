import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_ITEMS_PATH, type QuotaRefusal, type StaleEdit, type TeamItem } from '../lookups/team-wire.ts';
import {
  createTeamItem,
  deleteTeamItem,
  editTeamItem,
  getTeamItem,
  listTeamItems,
  QuotaError,
  StaleEditError,
  TeamItemsError,
} from './team-items-client.ts';

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

const item: TeamItem = {
  id: 'item-0001',
  kind: 'query',
  visibility: 'team',
  title: 'SF crimes, first week of May',
  owner: 'alice',
  version: 2,
  createdAt: '2026-12-05T10:00:00.000Z',
  updatedAt: '2026-12-05T10:05:00.000Z',
  bytes: 64,
  body: { lookupId: 'l', search: '?run=1' },
};

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the team items client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists a scope and kind, passing the cursor of the page asked for', async () => {
    const { body: _body, ...summary } = item;
    const fetchMock = stubFetch(answer(200, { items: [summary], next: 'c2' }));
    await expect(listTeamItems({ scope: 'team', kind: 'query', cursor: 'c1' })).resolves.toEqual({ items: [summary], next: 'c2' });
    expect(fetchMock.mock.calls[0]![0]).toBe(`${TEAM_ITEMS_PATH}?scope=team&kind=query&cursor=c1`);
  });

  it('reads, creates and edits with JSON bodies and checks the answers', async () => {
    let fetchMock = stubFetch(answer(200, item));
    await expect(getTeamItem('item-0001')).resolves.toEqual(item);
    expect(fetchMock.mock.calls[0]![0]).toBe(`${TEAM_ITEMS_PATH}/item-0001`);

    fetchMock = stubFetch(answer(201, { ...item, version: 1 }));
    await createTeamItem({ kind: 'query', visibility: 'team', title: item.title, body: item.body });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      kind: 'query',
      visibility: 'team',
      title: item.title,
      body: item.body,
    });

    fetchMock = stubFetch(answer(200, { ...item, version: 3 }));
    await expect(editTeamItem('item-0001', { visibility: 'private', title: 'x', body: {}, version: 2 })).resolves.toMatchObject({
      version: 3,
    });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'PUT' });
  });

  it('deletes as of a version', async () => {
    const fetchMock = stubFetch(answer(204));
    await deleteTeamItem('item-0001', 4);
    expect(fetchMock.mock.calls[0]![0]).toBe(`${TEAM_ITEMS_PATH}/item-0001?version=4`);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'DELETE' });
  });

  it('turns a 409 into a stale-edit error carrying both versions', async () => {
    const stale: StaleEdit = {
      error: { code: 'stale_version', message: 'bob changed this item since version 2' },
      current: { ...item, version: 3, title: 'Bob’s title' },
      yours: { version: 2, title: 'My title', visibility: 'team', body: {} },
    };
    stubFetch(answer(409, stale));
    const error = await editTeamItem('item-0001', { visibility: 'team', title: 'My title', body: {}, version: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleEditError);
    expect((error as StaleEditError).current).toMatchObject({ version: 3, title: 'Bob’s title' });
    expect((error as StaleEditError).yours).toMatchObject({ version: 2, title: 'My title' });
    expect((error as StaleEditError).message).toBe('bob changed this item since version 2');
  });

  it("turns a 429 into the quota's words", async () => {
    const quota: QuotaRefusal = {
      error: { code: 'quota', quota: 'item-bytes', message: 'Your items may take 5 MB in all; they take 4.9 MB', limit: 5e6, used: 4.9e6 },
    };
    stubFetch(answer(429, quota));
    const error = await createTeamItem({ kind: 'snapshot', visibility: 'team', title: 't', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaError);
    expect(error).toMatchObject({ quota: 'item-bytes', message: 'Your items may take 5 MB in all; they take 4.9 MB', status: 429 });
  });

  it.each([
    [401, /not signed in/],
    [403, /Only its owner or an admin/],
    [404, /not on the server/],
    [500, /The item: boom/],
  ])('says plainly what HTTP %i means', async (status, words) => {
    stubFetch(answer(status, { error: { message: 'boom' } }));
    const error = await getTeamItem('item-0001').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TeamItemsError);
    expect((error as TeamItemsError).message).toMatch(words);
    expect((error as TeamItemsError).status).toBe(status);
  });

  it('refuses an answer that is not an item, and says when the server cannot be reached', async () => {
    stubFetch(answer(200, { id: 'x' }));
    await expect(getTeamItem('item-0001')).rejects.toThrow(/not a workspace item/);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(getTeamItem('item-0001')).rejects.toThrow(/could not be reached/);
  });
});
