// @vitest-environment node
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createJobIdentity, JOB_SECRET_HEADER, JOB_USER_HEADER, newJobSecret } from './job-identity.ts';

function request(headers: Record<string, string>, remoteAddress = '127.0.0.1'): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe('a job row’s identity', () => {
  it('names the owner only with this process’s own secret, on loopback', () => {
    const identity = createJobIdentity(undefined);
    const headers = identity.headers('alice@example');
    expect(identity.userOf(request(headers))).toBe('alice@example');
    expect(identity.userOf(request(headers, '::1'))).toBe('alice@example');
    expect(identity.userOf(request(headers, '10.0.0.5'))).toBeUndefined();
    expect(identity.userOf(request({ ...headers, [JOB_SECRET_HEADER]: 'guess' }))).toBeUndefined();
    expect(identity.userOf(request({ [JOB_USER_HEADER]: 'alice' }))).toBeUndefined();
    // Another process (another identity) cannot speak for this one.
    expect(createJobIdentity(undefined).userOf(request(headers))).toBeUndefined();
  });

  it('is shared by the server processes of one primary, which may take each other’s rows', () => {
    const secret = newJobSecret();
    const headers = createJobIdentity(secret).headers('alice');
    expect(createJobIdentity(secret).userOf(request(headers))).toBe('alice');
    expect(createJobIdentity(newJobSecret()).userOf(request(headers))).toBeUndefined();
  });
});
