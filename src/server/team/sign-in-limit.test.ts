// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory-store.ts';
import { createSignInLimiter, limitedPrefix } from './sign-in-limit.ts';

describe('failed sign-ins', () => {
  it('allow five failures a minute per address, then ask to wait until the minute ends', async () => {
    let now = 60_000 * 1000 + 15_000;
    const limiter = createSignInLimiter(
      createMemoryStore(() => now),
      { now: () => now },
    );
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

  it('counts an IPv6 client by its /64, so walking through its addresses does not reset the count', async () => {
    const now = 60_000 * 1000;
    const limiter = createSignInLimiter(
      createMemoryStore(() => now),
      { now: () => now },
    );
    for (let i = 1; i <= 5; i++) expect(await limiter.failed(`2001:db8:1:2::${i.toString(16)}`)).toBeUndefined();
    expect(await limiter.blocked('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(60);
    expect(await limiter.blocked('2001:db8:1:3::1')).toBeUndefined();
  });
});

describe('limitedPrefix', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2::5', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::7', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s → %s', (address, prefix) => {
    expect(limitedPrefix(address)).toBe(prefix);
  });
});
