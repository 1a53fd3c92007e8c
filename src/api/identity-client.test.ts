import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_PATH } from '../lookups/team-wire.ts';
import { fetchIdentity } from './identity-client.ts';

function answer(status: number, body: unknown, type = 'application/json'): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': type } });
}

describe('fetchIdentity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the signed-in user from /me', async () => {
    const fetchMock = vi.fn(async () => answer(200, { user: 'alice', admin: false }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchIdentity()).resolves.toEqual({ user: 'alice', admin: false });
    expect(fetchMock).toHaveBeenCalledWith(IDENTITY_PATH, expect.objectContaining({ headers: { accept: 'application/json' } }));
  });

  it.each([
    ['a single-user server (404)', answer(404, { error: { message: 'not found' } })],
    ['no one signed in (401)', answer(401, { error: { message: 'sign in' } })],
    ['a page instead of JSON', answer(200, '<!doctype html>', 'text/html')],
    ['JSON that is not an identity', answer(200, { user: '' })],
  ])('is null for %s', async (_what, response) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => response),
    );
    await expect(fetchIdentity()).resolves.toBeNull();
  });

  it('is null when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchIdentity()).resolves.toBeNull();
  });
});
