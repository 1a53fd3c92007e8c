// The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page or
// form sends it), Path=/, Secure when the browser came over https, and a Max-Age equal to the
// session's life in the store.
import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'lookup_session';

/** A cookie's value from the request's Cookie header(s), or undefined. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name)
      return part
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

export interface CookieOptions {
  secure: boolean;
  maxAgeSeconds: number;
}

export function sessionCookie(value: string, { secure, maxAgeSeconds }: CookieOptions): string {
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** Tells the browser to drop the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', { secure, maxAgeSeconds: 0 });
}
