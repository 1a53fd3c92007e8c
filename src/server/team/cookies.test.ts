// @vitest-environment node
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, readCookie, sessionCookie } from './cookies.ts';

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, for the whole site, as long as the session', () => {
    expect(sessionCookie('abc', { secure: false, maxAgeSeconds: 43_200 })).toBe(
      'lookup_session=abc; Path=/; Max-Age=43200; HttpOnly; SameSite=Strict',
    );
  });

  it('is Secure when the browser came over https', () => {
    expect(sessionCookie('abc', { secure: true, maxAgeSeconds: 60 })).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('is dropped on sign-out', () => {
    expect(clearedSessionCookie(true)).toBe('lookup_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure');
  });

  it('is read among other cookies', () => {
    const req = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as IncomingMessage;
    expect(readCookie(req('a=1; lookup_session=xyz; b=2'), 'lookup_session')).toBe('xyz');
    expect(readCookie(req('lookup_session="quoted"'), 'lookup_session')).toBe('quoted');
    expect(readCookie(req('xlookup_session=no'), 'lookup_session')).toBeUndefined();
    expect(readCookie(req(), 'lookup_session')).toBeUndefined();
  });
});
