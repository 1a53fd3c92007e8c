// The team layer inside the proxy, for live calls: the answer cache, budgets, the rate and
// concurrency queue, and, for every proxied request, the audit line and the metrics. The proxy
// asks `plan` before a live call and `record` when a request's connection closes; everything
// else happens here. Refusals are the proxy's own (origin `proxy`) and nothing reaches the
// provider: 429 `budget_exhausted` (with `resetsAt` and Retry-After), 429 `rate_limited` (the
// queue is full, with Retry-After), 503 `store_unavailable` (the shared store does not answer:
// budgets fail closed), 503 `budget_store_reset` (the store lost the budgets it kept: budgeted
// calls wait for an operator, budget-ledger.ts). The audit line of a refusal carries its code. Identical misses arriving together (same key, same variant) make one
// live call: the first goes out, the others wait for its answer and are served it as a hit,
// spending nothing; an answer that may not be cached sends each of them on its own way.
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
import {
  answerVariant,
  cacheKey,
  decodeEntry,
  encodeEntry,
  isCacheable,
  originTag,
  paramsHash,
  wantsFresh,
  type CachedAnswer,
} from './answer-cache.ts';
import { auditClientOf, type AuditLog, type AuditSource } from './audit-log.ts';
import { CONFIRM_COMMAND } from './budget-ledger.ts';
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
  /** The refusal's code, for the audit line. */
  refusalCode: string | undefined;
  hash: string | undefined;
  reservation: Reservation | undefined;
  slot: Slot | undefined;
  cacheKey: string | undefined;
  cacheTtlMs = 0;
  /** `age` of a cached answer, in seconds. */
  age: string | undefined;
  /** `x-lookup-masked` of a cached answer. */
  masked: string | undefined;
  /** Set while this ticket's call is the one others with the same key wait for. */
  leading: ((answer: CachedAnswer | undefined) => void) | undefined;
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
    if (!this.cacheState) return NO_HEADERS;
    if (this.age === undefined) return { [WIRE_HEADERS.cache]: this.cacheState };
    // A hit's `age` and masking ride with the proxy's own headers (the provider's are allow-listed).
    const headers: Record<string, string> = { [WIRE_HEADERS.cache]: this.cacheState, age: this.age };
    if (this.masked !== undefined) headers[WIRE_HEADERS.masked] = this.masked;
    return headers;
  }

  /** Tells those waiting on this call what it got (nothing to share: undefined), once. */
  lead(answer: CachedAnswer | undefined): void {
    const leading = this.leading;
    this.leading = undefined;
    leading?.(answer);
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
    this.lead(undefined);
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
      transform: async (bytes, contentType) => {
        const out = inner ? await inner.transform(bytes, contentType) : bytes;
        await this.keep(status, contentType, bytes, out);
        return out;
      },
    };
  }

  /**
   * Stores the answer as the browser gets it (masked as this request's variant is) before it is
   * answered, so the next request, on any instance, finds it; and hands it to those waiting.
   */
  private async keep(status: number, contentType: string, raw: Buffer, out: TransformedBody): Promise<void> {
    if (!isCacheable(this.operation, status, contentType, raw)) return;
    const body = Buffer.isBuffer(out) ? out : out.body;
    const masked = Buffer.isBuffer(out) ? undefined : out.headers[WIRE_HEADERS.masked];
    // Scrubbed before it is stored: a provider that echoes the key never puts it in Redis.
    const answer: CachedAnswer = { status, contentType, storedAt: Date.now(), masked, body: this.scrub.bytes(body) };
    this.lead(answer);
    // A cache that cannot be written is no reason to fail an answer that arrived.
    await this.team.store.setBytes(this.cacheKey!, encodeEntry(answer), this.cacheTtlMs).catch(() => undefined);
  }
}

// Errors of the connection phase: the request was never written, so the call cost nothing.
const NOT_SENT =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN|UND_ERR_CONNECT_TIMEOUT|ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED)/;
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
  /** Answer from the cache, stored as this request's variant gets it (masked or not): the proxy delivers it as it is. */
  | { ticket: LiveTicket; answered?: undefined; cached: Answer & { body: Buffer; final: true } }
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

function refuse(
  ticket: LiveTicket,
  res: ServerResponse,
  status: number,
  { code, message, ...details }: { code: string; message: string } & Record<string, unknown>,
  headers: Record<string, string>,
): void {
  ticket.refused = true;
  ticket.refusalCode = code;
  if (res.destroyed) return;
  sendRefusal(res, refusal(status, code, message, { details }), { ...headers, ...PROXY_SECURITY_HEADERS });
}

const STORE_RESET = (id: LookupId, noticedAt: number) => ({
  code: 'budget_store_reset',
  message: `The budget store (Redis) lost the budgets it kept, so what lookup ${id} has already spent is unknown: budgeted live calls are refused until an operator runs \`${CONFIRM_COMMAND}\`. Nothing was sent to the provider; demo and cached answers still work.`,
  noticedAt: new Date(noticedAt).toISOString(),
});

const STORE_DOWN = {
  code: 'store_unavailable',
  message: 'The shared store (Redis) does not answer, so budgets cannot be checked: nothing was sent to the provider. Try again shortly.',
};

export class TeamProxy {
  readonly store: SharedStore;
  readonly budgets: Budgets;
  private readonly origins = new Map<string, string>();
  /** The live calls under way for a cache key, each with the answer it will share. */
  private readonly inflight = new Map<string, Promise<CachedAnswer | undefined>>();

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
      const key = cacheKey(lookup, operation, this.originOf(live.baseUrl), ticket.hash, answerVariant(req.headers));
      if (wantsFresh(req.headers['cache-control'])) ticket.cacheState = 'bypass';
      else {
        const entry =
          (await this.inflight.get(key)) ??
          (await this.store.getBytes(key).then(
            (bytes) => bytes && decodeEntry(bytes),
            (error: unknown) => {
              if (isStoreUnavailable(error)) return undefined; // read as a miss; the budget check below fails closed
              throw error;
            },
          )) ??
          // Another request for the same key may have started its call while this one read the store.
          (await this.inflight.get(key));
        if (entry) return this.hit(ticket, lookup, entry);
        ticket.cacheState = 'miss';
        this.follow(ticket, key);
      }
      const result = ticket.cacheState;
      this.options.metrics.cache.inc(`${lookup.id} ${result}`, () => ({ lookup: lookup.id, result }));
      ticket.cacheKey = key;
      ticket.cacheTtlMs = settings.cacheTtlMs;
    }

    const user = userOfRequest(req);
    try {
      const outcome = await this.budgets.reserve(lookup.id, settings, user);
      if (!outcome.ok && 'reset' in outcome) {
        refuse(ticket, res, 503, STORE_RESET(lookup.id, outcome.reset.noticedAt), ticket.headers);
        ticket.lead(undefined);
        return { ticket, answered: true };
      }
      if (!outcome.ok) {
        const { state, scope } = outcome;
        const resetsAt = new Date(state.resetsAt).toISOString();
        const whose = scope === 'user' ? `Your budget for lookup ${lookup.id}` : `The budget for lookup ${lookup.id}`;
        refuse(
          ticket,
          res,
          429,
          {
            code: 'budget_exhausted',
            message: `${whose} (${state.limit} live calls per ${state.period}) is spent; it resets at ${resetsAt}. Nothing was sent to the provider.`,
            resetsAt,
            scope,
          },
          { 'retry-after': String(secondsUntil(state.resetsAt, Date.now())), ...ticket.headers },
        );
        ticket.lead(undefined);
        return { ticket, answered: true };
      }
      ticket.reservation = outcome.reservation;

      const limiter = this.options.limiters.get(lookup.id);
      if (limiter) {
        const admission = await limiter.acquire((cancel) => res.once('close', cancel));
        if (!admission.ok) {
          await this.budgets.release(outcome.reservation);
          ticket.reservation = undefined;
          const why = admission.reason === 'queue_full' ? 'too many requests are already waiting' : 'the wait would be too long';
          refuse(
            ticket,
            res,
            429,
            {
              code: 'rate_limited',
              message: `Lookup ${lookup.id} is at its rate or concurrency limit and ${why}: try again in ${admission.retryAfterSeconds} s. Nothing was sent to the provider.`,
            },
            { 'retry-after': String(admission.retryAfterSeconds), ...ticket.headers },
          );
          ticket.lead(undefined);
          return { ticket, answered: true };
        }
        ticket.slot = admission.slot;
      }
    } catch (error) {
      if (!isStoreUnavailable(error)) {
        ticket.lead(undefined);
        throw error;
      }
      await ticket.unsend();
      ticket.done();
      refuse(ticket, res, 503, STORE_DOWN, { 'retry-after': '5', ...ticket.headers });
      ticket.lead(undefined);
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

  private hit(ticket: LiveTicket, lookup: AnyLookup, entry: CachedAnswer): LivePlan {
    ticket.cacheState = 'hit';
    ticket.age = String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000)));
    this.options.metrics.cache.inc(`${lookup.id} hit`, () => ({ lookup: lookup.id, result: 'hit' }));
    ticket.masked = entry.masked;
    return { ticket, cached: { status: entry.status, headers: { 'content-type': entry.contentType }, body: entry.body, final: true } };
  }

  /** Makes this miss's call the one later identical misses wait for, until it has an answer or gives up. */
  private follow(ticket: LiveTicket, key: string): void {
    const shared = new Promise<CachedAnswer | undefined>((resolve) => {
      ticket.leading = (answer) => {
        if (this.inflight.get(key) === shared) this.inflight.delete(key);
        resolve(answer);
      };
    });
    this.inflight.set(key, shared);
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
      code: ticket?.refusalCode,
      client: auditClientOf(res.req.headers),
    });
    return true;
  }
}
