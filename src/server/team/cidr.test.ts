// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseCidrList, plainAddress } from './cidr.ts';

describe('LOOKUP_TRUSTED_PROXIES', () => {
  const proxies = parseCidrList('10.0.0.0/8, 192.168.1.7 fd00::/8,[::1]');

  it.each([
    ['10.1.2.3', true],
    ['::ffff:10.1.2.3', true],
    ['::FFFF:10.255.255.255', true],
    ['11.0.0.1', false],
    ['::ffff:11.0.0.1', false],
    ['192.168.1.7', true],
    ['192.168.1.8', false],
    ['fd12:3456::1', true],
    ['fe80::1%eth0', false],
    ['::1', true],
    ['not an address', false],
    [undefined, false],
  ])('%s is trusted: %s', (address, trusted) => {
    expect(proxies.matches(address)).toBe(trusted);
  });

  it('trusts nobody when empty', () => {
    const none = parseCidrList('');
    expect(none.ranges).toEqual([]);
    expect(none.matches('127.0.0.1')).toBe(false);
  });

  it.each(['10.0.0.0/33', 'fd00::/129', '10.0.0/8', 'example.com', '10.0.0.0/8/1', '10.0.0.0/x'])('refuses %s', (entry) => {
    expect(() => parseCidrList(`127.0.0.1, ${entry}`)).toThrow(`${JSON.stringify(entry)} is not an IPv4 or IPv6 address or CIDR`);
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(plainAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});
