// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory-store.ts';
import { createSignInLimiter } from './sign-in-limit.ts';

describe('failed sign-ins', () => {
  it('allow five failures a minute per address, then ask to wait until the minute ends', async () => {
    let now = 60_000 * 1000 + 15_000;
    const limiter = createSignInLimiter(createMemoryStore(() => now), { now: () => now });
    for (let i = 0; i < 5; i++) {
      expect(await limiter.blocked('198.51.100.1')).toBeUndefined();
      expect(await limiter.failed('198.51.100.1')).toBeUndefined();
    }
    expect(await limiter.blocked('198.51.100.1')).toBe(45);
    expect(await limiter.failed('198.51.100.1')).toBe(45);
    // Another address is not held up.
    expect(await limiter.blocked('198.51.100.2')).toBeUndefined();
    now += 44_500;
    expect(await limiter.blocked('198.51.100.1')).toBe(1);
    now += 500;
    expect(await limiter.blocked('198.51.100.1')).toBeUndefined();
  });
});
