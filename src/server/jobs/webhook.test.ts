// @vitest-environment node
import { once } from 'node:events';
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { postWebhook, webhookKey, webhookSignature } from './webhook.ts';

describe('the webhook signature (Standard Webhooks)', () => {
  it('is v1, and the base64 HMAC-SHA256 of id.timestamp.body under a whsec_ secret’s key', () => {
    // The standard's published example: this secret, id, timestamp and body give this signature.
    const key = webhookKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    expect(webhookSignature(key, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('takes any other secret’s UTF-8 bytes as the key', () => {
    expect(webhookKey('plain secret')).toEqual(Buffer.from('plain secret'));
    expect(webhookKey('whsec_not base64!')).toEqual(Buffer.from('whsec_not base64!'));
  });
});

describe('a webhook try', () => {
  async function receiver(status: number) {
    const seen: { headers: Record<string, string>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ headers: req.headers as Record<string, string>, body });
        res.writeHead(status).end();
      });
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, seen, close: () => server.close() };
  }

  it('sends what the standard’s own library verifies, with either kind of secret', async () => {
    const hook = await receiver(204);
    const message = { id: 'msg_one', body: JSON.stringify({ event: 'watch.changed', counts: { added: 1 } }) };
    const standard = `whsec_${Buffer.from('a key of thirty-two bytes, or so!').toString('base64')}`;
    await postWebhook({ url: hook.url, secret: standard }, message);
    await postWebhook({ url: hook.url, secret: 'plain-secret' }, message);
    hook.close();
    const [first, second] = hook.seen;
    expect(first!.headers['webhook-id']).toBe('msg_one');
    expect(Math.abs(Number(first!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(new Webhook(standard).verify(first!.body, first!.headers)).toEqual({ event: 'watch.changed', counts: { added: 1 } });
    expect(new Webhook('plain-secret', { format: 'raw' }).verify(second!.body, second!.headers)).toEqual({
      event: 'watch.changed',
      counts: { added: 1 },
    });
    // Another secret, another body, or an old try fails.
    expect(() => new Webhook('other-secret', { format: 'raw' }).verify(second!.body, second!.headers)).toThrow(/No matching signature/);
    expect(() => new Webhook('plain-secret', { format: 'raw' }).verify(`${second!.body} `, second!.headers)).toThrow(
      /No matching signature/,
    );
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    const replayed = {
      ...second!.headers,
      'webhook-timestamp': String(old),
      'webhook-signature': webhookSignature(webhookKey('plain-secret'), 'msg_one', old, second!.body),
    };
    expect(() => new Webhook('plain-secret', { format: 'raw' }).verify(second!.body, replayed)).toThrow(/too old/);
  });

  it('throws when the receiver does not take it, so the queue tries again', async () => {
    const hook = await receiver(503);
    await expect(postWebhook({ url: hook.url }, { id: 'msg_two', body: '{}' })).rejects.toThrow('HTTP 503');
    hook.close();
    expect(hook.seen[0]!.headers['webhook-signature']).toBeUndefined();
  });
});
