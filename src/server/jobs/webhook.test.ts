// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { signature, verifySignature } from './webhook.ts';

describe('the webhook signature', () => {
  it('is sha256= and the lower-case hex HMAC-SHA256 of the body', () => {
    // RFC 4231-style published vector: HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog").
    expect(signature('key', 'The quick brown fox jumps over the lazy dog')).toBe('sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
  });

  it('verifies only the same body under the same secret', () => {
    const body = JSON.stringify({ event: 'watch.changed', counts: { added: 1 } });
    const header = signature('s3cret', body);
    expect(verifySignature('s3cret', body, header)).toBe(true);
    expect(verifySignature('s3cret', `${body} `, header)).toBe(false);
    expect(verifySignature('other', body, header)).toBe(false);
    expect(verifySignature('s3cret', body, undefined)).toBe(false);
    expect(verifySignature('s3cret', body, header.toUpperCase())).toBe(false);
  });
});
