// @vitest-environment node
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseCidrList } from './cidr.ts';
import { cameOverHttps, clientAddress } from './forwarded.ts';

const proxies = parseCidrList('10.0.0.0/8');
const request = (remoteAddress: string, headers: Record<string, string> = {}, encrypted = false) =>
  ({ socket: { remoteAddress, ...(encrypted && { encrypted: true }) }, headers }) as unknown as IncomingMessage;

describe('forwarding headers', () => {
  it('believe X-Forwarded-Proto only from a trusted proxy', () => {
    expect(cameOverHttps(request('10.0.0.5', { 'x-forwarded-proto': 'https' }), proxies)).toBe(true);
    expect(cameOverHttps(request('::ffff:10.0.0.5', { 'x-forwarded-proto': 'HTTPS, http' }), proxies)).toBe(true);
    expect(cameOverHttps(request('10.0.0.5', { 'x-forwarded-proto': 'http' }), proxies)).toBe(false);
    expect(cameOverHttps(request('203.0.113.9', { 'x-forwarded-proto': 'https' }), proxies)).toBe(false);
    expect(cameOverHttps(request('203.0.113.9', {}, true), proxies)).toBe(true);
  });

  it('take the client address from X-Forwarded-For only behind a trusted proxy, nearest untrusted hop first', () => {
    expect(clientAddress(request('203.0.113.9', { 'x-forwarded-for': '1.2.3.4' }), proxies)).toBe('203.0.113.9');
    expect(clientAddress(request('10.0.0.5', { 'x-forwarded-for': '1.2.3.4' }), proxies)).toBe('1.2.3.4');
    // The client wrote the first entry itself; the proxy appended the real peer.
    expect(clientAddress(request('10.0.0.5', { 'x-forwarded-for': '9.9.9.9, 198.51.100.2, 10.0.0.7' }), proxies)).toBe('198.51.100.2');
    expect(clientAddress(request('10.0.0.5', {}), proxies)).toBe('10.0.0.5');
    expect(clientAddress(request('::ffff:203.0.113.9'), proxies)).toBe('203.0.113.9');
  });
});
