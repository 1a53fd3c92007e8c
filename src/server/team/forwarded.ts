// What a request says about where it came from, believing forwarding headers only from
// LOOKUP_TRUSTED_PROXIES: whether the browser used https (Secure cookies) and the client's address
// (failed sign-in limits). From any other peer the socket is the truth.
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { plainAddress, type AddressMatcher } from './cidr.ts';

function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function fromTrustedProxy(req: IncomingMessage, proxies: AddressMatcher): boolean {
  return proxies.matches(req.socket.remoteAddress);
}

/** Whether the browser's connection was https: a TLS socket, or X-Forwarded-Proto: https from a trusted proxy. */
export function cameOverHttps(req: IncomingMessage, proxies: AddressMatcher): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!fromTrustedProxy(req, proxies)) return false;
  // A chain of proxies appends; the first is what the browser used.
  const proto = firstHeader(req, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}

/**
 * The client's address: the peer, or behind trusted proxies the nearest X-Forwarded-For entry
 * that is not one of them (entries further left are whatever the client claimed).
 */
export function clientAddress(req: IncomingMessage, proxies: AddressMatcher): string {
  const peer = plainAddress(req.socket.remoteAddress ?? 'unknown');
  if (!proxies.matches(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => plainAddress(hop.trim()))
    .filter((hop) => hop !== '');
  for (let i = hops.length - 1; i >= 0; i--) if (!proxies.matches(hops[i])) return hops[i]!;
  return hops[0] ?? peer;
}
