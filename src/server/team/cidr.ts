// LOOKUP_TRUSTED_PROXIES: the peers whose forwarding headers (X-Forwarded-User, -Proto, -For) are
// believed. A comma- or space-separated list of CIDRs or single addresses, IPv4 and IPv6; an
// IPv4 peer seen on a dual-stack socket as ::ffff:a.b.c.d matches the IPv4 ranges.
import { BlockList, isIP } from 'node:net';

export interface AddressMatcher {
  /** Whether `address` (as node:net reports a peer: IPv4, IPv6, ::ffff:-mapped) is in one of the ranges. */
  matches(address: string | undefined): boolean;
  /** The ranges as given, for messages. */
  readonly ranges: readonly string[];
}

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An IPv4-mapped IPv6 address as plain IPv4; other addresses unchanged (zone index dropped). */
export function plainAddress(address: string): string {
  const unzoned = address.replace(/%.*$/, '');
  return MAPPED_IPV4.exec(unzoned)?.[1] ?? unzoned;
}

/** Parses the list; throws an Error naming the first entry that is not a CIDR or address. */
export function parseCidrList(text: string): AddressMatcher {
  const list = new BlockList();
  const ranges = text.split(/[\s,]+/).filter((entry) => entry !== '');
  for (const range of ranges) {
    const [rawAddress = '', prefixText, extra] = range.split('/');
    const address = plainAddress(rawAddress.replace(/^\[(.*)\]$/, '$1'));
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
    if (family === 0 || extra !== undefined || !(prefix >= 0 && prefix <= bits))
      throw new Error(`${JSON.stringify(range)} is not an IPv4 or IPv6 address or CIDR (such as 10.0.0.0/8, 127.0.0.1 or fd00::/8)`);
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    ranges,
    matches(peer) {
      if (!peer || ranges.length === 0) return false;
      const address = plainAddress(peer);
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
