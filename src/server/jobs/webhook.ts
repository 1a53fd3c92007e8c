// The watchlists' webhook: a JSON summary POSTed to LOOKUP_WEBHOOK_URL, signed with HMAC-SHA256 of
// the exact body bytes under LOOKUP_WEBHOOK_SECRET, sent as `X-Lookup-Signature: sha256=<hex>`
// (lower-case hex). A receiver recomputes it over the raw body and compares in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-lookup-signature';

export function signature(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether `header` is the signature of `body` under `secret`. */
export function verifySignature(secret: string, body: string | Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signature(secret, body));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Sends the summary (one retry after a second); resolves whether the receiver took it (2xx). */
export async function sendWebhook(webhook: { url: string; secret?: string }, summary: unknown, log: (line: string) => void): Promise<boolean> {
  const body = JSON.stringify(summary);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'lookup-explorer-watch' };
  if (webhook.secret) headers[SIGNATURE_HEADER] = signature(webhook.secret, body);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const response = await fetch(webhook.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
      await response.body?.cancel();
      if (response.ok) return true;
      log(`Watch webhook: the receiver answered HTTP ${response.status}`);
    } catch (error) {
      log(`Watch webhook: ${(error as Error).message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return false;
}
