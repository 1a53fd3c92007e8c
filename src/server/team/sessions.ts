// Browser sessions in the shared store, so a cookie set by one instance is honoured by every other
// (and ended everywhere by signing out). The cookie holds a random 256-bit id; the store keeps
// only its SHA-256 (key `session:<hex>`), so reading the store does not yield a usable cookie.
import { createHash, randomBytes } from 'node:crypto';
import type { SharedStore } from './store-types.ts';

/** The cookie value: 32 random bytes, base64url. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

interface SessionRecord {
  user: string;
  /** Epoch ms. */
  since: number;
}

export interface Sessions {
  /** Starts a session for `user`; resolves the id to put in the cookie. */
  start(user: string): Promise<string>;
  /** The user of a session id, or undefined when it is unknown, expired or malformed. */
  userOf(id: string | undefined): Promise<string | undefined>;
  end(id: string | undefined): Promise<void>;
  readonly ttlMs: number;
}

const keyOf = (id: string) => `session:${createHash('sha256').update(id).digest('hex')}`;

export function createSessions(store: SharedStore, ttlMs: number, now: () => number = Date.now): Sessions {
  return {
    ttlMs,
    async start(user) {
      const id = randomBytes(32).toString('base64url');
      const record: SessionRecord = { user, since: now() };
      await store.setBytes(keyOf(id), Buffer.from(JSON.stringify(record)), ttlMs);
      return id;
    },
    async userOf(id) {
      if (!id || !SESSION_ID.test(id)) return undefined;
      const bytes = await store.getBytes(keyOf(id));
      if (!bytes) return undefined;
      try {
        const record = JSON.parse(bytes.toString('utf8')) as Partial<SessionRecord>;
        return typeof record.user === 'string' ? record.user : undefined;
      } catch {
        return undefined;
      }
    },
    async end(id) {
      if (id && SESSION_ID.test(id)) await store.delete(keyOf(id));
    },
  };
}
