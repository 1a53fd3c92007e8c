// Test helpers: a scriptable upstream on a random loopback port that records every hit, a server
// around a handler, and a raw HTTP client (fetch would normalise `..` and `%2e%2e` away).
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChainHandler } from '../http/handler-types.ts';

export interface UpstreamHit {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Resolves when the proxy closed the connection before the answer was complete. */
  aborted: Promise<void>;
}

export type Responder = (hit: UpstreamHit, req: IncomingMessage, res: ServerResponse) => void;

export interface RunningServer {
  url: string;
  port: number;
  close: () => Promise<void>;
}

async function listen(server: Server): Promise<RunningServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startUpstream(): Promise<RunningServer & { hits: UpstreamHit[]; respond: (responder: Responder) => void }> {
  const hits: UpstreamHit[] = [];
  let responder: Responder = (_hit, _req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  const server = createServer(async (req, res) => {
    let onAbort = () => {};
    const aborted = new Promise<void>((resolve) => (onAbort = resolve));
    res.on('close', () => {
      if (!res.writableFinished) onAbort();
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const hit = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString(), aborted };
    hits.push(hit);
    responder(hit, req, res);
  });
  return { ...(await listen(server)), hits, respond: (next) => (responder = next) };
}

export function serveHandler(handler: ChainHandler): Promise<RunningServer> {
  return listen(
    createServer((req, res) => {
      void Promise.resolve(handler(req, res)).then((handled) => {
        if (!handled) res.writeHead(404).end('not handled');
      });
    }),
  );
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Sends the path exactly as given (no normalisation) and reads the whole answer. */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
