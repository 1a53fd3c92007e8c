// The stdio server's private proxy port (stdio.ts) is a loopback port like any other: any program
// of any user on the machine could send it requests, and it attaches the lookups' keys. So it
// answers only requests carrying a secret this process made at start (32 random bytes, never
// written anywhere, compared in constant time) in a header the proxy never passes on to a provider.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { refusal, sendRefusal } from '../http/refusal.ts';

export const LOOPBACK_SECRET_HEADER = 'x-lookup-mcp-secret';

export interface LoopbackSecret {
  /** The header every request of this process's own MCP server carries. */
  headers: Readonly<Record<string, string>>;
  /** Answers 403 and returns true for a request without the secret; false lets it on. */
  refuse(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createLoopbackSecret(): LoopbackSecret {
  const expected = Buffer.from(randomBytes(32).toString('hex'), 'utf8');
  const admits = (req: IncomingMessage) => {
    const sent = req.headers[LOOPBACK_SECRET_HEADER];
    if (typeof sent !== 'string') return false;
    const given = Buffer.from(sent, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return {
    headers: { [LOOPBACK_SECRET_HEADER]: expected.toString('utf8') },
    refuse(req, res) {
      if (admits(req)) return false;
      sendRefusal(res, refusal(403, 'forbidden', 'This port answers only the MCP server that opened it'));
      return true;
    },
  };
}
