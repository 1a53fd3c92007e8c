// Test helpers for the upstream fault corpus: a provider on a random loopback port that speaks raw
// TCP (so it can send what no HTTP library would: bad chunking, two Content-Lengths, status 999)
// and records every request it received, and a raw client that returns the exact bytes a browser
// would get, headers included.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface RawHit {
  method: string;
  target: string;
  /** Header names lower-case. */
  headers: Record<string, string>;
  /** The request head as it arrived. */
  head: string;
}

export type RawResponder = (socket: Socket, hit: RawHit) => void;

export interface FaultUpstream {
  url: string;
  port: number;
  hits: RawHit[];
  respond(responder: RawResponder): void;
  close(): Promise<void>;
}

export async function startFaultUpstream(): Promise<FaultUpstream> {
  const hits: RawHit[] = [];
  const sockets = new Set<Socket>();
  let responder: RawResponder = (socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}');
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      const head = buffered.slice(0, end);
      const [requestLine = '', ...lines] = head.split('\r\n');
      const [method = '', target = ''] = requestLine.split(' ');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const hit = { method, target, headers, head };
      hits.push(hit);
      responder(socket, hit);
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    respond: (next) => (responder = next),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface RawAnswer {
  /** Every byte the client received, as latin1 text (so no byte is lost to decoding). */
  raw: string;
  status: number;
  /** Header names lower-case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body, de-chunked when chunked (as much of it as arrived). */
  body: Buffer;
  /** False when the connection ended before the body was complete (declared length or final chunk missing). */
  complete: boolean;
}

function dechunk(data: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) return { body: Buffer.concat(parts), complete: false };
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) return { body: Buffer.concat(parts), complete: false };
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    const start = lineEnd + 2;
    parts.push(data.subarray(start, Math.min(start + size, data.length)));
    if (start + size + 2 > data.length) return { body: Buffer.concat(parts), complete: false };
    at = start + size + 2;
  }
}

/** One request on a fresh connection (`Connection: close`); resolves with everything that came back. */
export function rawExchange(port: number, path: string, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      const headEnd = data.indexOf('\r\n\r\n');
      if (headEnd === -1) return reject(new Error(`no HTTP answer: ${JSON.stringify(data.toString('latin1').slice(0, 200))}`));
      const [statusLine = '', ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      const rest = data.subarray(headEnd + 4);
      const chunked = /chunked/i.test(headers['transfer-encoding'] ?? '');
      const declared = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
      const { body, complete } = chunked ? dechunk(rest) : { body: rest, complete: declared === undefined || rest.length === declared };
      resolve({ raw: data.toString('latin1'), status: Number(statusLine.split(' ')[1]), headers, body, complete });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}
