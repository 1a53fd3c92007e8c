// A job's rows go through the server's own front door, as a page's requests do (access gate,
// budgets, cache, masking, audit log), on a loopback connection that carries the job owner's name.
// What makes that name believable is a secret made at start and never shown: a request naming a
// user without it is treated like any other request (the gate asks for a token). With several
// server processes on one port (LOOKUP_WORKERS), a row's loopback request may be accepted by a
// sibling process, so the primary makes the secret once and hands it to every worker
// (JOB_SECRET_ENV); a lone process makes its own.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const JOB_SECRET_HEADER = 'x-lookup-job-secret';
export const JOB_USER_HEADER = 'x-lookup-job-user';
/** Set by the primary of several server processes (server-processes.ts) for its workers only. */
export const JOB_SECRET_ENV = 'LOOKUP_INTERNAL_JOB_SECRET';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export interface JobIdentity {
  /** The headers a row's request carries to act as `user`. */
  headers(user: string): Record<string, string>;
  /** The user a request acts for, when it is one of this process's own rows; else undefined. */
  userOf(req: IncomingMessage): string | undefined;
}

/** A fresh secret for one process, or for the workers of one primary to share. */
export function newJobSecret(): string {
  return randomBytes(32).toString('hex');
}

export function createJobIdentity(shared: string | undefined = process.env[JOB_SECRET_ENV]): JobIdentity {
  const text = shared && shared.length >= 32 ? shared : newJobSecret();
  return {
    headers: (user) => ({ [JOB_SECRET_HEADER]: text, [JOB_USER_HEADER]: encodeURIComponent(user) }),
    userOf(req) {
      const sent = req.headers[JOB_SECRET_HEADER];
      const user = req.headers[JOB_USER_HEADER];
      if (typeof sent !== 'string' || typeof user !== 'string' || !user) return undefined;
      if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) return undefined;
      const given = Buffer.from(sent, 'utf8');
      if (given.length !== Buffer.byteLength(text) || !timingSafeEqual(given, Buffer.from(text, 'utf8'))) return undefined;
      try {
        return decodeURIComponent(user);
      } catch {
        return undefined;
      }
    },
  };
}
