// The key-attaching proxy: one node:http handler mounted by the Vite dev server, `vite preview`,
// the production server and the demo upstream server. It refuses anything the spec does not
// allow, answers from the live provider or the demo, and scrubs the key from what it returns.
//
// Everything that can be decided before the first request is decided in createProxyHandler: the
// slug table, each lookup's mode and key scrubber, which operations transform their bodies, the
// pooled upstream connections. A request then costs its route check, one schema parse, one
// upstream call and one streamed answer. An answer is read whole only to be masked, or to be kept
// by the answer cache (at most MAX_KEPT_BYTES); everything else streams (decision 015).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AnyLookup, AnyOperation, LookupId } from '../lookups/define-lookup.ts';
import { defaultKeyPlacement, PROXY_PREFIX, WIRE_HEADERS } from '../lookups/wire.ts';
import type { BodyTransform, BodyTransformHooks, StreamBodyTransform, StreamedBody } from './body-transform.ts';
import type { LookupMode, ServerConfig } from './config.ts';
import type { DemoGenerator } from '../demo/demo-types.ts';
import { callDemo } from './demo-upstream.ts';
import type { RequestHandler } from './http/handler-types.ts';
import { readJsonObject } from './http/read-body.ts';
import { refusal, sendRefusal, type Refusal } from './http/refusal.ts';
import { splitTarget } from './http/request-target.ts';
import { keyScrubber, type KeyScrubber } from './key-scrubber.ts';
import {
  Cancellation,
  createLiveUpstream,
  describeUpstreamError,
  timedOut,
  type LiveUpstream,
  type UpstreamFailure,
} from './live-upstream.ts';
import { deliver, discard, type DeliveryOptions, type TransformedBody, type Transformer as BodyTransformer } from './proxy-response.ts';
import { createRouter, parseParams } from './proxy-route.ts';
import { sameOrigin } from './request-guard.ts';
import { PROXY_SECURITY_HEADERS } from './security-headers.ts';
import { serverLog } from './server-log.ts';
import type { ExchangeFacts, LiveTicket, TeamProxy } from './team/team-proxy.ts';

export interface ProxyOptions extends BodyTransformHooks {
  lookups: readonly AnyLookup[];
  generators: Partial<Record<LookupId, DemoGenerator>>;
  config: ServerConfig;
  /** Path the proxy answers under; '' serves `/<slug>/…` directly (the demo upstream server). */
  prefix?: string;
  /**
   * One line per request: method, path without query, status, ms. Never a key. Defaults to the
   * server log's `proxy` part (server-log.ts), written in batches so a slow terminal or pipe never
   * holds a request up.
   */
  log?: (line: string) => void;
  /**
   * The team layer (issue 14): the answer cache, budgets, rate and concurrency limits before a live
   * call, and one audit line (which then replaces `log`'s line) and the metrics for every request.
   */
  team?: TeamProxy;
}

const MAX_CLIENT_BODY_BYTES = 1024 * 1024;
/**
 * The largest answer the answer cache is handed: a larger one streams to the browser uncached,
 * rather than being held whole in memory and written to the shared store (Redis) whole.
 */
export const MAX_KEPT_BYTES = 8 * 1024 * 1024;

/** Answers a refusal (origin `proxy`: no upstream was asked); true, since the request was this handler's to answer. */
function refuse(res: ServerResponse, refused: Refusal): true {
  sendRefusal(res, refused, PROXY_SECURITY_HEADERS);
  return true;
}

/**
 * Another site's page must not spend calls: an `<img>` or a no-cors fetch reaches the proxy with
 * GET, which the request guard lets through as a safe method. Refused: a browser's word that the
 * request is cross-site or same-site (another port, another subdomain), or a foreign Origin.
 * Direct navigation (`Sec-Fetch-Site: none`), the app's own fetches and programs (no header) pass.
 */
function foreignRequest(req: IncomingMessage): Refusal | undefined {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site')
    return refusal(
      403,
      'cross_site_request',
      `A request to the proxy from another site (Sec-Fetch-Site: ${site}) is refused: send it from this app's own pages`,
    );
  const origin = req.headers.origin;
  if (origin !== undefined && !sameOrigin(origin, req.headers.host ?? ''))
    return refusal(403, 'cross_site_request', "A request to the proxy from another origin is refused: send it from this app's own pages");
  return undefined;
}

/** What the handler knows about a lookup from start-up on. */
interface LookupRuntime {
  mode: LookupMode;
  scrub: KeyScrubber;
}

/** Everything createProxyHandler decides once, shared by every request. */
interface Setup {
  prefix: string;
  log: (line: string) => void;
  logScrub: KeyScrubber;
  timeoutMs: number;
  maxBytes: number;
  route: ReturnType<typeof createRouter>;
  runtimes: Map<AnyLookup, LookupRuntime>;
  generators: ProxyOptions['generators'];
  live: LiveUpstream | undefined;
  transformBody: BodyTransform | undefined;
  streamBody: ProxyOptions['streamBody'];
  /** Per operation: whether its JSON answers go through transformBody (filled on first use). */
  transforming: Map<AnyOperation, boolean>;
  transformsBody: ProxyOptions['transformsBody'];
  demoMask: ProxyOptions['demoMask'];
  /** The key of masking's pseudonyms (ServerConfig.maskSecret), handed to the demo's thread with a masked task. */
  maskSecret: string;
  untransformed: ProxyOptions['untransformed'];
  team: TeamProxy | undefined;
}

/**
 * The default request log: the line as the message of an `info` line of the server log's `proxy`
 * part. The server log scrubs every line of the keys it was given, these included, so the line
 * is not scrubbed twice.
 */
function proxyLine(keys: readonly string[]): (line: string) => void {
  serverLog.configure({ keys });
  const log = serverLog.part('proxy');
  return (line) => log.info(line);
}

export function createProxyHandler(options: ProxyOptions): RequestHandler {
  const { timeoutMs, maxBytes } = options.config;
  const runtimes = new Map<AnyLookup, LookupRuntime>(
    options.lookups.map((lookup) => {
      const mode: LookupMode = options.config.lookups[lookup.id] ?? {
        mode: 'demo',
        keyPlacement: defaultKeyPlacement(lookup.keyTransport),
      };
      return [lookup, { mode, scrub: keyScrubber(mode.mode === 'live' ? [mode.key] : []) }];
    }),
  );
  const allKeys = [...runtimes.values()].flatMap(({ mode }) => (mode.mode === 'live' ? [mode.key] : []));
  const setup: Setup = {
    prefix: options.prefix ?? PROXY_PREFIX,
    log: options.log ?? proxyLine(allKeys),
    // Log lines may echo a path a client typed a key into; every configured key is scrubbed from
    // them (by the server log itself when it is the default).
    logScrub: keyScrubber(options.log ? allKeys : []),
    timeoutMs,
    maxBytes,
    route: createRouter(options.lookups),
    runtimes,
    generators: options.generators,
    live: allKeys.length > 0 ? createLiveUpstream({ timeoutMs }) : undefined,
    transformBody: options.transformBody,
    streamBody: options.streamBody,
    transforming: new Map(),
    transformsBody: options.transformsBody,
    demoMask: options.demoMask,
    maskSecret: options.config.maskSecret,
    untransformed: options.untransformed,
    team: options.team,
  };
  return (req, res) => handle(setup, req, res);
}

// The request path is module-level functions and one small class rather than closures made per
// request: besides the allocations, tsx (esbuild's keepNames) wraps every named closure in a
// defineProperty call, which showed in the profile.

function owns(prefix: string, path: string): boolean {
  return prefix === '' ? path.startsWith('/') : path === prefix || path.startsWith(`${prefix}/`);
}

function transformsFor(setup: Setup, lookup: AnyLookup, operation: AnyOperation): boolean {
  let applies = setup.transforming.get(operation);
  if (applies === undefined) {
    applies = setup.transformBody !== undefined && (setup.transformsBody?.(lookup, operation) ?? true);
    setup.transforming.set(operation, applies);
  }
  return applies;
}

function proxyHeaders(mode: LookupMode['mode'], since: number): Record<string, string> {
  const upstreamMs = (performance.now() - since).toFixed(1);
  return {
    [WIRE_HEADERS.source]: mode,
    [WIRE_HEADERS.upstreamMs]: upstreamMs,
    'server-timing': `upstream;dur=${upstreamMs}`,
    'cache-control': 'no-store',
  };
}

function sendFailure(
  res: ServerResponse,
  failure: UpstreamFailure,
  origin: DeliveryOptions['origin'],
  scrub: KeyScrubber,
  headers: Record<string, string>,
): true {
  const { status, code, message, cause } = failure;
  sendRefusal(res, refusal(status, code, scrub.text(message), { origin, ...(cause && { cause }) }), {
    ...headers,
    ...PROXY_SECURITY_HEADERS,
  });
  return true;
}

/** One request's state: the log line it ends with, and the upstream call it may have to cancel. */
class Exchange implements ExchangeFacts {
  readonly started = performance.now();
  cancellation: Cancellation | undefined;
  timer: NodeJS.Timeout | undefined;
  timeUp = false;
  // What the team layer's audit line and metrics say about the request (set as it is known).
  lookup: AnyLookup | undefined;
  operation: AnyOperation | undefined;
  request: ExchangeFacts['request'];
  source: LookupMode['mode'] | undefined;
  ticket: LiveTicket | undefined;
  readonly socketBytesAtStart: number;

  constructor(
    readonly setup: Setup,
    readonly method: string,
    readonly path: string,
    readonly res: ServerResponse,
  ) {
    this.socketBytesAtStart = setup.team ? (res.socket?.bytesWritten ?? 0) : 0;
  }

  /** The browser's connection closed: the answer is complete, or the browser went away. */
  closed(): void {
    const complete = this.res.writableFinished;
    if (!complete) this.cancellation?.abort();
    // 499 (as nginx logs it): the browser went away before the answer was complete.
    const status = complete ? this.res.statusCode : 499;
    // With the team layer's audit log, its line is this request's one line.
    if (this.setup.team?.record(this, status)) return;
    this.setup.log(this.setup.logScrub.text(`${this.method} ${this.path} ${status} ${Math.round(performance.now() - this.started)}ms`));
  }

  /** Starts the one timer that bounds the whole upstream exchange, body included. */
  startUpstream(): Cancellation {
    this.cancellation = new Cancellation();
    this.timer = setTimeout(timeUp, this.setup.timeoutMs, this);
    return this.cancellation;
  }

  /** DeliveryOptions.errors: the failure to report for an error met on the way. */
  describe(error: unknown): UpstreamFailure {
    return this.timeUp ? timedOut(this.setup.timeoutMs) : describeUpstreamError(error);
  }
}

function timeUp(exchange: Exchange): void {
  exchange.timeUp = true;
  exchange.cancellation?.abort();
}

/** The demo's failures while its answer is delivered (a transform that throws, say). */
const demoErrors = {
  describe(error: unknown): UpstreamFailure {
    return { kind: 'failure', status: 502, code: 'demo_failed', message: `The demo upstream failed: ${(error as Error).message}` };
  },
};

class Transformer {
  constructor(
    readonly transformBody: BodyTransform,
    readonly streamBody: StreamBodyTransform | undefined,
    readonly lookup: AnyLookup,
    readonly operation: AnyOperation,
    readonly source: LookupMode['mode'],
    readonly status: number,
    readonly requestHeaders: IncomingHttpHeaders,
  ) {}

  transform(bytes: Buffer, contentType: string, owned?: boolean): TransformedBody | Promise<TransformedBody> {
    const { lookup, operation, source, status, requestHeaders } = this;
    return this.transformBody(lookup, operation, bytes, { source, status, contentType, requestHeaders, ...(owned && { owned }) });
  }

  stream(contentType: string, maxBytes: number): StreamedBody | undefined {
    const { lookup, operation, source, status, requestHeaders } = this;
    return this.streamBody?.(lookup, operation, { source, status, contentType, requestHeaders }, maxBytes);
  }
}

/** A transformer that sends the body as it is, with headers (an answer unmasked on request, when the cache keeps it). */
class Untouched implements BodyTransformer {
  constructor(readonly headers: Readonly<Record<string, string>>) {}

  transform(bytes: Buffer): TransformedBody {
    return { body: bytes, headers: this.headers };
  }
}

async function handle(setup: Setup, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const { path, query } = splitTarget(req.url ?? '/');
  if (!owns(setup.prefix, path)) return false;
  const exchange = new Exchange(setup, req.method ?? 'GET', path, res);
  res.on('close', () => exchange.closed());
  const foreign = foreignRequest(req);
  if (foreign) return refuse(res, foreign);

  const routed = setup.route(exchange.method, path.slice(setup.prefix.length));
  if (!routed.ok) return refuse(res, routed);
  const { lookup, operation } = routed;
  const { mode, scrub } = setup.runtimes.get(lookup)!;
  exchange.lookup = lookup;
  exchange.operation = operation;

  const body = operation.method === 'POST' ? await readJsonObject(req, MAX_CLIENT_BODY_BYTES) : undefined;
  if (body && !body.ok) return refuse(res, body);
  const parsed = parseParams(operation, routed.pathParams, query, body?.body);
  if (!parsed.ok) return refuse(res, parsed);
  if (res.destroyed) return true;
  exchange.request = parsed.request;
  exchange.source = mode.mode;

  const upstreamStarted = performance.now();
  const transform = setup.transformBody && transformsFor(setup, lookup, operation) ? setup.transformBody : undefined;
  const { live } = setup;
  if (mode.mode === 'demo' || !live) {
    // Live and demo receive the same parsed, normalised values: the demo generator the values
    // themselves, the provider the request buildRequest made of them.
    // The demo masks on its own thread when it can (demoMask); otherwise the transform runs here.
    const mask = transform && setup.demoMask ? setup.demoMask(req.headers) : undefined;
    const outcome = await callDemo(
      setup.generators[lookup.id],
      lookup,
      operation,
      parsed.params,
      mask === undefined ? undefined : { mask, maskSecret: setup.maskSecret },
    );
    if (outcome.kind === 'client-gone' || res.destroyed) return true;
    const headers = proxyHeaders(mode.mode, upstreamStarted);
    if (outcome.kind === 'failure') return sendFailure(res, outcome, 'demo', scrub, headers);
    if (outcome.masked !== undefined) headers[WIRE_HEADERS.masked] = String(outcome.masked);
    await deliver(res, outcome, {
      origin: 'demo',
      scrub,
      maxBytes: setup.maxBytes,
      proxyHeaders: headers,
      errors: demoErrors,
      ...(transform &&
        mask === undefined && {
          transformer: new Transformer(transform, undefined, lookup, operation, mode.mode, outcome.status, req.headers),
        }),
    });
    return true;
  }

  // The team layer: a cached answer, a refusal (budget, rate, store down), or go ahead with a ticket.
  const planned = setup.team?.plan({ req, res, lookup, operation, live: mode, request: parsed.request, scrub });
  // Most lookups have no cache, budget or limit: their plan is ready at once, without a turn of the microtask queue.
  const plan = planned instanceof Promise ? await planned : planned;
  const ticket = (exchange.ticket = plan?.ticket);
  if (plan?.answered) return true;
  if (plan?.cached) {
    // Stored as this request's variant gets it (masked or not): no transform on the way out.
    await deliver(res, plan.cached, {
      origin: 'upstream',
      scrub,
      maxBytes: setup.maxBytes,
      proxyHeaders: Object.assign(proxyHeaders(mode.mode, upstreamStarted), plan.ticket.headers),
      errors: exchange,
    });
    return true;
  }

  const cancellation = exchange.startUpstream();
  try {
    let answer;
    try {
      ticket?.sending();
      answer = await live.send({ live: mode, request: parsed.request, clientHeaders: req.headers, signal: cancellation });
      ticket?.answered();
    } catch (error) {
      ticket?.failed(error);
      if (res.destroyed) return true;
      return sendFailure(
        res,
        exchange.describe(error),
        'upstream',
        scrub,
        Object.assign(proxyHeaders(mode.mode, upstreamStarted), ticket?.headers),
      );
    }
    if (res.destroyed) {
      discard(answer.body);
      return true;
    }
    // A request that may have the answer as it is (unmasked) gets it streamed, not transformed.
    const untransformed = transform && setup.untransformed?.(req.headers);
    const transformer =
      transform && !untransformed
        ? new Transformer(transform, setup.streamBody, lookup, operation, mode.mode, answer.status, req.headers)
        : undefined;
    const inner = transformer ?? (untransformed ? new Untouched(untransformed) : undefined);
    // The cache's transformer keeps the answer and then applies `inner`; without a cache it is `inner` itself.
    const keeping = ticket?.transformer(inner, answer.status);
    await deliver(res, answer, {
      origin: 'upstream',
      scrub,
      maxBytes: setup.maxBytes,
      proxyHeaders: Object.assign(proxyHeaders(mode.mode, upstreamStarted), ticket?.headers),
      errors: exchange,
      ...(transformer && { transformer }),
      ...(untransformed && { jsonHeaders: untransformed }),
      ...(keeping && keeping !== inner && { keep: { transformer: keeping, upTo: MAX_KEPT_BYTES } }),
    });
    return true;
  } finally {
    clearTimeout(exchange.timer);
    ticket?.done();
  }
}
