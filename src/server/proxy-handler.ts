// The key-attaching proxy: one node:http handler mounted by the Vite dev server, `vite preview`,
// the production server and the demo upstream server. It refuses anything the spec does not
// allow, answers from the live provider or the demo, and scrubs the key from what it returns.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyLookup, LookupId } from '../lookups/define-lookup.ts';
import { isRecord } from '../lookups/adapters.ts';
import { defaultKeyPlacement, PROXY_PREFIX, WIRE_HEADERS } from '../lookups/wire.ts';
import type { LookupMode, ServerConfig } from './config.ts';
import type { DemoGenerator } from '../demo/demo-types.ts';
import { callDemo } from './demo-upstream.ts';
import { BodyTooLargeError, readBody, sendError, splitTarget } from './http-io.ts';
import { keyScrubber } from './key-scrubber.ts';
import { callUpstream, type UpstreamOutcome } from './live-upstream.ts';
import { parseParams, routeRequest, type Refusal } from './proxy-route.ts';

/** Handles a request when it is its own; resolves to false to let the next handler try. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface ProxyOptions {
  lookups: readonly AnyLookup[];
  generators: Partial<Record<LookupId, DemoGenerator>>;
  config: ServerConfig;
  /** Path the proxy answers under; '' serves `/<slug>/…` directly (the demo upstream server). */
  prefix?: string;
  /** One line per request: method, path without query, status, ms. Never a key. */
  log?: (line: string) => void;
}

const MAX_CLIENT_BODY_BYTES = 1024 * 1024;

/** Answers a refusal (origin `proxy`: no upstream was asked); true, since the request was this handler's to answer. */
function refuse(res: ServerResponse, refusal: Refusal): true {
  const { status, code, message, fields, headers } = refusal;
  sendError(res, status, { origin: 'proxy', code, message, ...(fields && { fields }) }, headers);
  return true;
}

async function readJsonBody(req: IncomingMessage): Promise<{ ok: true; body: Record<string, unknown> } | Refusal> {
  let text: string;
  try {
    text = (await readBody(req, MAX_CLIENT_BODY_BYTES)).toString('utf8');
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, status: 413, code: 'body_too_large', message: error.message };
    throw error;
  }
  if (text.trim() === '') return { ok: true, body: {} };
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) return { ok: true, body };
  } catch {
    // Answered below, with the same message as a non-object body.
  }
  return { ok: false, status: 400, code: 'invalid_body', message: 'The request body must be a JSON object' };
}

export function createProxyHandler(options: ProxyOptions): RequestHandler {
  const prefix = options.prefix ?? PROXY_PREFIX;
  const log = options.log ?? ((line: string) => console.log(line));
  const allKeys = Object.values(options.config.lookups).flatMap((mode) => (mode.mode === 'live' ? [mode.key] : []));
  // Log lines may echo a path a client typed a key into; every configured key is scrubbed from them.
  const logScrub = keyScrubber(allKeys);
  const owns = (path: string) => (prefix === '' ? path.startsWith('/') : path === prefix || path.startsWith(`${prefix}/`));

  return async (req, res) => {
    const { path, query } = splitTarget(req.url ?? '/');
    if (!owns(path)) return false;
    const method = req.method ?? 'GET';
    const started = performance.now();
    res.on('close', () => {
      // 499 (as nginx logs it): the browser went away before the answer was complete.
      const status = res.writableFinished ? res.statusCode : 499;
      log(logScrub.text(`${method} ${path} ${status} ${Math.round(performance.now() - started)}ms`));
    });

    const route = routeRequest(options.lookups, method, path.slice(prefix.length));
    if (!route.ok) return refuse(res, route);
    const mode: LookupMode = options.config.lookups[route.lookup.id] ?? { mode: 'demo', keyPlacement: defaultKeyPlacement(route.lookup.keyTransport) };
    const scrub = keyScrubber(mode.mode === 'live' ? [mode.key] : []);

    const body = route.operation.method === 'POST' ? await readJsonBody(req) : undefined;
    if (body && !body.ok) return refuse(res, body);
    const parsed = parseParams(route.operation, route.pathParams, query, body?.body);
    if (!parsed.ok) return refuse(res, parsed);

    const clientGone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) clientGone.abort();
    });
    const upstreamStarted = performance.now();
    // Live and demo receive the same parsed, normalised values: the provider as the request
    // buildRequest made of them, the demo generator as the values themselves.
    const outcome: UpstreamOutcome =
      mode.mode === 'live'
        ? await callUpstream({
            live: mode,
            request: parsed.request,
            clientHeaders: req.headers,
            timeoutMs: options.config.timeoutMs,
            maxBytes: options.config.maxBytes,
            clientGone: clientGone.signal,
          })
        : callDemo(options.generators[route.lookup.id], route.lookup, route.operation, parsed.params);
    const upstreamMs = (performance.now() - upstreamStarted).toFixed(1);
    if (outcome.kind === 'client-gone') return true;

    const proxyHeaders = {
      [WIRE_HEADERS.source]: mode.mode,
      [WIRE_HEADERS.upstreamMs]: upstreamMs,
      'server-timing': `upstream;dur=${upstreamMs}`,
      'cache-control': 'no-store',
    };
    if (outcome.kind === 'failure') {
      const origin = mode.mode === 'live' ? 'upstream' : 'demo';
      sendError(res, outcome.status, { origin, code: outcome.code, message: scrub.text(outcome.message) }, proxyHeaders);
      return true;
    }

    const responseBody = scrub.bytes(outcome.body);
    const headers = Object.fromEntries(Object.entries(outcome.headers).map(([name, value]) => [name, scrub.text(value)]));
    res.writeHead(outcome.status, { ...headers, ...proxyHeaders, 'content-length': String(responseBody.length) });
    res.end(responseBody);
    return true;
  };
}
