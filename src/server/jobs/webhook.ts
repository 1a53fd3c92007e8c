// The watchlists' webhook, signed the Standard Webhooks way: every try of a delivery carries
// `webhook-id` (the same on each try, so a receiver drops what it has seen), `webhook-timestamp`
// (this try's Unix seconds, so a receiver refuses old ones) and, with LOOKUP_WEBHOOK_SECRET,
// `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, which
// binds the id and the time to the body. Signed here with node:crypto: the scheme is one HMAC, and
// the standard's own library (a dependency of the tests only) verifies what this signs.
import { createHmac } from 'node:crypto';

export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

/** A Standard Webhooks secret: `whsec_` and the base64 of the key. */
const STANDARD_SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/** The HMAC key of LOOKUP_WEBHOOK_SECRET: a `whsec_` secret's base64 decoded, any other text its UTF-8 bytes. */
export function webhookKey(secret: string): Buffer {
  const standard = STANDARD_SECRET.exec(secret);
  return standard ? Buffer.from(standard[1]!, 'base64') : Buffer.from(secret, 'utf8');
}

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>`. */
export function webhookSignature(key: Buffer, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;
}

/** One message: the same id and body on every try. */
export interface WebhookMessage {
  id: string;
  body: string;
}

/** One try, signed at `now`: resolves when the receiver took it (2xx), throws otherwise (the queue tries again later). */
export async function postWebhook(webhook: { url: string; secret?: string }, message: WebhookMessage, now = Date.now()): Promise<void> {
  const timestamp = Math.floor(now / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'lookup-explorer-watch',
    [WEBHOOK_ID_HEADER]: message.id,
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
  };
  if (webhook.secret) headers[WEBHOOK_SIGNATURE_HEADER] = webhookSignature(webhookKey(webhook.secret), message.id, timestamp, message.body);
  const response = await fetch(webhook.url, { method: 'POST', headers, body: message.body, signal: AbortSignal.timeout(10_000) });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the receiver answered HTTP ${response.status}`);
}
