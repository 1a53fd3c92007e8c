// @vitest-environment node
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createJobIdentity, JOB_SECRET_HEADER, JOB_USER_HEADER } from './job-identity.ts';

function request(headers: Record<string, string>, remoteAddress = '127.0.0.1'): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe('a job row’s identity', () => {
  it('names the owner only with this process’s own secret, on loopback', () => {
    const identity = createJobIdentity();
    const headers = identity.headers('alice@example');
    expect(identity.userOf(request(headers))).toBe('alice@example');
    expect(identity.userOf(request(headers, '::1'))).toBe('alice@example');
    expect(identity.userOf(request(headers, '10.0.0.5'))).toBeUndefined();
    expect(identity.userOf(request({ ...headers, [JOB_SECRET_HEADER]: 'guess' }))).toBeUndefined();
    expect(identity.userOf(request({ [JOB_USER_HEADER]: 'alice' }))).toBeUndefined();
    // Another process (another identity) cannot speak for this one.
    expect(createJobIdentity().userOf(request(headers))).toBeUndefined();
  });
});
