// How a tool call reaches a lookup: as a request to this server's own /proxy, over a loopback
// connection to the address and port the MCP request arrived on, carrying the caller's
// credentials (Authorization, the session cookie, a trusted proxy's user header) and the Host the
// guard accepted. So it takes the very path a page's request takes, with nothing left out: the
// request guard, the access gate naming the user, budgets, rate limits and the answer cache per
// user, masking per LOOKUP_MASK, the key attached and scrubbed, the audit line. It never asks for
// unmasked data (no `X-Lookup-Mask: off`), and says it comes from an assistant (`X-Lookup-Client:
// mcp`), which the audit line carries as `client`.
import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { proxyUrl } from '../../lookups/wire.ts';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import type { LookupRequest } from '../../lookups/request.ts';
import { CLIENT_HEADER } from '../team/audit-log.ts';
import { AnswerReader, READ_WHOLE_BYTES } from './answer-reader.ts';

/** What the proxy answered. */
export interface ProxyAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The answer was larger than a result needs: only its first `records` records were read (`bytesRead` bytes), the rest never fetched. */
  cut?: { records: number; bytesRead: number };
}

/** How far a call has read its answer (for progress notifications). */
export interface ReadSoFar {
  bytes: number;
  records: number;
}

/** One lookup request of a tool call. */
export interface ProxyCall {
  lookup: AnyLookup;
  operation: AnyOperation;
  request: LookupRequest;
  /** The records the result needs (its window's end, and one more to tell whether more follow). */
  recordsWanted: number;
  /** Aborted when the client cancels the call: the request, the proxy's answer and its upstream call stop. */
  signal?: AbortSignal | undefined;
  /** Called as the answer arrives. */
  onRead?: ((read: ReadSoFar) => void) | undefined;
}

/** Sends one lookup request through the proxy, on behalf of one MCP caller. */
export type ProxyCaller = (call: ProxyCall) => Promise<ProxyAnswer>;

/**
 * The most of an answer read back. A result carries at most MAX_RECORD_LIMIT records (and 96 KB of
 * them), so a JSON answer is read only until the records the result needs are in hand
 * (answer-reader.ts); this bounds the rest: an answer whose records cannot be followed as they
 * arrive (XML) is refused past it (at once when the Content-Length says so). M's 10,000 calls are 4.7 MB.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** The answer was larger than a tool call reads (`limit` bytes) and none of its records could be taken: nothing of it is returned. */
export class AnswerTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The answer is larger than ${limit} bytes`);
    this.name = 'AnswerTooLargeError';
  }
}

/** One keep-alive pool for every loopback call of this process. */
const loopbackAgent = new Agent({ keepAlive: true, maxSockets: 16 });

export interface LoopbackTarget {
  /** The address and port this server answered the MCP request on. */
  address: string;
  port: number;
  /** The Host header to send (the one the guard accepted for the MCP request). */
  host: string;
  /** The caller's credentials and identity headers, passed on as they came. */
  headers: Readonly<Record<string, string>>;
}

/** Headers of the MCP request that say who the caller is; nothing else of it is passed on. */
const IDENTITY_HEADERS = ['authorization', 'cookie'] as const;

/** Where to send a tool call made during `req`: the same server, as the same caller. */
export function loopbackTargetOf(req: IncomingMessage, userHeader?: string): LoopbackTarget {
  const headers: Record<string, string> = {};
  const names: string[] = [...IDENTITY_HEADERS, ...(userHeader ? [userHeader.toLowerCase()] : [])];
  for (const name of names) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const address = req.socket.localAddress ?? '127.0.0.1';
  return {
    // A wildcard-bound server still answered on a concrete address; an IPv4-mapped one is dialled as IPv4.
    address: address.startsWith('::ffff:') ? address.slice(7) : address,
    port: req.socket.localPort ?? 80,
    host: req.headers.host ?? `127.0.0.1:${req.socket.localPort ?? 80}`,
    headers,
  };
}

export function loopbackCaller(target: LoopbackTarget, maxAnswerBytes = MAX_ANSWER_BYTES, readWholeBytes = READ_WHOLE_BYTES): ProxyCaller {
  return ({ lookup, operation, request: lookupRequest, recordsWanted, signal, onRead }) =>
    new Promise<ProxyAnswer>((resolve, reject) => {
      const body = lookupRequest.method === 'POST' ? Buffer.from(JSON.stringify(lookupRequest.body ?? {})) : undefined;
      const req = httpRequest(
        {
          host: target.address,
          port: target.port,
          method: lookupRequest.method,
          path: proxyUrl(lookup, lookupRequest),
          agent: loopbackAgent,
          headers: {
            ...target.headers,
            host: target.host,
            accept: 'application/json, application/xml;q=0.9, */*;q=0.1',
            [CLIENT_HEADER]: 'mcp',
            ...(body && { 'content-type': 'application/json', 'content-length': String(body.length) }),
          },
          ...(signal && { signal }),
        },
        (res) => {
          const answer = (fields: Pick<ProxyAnswer, 'body' | 'cut'>) => ({ status: res.statusCode ?? 0, headers: res.headers, ...fields });
          // Closing the connection stops the proxy's answer (and its upstream call) too.
          const stop = () => {
            res.destroy();
            req.destroy();
          };
          const reader = new AnswerReader(operation, String(res.headers['content-type'] ?? ''), {
            recordsWanted,
            wholeBytes: readWholeBytes,
            maxBytes: maxAnswerBytes,
          });
          if (!reader.splittable && Number(res.headers['content-length'] ?? 0) > maxAnswerBytes) {
            reject(new AnswerTooLargeError(maxAnswerBytes));
            return stop();
          }
          res.on('data', (chunk: Buffer) => {
            const step = reader.push(chunk);
            onRead?.({ bytes: reader.bytes, records: reader.records });
            if (step === 'more') return;
            const cut = step === 'enough' ? reader.cut() : undefined;
            if (cut) resolve(answer({ body: cut, cut: { records: reader.records, bytesRead: reader.bytes } }));
            else reject(new AnswerTooLargeError(maxAnswerBytes));
            stop();
          });
          res.on('end', () => resolve(answer({ body: reader.whole() })));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}
