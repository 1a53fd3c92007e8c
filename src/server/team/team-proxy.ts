// The team layer inside the proxy, for live calls: the answer cache, budgets, the rate and
// concurrency queue, and, for every proxied request, the audit line and the metrics. The proxy
// asks `plan` before a live call and `record` when a request's connection closes; everything
// else happens here. Refusals are the proxy's own (origin `proxy`) and nothing reaches the
// provider: 429 `budget_exhausted` (with `resetsAt` and Retry-After), 429 `rate_limited` (the
// queue is full, with Retry-After), 503 `store_unavailable` (the shared store does not answer:
// budgets fail closed).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyLookup, AnyOperation, LookupId } from '../../lookups/define-lookup.ts';
import type { LookupRequest } from '../../lookups/request.ts';
import { WIRE_HEADERS, type CacheState } from '../../lookups/wire.ts';
import type { LookupMode } from '../config.ts';
import { refusal, sendRefusal } from '../http/refusal.ts';
import { PROXY_SECURITY_HEADERS } from '../security-headers.ts';
import type { KeyScrubber } from '../key-scrubber.ts';
import type { LiveMode } from '../live-upstream.ts';
import type { Answer, TransformedBody } from '../proxy-response.ts';
import { userOf } from './access.ts';
import { cacheKey, decodeEntry, encodeEntry, isCacheable, originTag, paramsHash, wantsFresh } from './answer-cache.ts';
import type { AuditLog, AuditSource } from './audit-log.ts';
import type { Budgets, Reservation } from './budgets.ts';
import type { LookupLimits } from './limits-config.ts';
import type { TeamMetrics } from './metrics.ts';
import { secondsUntil } from './periods.ts';
import type { Limiter, Slot } from './rate-queue.ts';
import { isStoreUnavailable } from './shared-store.ts';
import type { SharedStore } from './store-types.ts';

/** The user of a request: the access gate's, or `local` on a server without access control (loopback). */
export function userOfRequest(req: IncomingMessage): string {
  return userOf(req) ?? 'local';
}

/** What the proxy knows about a request when its connection closes (its Exchange). */
export interface ExchangeFacts {
  /** performance.now() when the request arrived. */
  readonly started: number;
  readonly method: string;
  readonly res: ServerResponse;
  lookup?: AnyLookup | undefined;
  operation?: AnyOperation | undefined;
  /** The normalised request, once the parameters parsed. */
  request?: LookupRequest | undefined;
  /** Who was asked: the configured mode, once the parameters parsed. */
  source?: LookupMode['mode'] | undefined;
  ticket?: LiveTicket | undefined;
  /** The connection's bytesWritten when the request arrived (a streamed answer's size is the difference). */
  readonly socketBytesAtStart?: number;
}

/** A ticket's headers when the lookup does not cache: one shared, frozen object (it is only ever read). */
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

type Transformer = { transform(bytes: Buffer, contentType: string): TransformedBody | Promise<TransformedBody> };

/** One live call's share of the team layer: its cache state, budget reservation and queue slot. */
export class LiveTicket {
  cacheState: CacheState | undefined;
  /** Set when the team layer answered itself (a refusal): the provider was not asked. */
  refused = false;
  hash: string | undefined;
  reservation: Reservation | undefined;
  slot: Slot | undefined;
  cacheKey: string | undefined;
  cacheTtlMs = 0;
  sentAt = 0;
  upstreamSeconds: number | undefined;
  private settled = false;

  constructor(
    private readonly team: TeamProxy,
    readonly operation: AnyOperation,
    readonly scrub: KeyScrubber,
  ) {}

  /** Headers for the browser: `x-lookup-cache`, when the lookup caches. */
  get headers(): Readonly<Record<string, string>> {
    return this.cacheState ? { [WIRE_HEADERS.cache]: this.cacheState } : NO_HEADERS;
  }

  /** The request is about to go to the provider. */
  sending(): void {
    this.sentAt = performance.now();
  }

  /** The provider's status and headers arrived. */
  answered(): void {
    this.upstreamSeconds = (performance.now() - this.sentAt) / 1000;
  }

  /** The call failed before an answer; if it never reached the provider (no connection), the budget and rate units go back. */
  failed(error: unknown): void {
    if (neverSent(error)) void this.unsend();
  }

  /** Gives back what was reserved for a call that was not sent. */
  async unsend(): Promise<void> {
    const { reservation, slot } = this;
    this.reservation = undefined;
    await Promise.all([reservation && this.team.budgets.release(reservation), slot?.unsend()]).catch(() => undefined);
  }

  /** The call is over: its concurrency slot goes back. */
  done(): void {
    if (this.settled) return;
    this.settled = true;
    this.slot?.release();
  }

  /**
   * The transformer the answer goes through: the proxy's own (masking), after keeping the raw
   * answer when it may be cached. Forces the answer to be read whole, which caching needs.
   */
  transformer(inner: Transformer | undefined, status: number): Transformer | undefined {
    if (!this.cacheKey) return inner;
    return {
      transform: (bytes, contentType) => {
        this.keep(status, contentType, bytes);
        return inner ? inner.transform(bytes, contentType) : bytes;
      },
    };
  }

  private keep(status: number, contentType: string, bytes: Buffer): void {
    const key = this.cacheKey!;
    if (!isCacheable(this.operation, status, contentType, bytes)) return;
    // Scrubbed before it is stored: a provider that echoes the key never puts it in Redis.
    const entry = encodeEntry({ status, contentType, storedAt: Date.now(), body: this.scrub.bytes(bytes) });
    // A cache that cannot be written is no reason to fail an answer that arrived.
    this.team.store.setBytes(key, entry, this.cacheTtlMs).catch(() => undefined);
  }
}

// Errors of the connection phase: the request was never written, so the call cost nothing.
const NOT_SENT = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN|UND_ERR_CONNECT_TIMEOUT|ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED)/;
function neverSent(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && NOT_SENT.test(code)) return true;
    current = cause;
  }
  return false;
}

export type LivePlan =
  /** The team layer answered (a refusal): nothing more to do. */
  | { ticket: LiveTicket; answered: true; cached?: undefined }
  /** Answer from the cache: the proxy delivers it (masking it as the request asks). */
  | { ticket: LiveTicket; answered?: undefined; cached: Answer & { body: Buffer } }
  /** Call the provider. */
  | { ticket: LiveTicket; answered?: undefined; cached?: undefined };

export interface PlanInput {
  req: IncomingMessage;
  res: ServerResponse;
  lookup: AnyLookup;
  operation: AnyOperation;
  live: LiveMode;
  request: LookupRequest;
  scrub: KeyScrubber;
}

export interface TeamProxyOptions {
  store: SharedStore;
  limits: Partial<Record<LookupId, LookupLimits>>;
  budgets: Budgets;
  limiters: ReadonlyMap<LookupId, Limiter>;
  /** Undefined: no audit line (the proxy writes its plain request log line instead). */
  audit?: AuditLog;
  metrics: TeamMetrics;
}

function refuse(res: ServerResponse, status: number, { code, message, ...details }: { code: string; message: string } & Record<string, unknown>, headers: Record<string, string>): void {
  if (res.destroyed) return;
  sendRefusal(res, refusal(status, code, message, { details }), { ...headers, ...PROXY_SECURITY_HEADERS });
}

const STORE_DOWN = { code: 'store_unavailable', message: 'The shared store (Redis) does not answer, so budgets cannot be checked: nothing was sent to the provider. Try again shortly.' };

export class TeamProxy {
  readonly store: SharedStore;
  readonly budgets: Budgets;
  private readonly origins = new Map<string, string>();

  constructor(private readonly options: TeamProxyOptions) {
    this.store = options.store;
    this.budgets = options.budgets;
  }

  /** Before a live call: the cache, the budgets, the queue, in that order (a cached answer costs nothing and waits for nothing). */
  plan(input: PlanInput): LivePlan | Promise<LivePlan> {
    const settings = this.options.limits[input.lookup.id];
    // No cache, budget or limit for this lookup: nothing to wait for, so no promise to wait on.
    if (!settings) return { ticket: new LiveTicket(this, input.operation, input.scrub) };
    return this.planLimited(input, settings);
  }

  private async planLimited({ req, res, lookup, operation, live, request, scrub }: PlanInput, settings: LookupLimits): Promise<LivePlan> {
    const ticket = new LiveTicket(this, operation, scrub);

    if (settings.cacheTtlMs && operation.method === 'GET' && operation.format === 'json') {
      ticket.hash = paramsHash(request);
      const key = cacheKey(lookup, operation, this.originOf(live.baseUrl), ticket.hash);
      if (wantsFresh(req.headers['cache-control'])) ticket.cacheState = 'bypass';
      else {
        const entry = await this.store.getBytes(key).then(
          (bytes) => bytes && decodeEntry(bytes),
          (error: unknown) => {
            if (isStoreUnavailable(error)) return undefined; // read as a miss; the budget check below fails closed
            throw error;
          },
        );
        if (entry) {
          ticket.cacheState = 'hit';
          this.options.metrics.cache.inc(`${lookup.id} hit`, () => ({ lookup: lookup.id, result: 'hit' }));
          const age = String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000)));
          return { ticket, cached: { status: entry.status, headers: { 'content-type': entry.contentType, age }, body: entry.body } };
        }
        ticket.cacheState = 'miss';
      }
      const result = ticket.cacheState;
      this.options.metrics.cache.inc(`${lookup.id} ${result}`, () => ({ lookup: lookup.id, result }));
      ticket.cacheKey = key;
      ticket.cacheTtlMs = settings.cacheTtlMs;
    }

    const user = userOfRequest(req);
    try {
      const outcome = await this.budgets.reserve(lookup.id, settings, user);
      if (!outcome.ok) {
        const { state, scope } = outcome;
        const resetsAt = new Date(state.resetsAt).toISOString();
        const whose = scope === 'user' ? `Your budget for lookup ${lookup.id}` : `The budget for lookup ${lookup.id}`;
        ticket.refused = true;
        refuse(
          res,
          429,
          { code: 'budget_exhausted', message: `${whose} (${state.limit} live calls per ${state.period}) is spent; it resets at ${resetsAt}. Nothing was sent to the provider.`, resetsAt, scope },
          { 'retry-after': String(secondsUntil(state.resetsAt, Date.now())), ...ticket.headers },
        );
        return { ticket, answered: true };
      }
      ticket.reservation = outcome.reservation;

      const limiter = this.options.limiters.get(lookup.id);
      if (limiter) {
        const admission = await limiter.acquire((cancel) => res.once('close', cancel));
        if (!admission.ok) {
          await this.budgets.release(outcome.reservation);
          ticket.reservation = undefined;
          ticket.refused = true;
          const why = admission.reason === 'queue_full' ? 'too many requests are already waiting' : 'the wait would be too long';
          refuse(
            res,
            429,
            { code: 'rate_limited', message: `Lookup ${lookup.id} is at its rate or concurrency limit and ${why}: try again in ${admission.retryAfterSeconds} s. Nothing was sent to the provider.` },
            { 'retry-after': String(admission.retryAfterSeconds), ...ticket.headers },
          );
          return { ticket, answered: true };
        }
        ticket.slot = admission.slot;
      }
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      await ticket.unsend();
      ticket.done();
      ticket.refused = true;
      refuse(res, 503, STORE_DOWN, { 'retry-after': '5', ...ticket.headers });
      return { ticket, answered: true };
    }
    if (res.destroyed) {
      // The browser left while waiting: nothing is sent, nothing is spent.
      await ticket.unsend();
      ticket.done();
      return { ticket, answered: true };
    }
    return { ticket };
  }

  private originOf(baseUrl: string): string {
    let tag = this.origins.get(baseUrl);
    if (tag === undefined) this.origins.set(baseUrl, (tag = originTag(baseUrl)));
    return tag;
  }

  /** The request is over (answered, or the browser left): its metrics, and its audit line; false when there is no audit log. */
  record(facts: ExchangeFacts, status: number): boolean {
    const { ticket, lookup, operation, request, res } = facts;
    const source: AuditSource = ticket?.refused || !facts.source ? 'proxy' : ticket?.cacheState === 'hit' ? 'cache' : facts.source;
    const lookupId = lookup?.id ?? 'none';
    // Label values hold no space (a letter or `none`, a source word, a number): joined by one, they are a key.
    this.options.metrics.requests.inc(`${lookupId} ${source} ${status}`, () => ({ lookup: lookupId, source, status }));
    if (ticket?.upstreamSeconds !== undefined) this.options.metrics.upstreamSeconds.observe(lookupId, ticket.upstreamSeconds);
    if (!this.options.audit) return false;
    const length = Number(res.getHeader('content-length'));
    this.options.audit({
      user: userOfRequest(res.req),
      lookup: lookup?.id,
      operation: operation?.id,
      method: facts.method,
      status,
      bytes: Number.isFinite(length) ? length : Math.max(0, (res.socket?.bytesWritten ?? 0) - (facts.socketBytesAtStart ?? 0)),
      durationMs: Math.round((performance.now() - facts.started) * 10) / 10,
      source,
      budgetLeft: ticket?.reservation?.left,
      userBudgetLeft: ticket?.reservation?.userLeft,
      paramsHash: ticket?.hash ?? (request ? paramsHash(request) : undefined),
    });
    return true;
  }
}
