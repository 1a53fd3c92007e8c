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

/** Every value of a header, as sent (node:http joins a repeated unknown header with ", "). */
export function headerValues(req: IncomingMessage, name: string): string[] {
  const raw = req.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) values.push(raw[i + 1]!);
  return values;
}

export function fromTrustedProxy(req: IncomingMessage, proxies: AddressMatcher): boolean {
  return proxies.matches(req.socket.remoteAddress);
}

/** The scheme a trusted proxy says the browser used (X-Forwarded-Proto), lower case; undefined from anyone else. */
export function forwardedProto(req: IncomingMessage, proxies: AddressMatcher): string | undefined {
  if (!fromTrustedProxy(req, proxies)) return undefined;
  // A chain of proxies appends; the first is what the browser used.
  return firstHeader(req, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() || undefined;
}

/** Whether the browser's connection was https: a TLS socket, or X-Forwarded-Proto: https from a trusted proxy. */
export function cameOverHttps(req: IncomingMessage, proxies: AddressMatcher): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  return forwardedProto(req, proxies) === 'https';
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
