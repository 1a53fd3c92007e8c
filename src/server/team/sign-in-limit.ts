// Failed sign-ins (a wrong token on /sign-in or in a Bearer header) are counted per client address
// in the shared store, in fixed windows: after `attempts` failures in a window every further try
// from that address is refused with 429 and Retry-After until the window ends, whichever
// instance it reaches.
import type { SharedStore } from './store-types.ts';

export const SIGN_IN_ATTEMPTS = 5;
export const SIGN_IN_WINDOW_MS = 60_000;

export interface SignInLimiter {
  /** Seconds to wait when `address` has used up its failures, else undefined. */
  blocked(address: string): Promise<number | undefined>;
  /** Counts a failure; seconds to wait when it was one too many, else undefined. */
  failed(address: string): Promise<number | undefined>;
}

export function createSignInLimiter(
  store: SharedStore,
  { attempts = SIGN_IN_ATTEMPTS, windowMs = SIGN_IN_WINDOW_MS, now = Date.now }: { attempts?: number; windowMs?: number; now?: () => number } = {},
): SignInLimiter {
  const window = () => {
    const time = now();
    const index = Math.floor(time / windowMs);
    const endsAt = (index + 1) * windowMs;
    return { index, endsAt, retryAfter: Math.max(1, Math.ceil((endsAt - time) / 1000)) };
  };
  const keyOf = (address: string, index: number) => `sign-in-failures:${address}:${index}`;
  return {
    async blocked(address) {
      const { index, retryAfter } = window();
      return (await store.count(keyOf(address, index))) >= attempts ? retryAfter : undefined;
    },
    async failed(address) {
      const { index, endsAt, retryAfter } = window();
      const { allowed } = await store.reserve(keyOf(address, index), attempts, endsAt);
      return allowed ? undefined : retryAfter;
    },
  };
}
