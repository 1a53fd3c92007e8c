// Failed sign-ins (a wrong token on /sign-in or in a Bearer header) are counted per client address
// in the shared store, in fixed windows: after `attempts` failures in a window every further try
// from that address, with the right token too, is refused with 429 and Retry-After until the
// window ends, whichever instance it reaches (the gate asks `blocked` before it looks at a token).
// An IPv6 client is counted by its /64 prefix (one host usually holds a whole /64, so counting
// single addresses would let it guess on and grow the store by a key per address it picks).
// Keys expire with their window, so the store holds at most one per client prefix per minute.
import { isIP } from 'node:net';
import { plainAddress } from './cidr.ts';
import type { SharedStore } from './store-types.ts';

export const SIGN_IN_ATTEMPTS = 5;
export const SIGN_IN_WINDOW_MS = 60_000;

/** What failures are counted under: an IPv4 address as is, an IPv6 address by its first 64 bits. */
export function limitedPrefix(address: string): string {
  const plain = plainAddress(address);
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail] = plain.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An IPv4-style tail (::1.2.3.4) is two groups; only the first four groups matter here.
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface SignInLimiter {
  /** Seconds to wait when `address` has used up its failures, else undefined. */
  blocked(address: string): Promise<number | undefined>;
  /** Counts a failure; seconds to wait when it was one too many, else undefined. */
  failed(address: string): Promise<number | undefined>;
}

export function createSignInLimiter(
  store: SharedStore,
  {
    attempts = SIGN_IN_ATTEMPTS,
    windowMs = SIGN_IN_WINDOW_MS,
    now = Date.now,
  }: { attempts?: number; windowMs?: number; now?: () => number } = {},
): SignInLimiter {
  const window = () => {
    const time = now();
    const index = Math.floor(time / windowMs);
    const endsAt = (index + 1) * windowMs;
    return { index, endsAt, retryAfter: Math.max(1, Math.ceil((endsAt - time) / 1000)) };
  };
  const keyOf = (address: string, index: number) => `sign-in-failures:${limitedPrefix(address)}:${index}`;
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
