// The audit log: one JSON line per proxied request, to stdout or LOOKUP_AUDIT_FILE, written by pino
// (asynchronously, lines coalesced into few writes under load, flushed at exit). Who asked which
// lookup, how it was answered and what it cost: never a parameter value (they can be personal:
// H takes a person's name), never a path or URL (they hold the values), never a key. The
// parameters are named by a SHA-256 of their normalised form, so two lines about the same
// question can be matched without saying what it was.
//
// On a server with the team layer this line replaces the proxy's plain request log (one line per
// request, not two).
// Refusals at the access gate are written here too, rate-limited (gate-audit.ts).
import { pino, type DestinationStream, type Logger } from 'pino';

/** `gate`: refused at the access gate (no user; see gate-audit.ts). `item`: a change to a team item (items/item-audit.ts). */
export type AuditSource = 'live' | 'demo' | 'cache' | 'proxy' | 'gate' | 'job' | 'item';

/** A team item as its audit line names it: never its body (which can hold parameter values). */
export interface AuditedItem {
  id: string;
  kind: string;
  title: string;
  owner: string;
  visibility: 'private' | 'team';
  version: number;
}

export interface AuditEntry {
  user: string;
  /** The lookup's letter; undefined when the path named none (a refused request). */
  lookup: string | undefined;
  operation: string | undefined;
  method: string;
  status: number;
  /** Bytes of the answer's body sent to the browser. */
  bytes: number;
  durationMs: number;
  /** Who answered: the provider, the demo, the cache, or the proxy itself (a refusal). */
  source: AuditSource;
  /** Left of the lookup's budget after this request (live calls of a lookup with a budget). */
  budgetLeft?: number | undefined;
  userBudgetLeft?: number | undefined;
  /** SHA-256 (hex) of the normalised parameters; undefined when they did not parse. */
  paramsHash: string | undefined;
  /** Gate refusals only: the client address (or IPv6 /64). */
  address?: string | undefined;
  /** A refusal's code (the gate's, or the team layer's: `budget_exhausted`, `budget_store_reset`…). */
  code?: string | undefined;
  /** Gate refusals only: how many like this one were left out since the last line (rate limit). */
  suppressed?: number | undefined;
  /** The kind of client, when not the app's pages (`mcp`: an assistant through /mcp). */
  client?: AuditClient | undefined;
  /** Server-side jobs (source `job`): which job, and what its user did (started, cancelled, downloaded). */
  job?: string | undefined;
  action?:
    | 'job-start'
    | 'job-cancel'
    | 'job-download'
    | 'watch-start'
    | 'watch-stop'
    | 'item-create'
    | 'item-share'
    | 'item-edit'
    | 'item-delete'
    | undefined;
  /** Team items (source `item`): which item was created, shared, edited or deleted. */
  item?: AuditedItem | undefined;
}

export type AuditLog = (entry: AuditEntry) => void;

/** The request facts of a line that is not about a proxied request (a refusal at the gate, a job's or an item's action). */
export const NO_REQUEST_FACTS = { lookup: undefined, operation: undefined, bytes: 0, durationMs: 0, paramsHash: undefined } as const;

/**
 * Request header naming the kind of client that sent a proxied request, when it is not the app's
 * own pages: `mcp` for the MCP endpoint's calls (src/server/mcp/). A label the caller states, as a
 * User-Agent is; the audit line carries it as `client`.
 */
export const CLIENT_HEADER = 'x-lookup-client';
/** The clients the audit line names; anything else in the header is not written. */
export const AUDIT_CLIENTS = ['mcp'] as const;
export type AuditClient = (typeof AUDIT_CLIENTS)[number];

/** The client a request's header names, when it is one the audit log knows. */
export function auditClientOf(headers: { readonly [name: string]: string | string[] | undefined }): AuditClient | undefined {
  const value = headers[CLIENT_HEADER];
  return AUDIT_CLIENTS.find((client) => client === value);
}

/** pino over `destination` (default: LOOKUP_AUDIT_FILE or stdout); a test passes a stream of its own. */
export function createAuditLog(options: { file?: string; destination?: DestinationStream } = {}): {
  log: AuditLog;
  flush(): void;
  logger: Logger;
} {
  const destination =
    options.destination ?? pino.destination({ dest: options.file ?? 1, sync: false, mkdir: options.file !== undefined, append: true });
  const logger = pino(
    {
      base: null,
      // No level field (every line is an audit record), so the time opens the line: no leading comma.
      timestamp: () => `"time":"${new Date().toISOString()}"`,
      messageKey: 'event',
      formatters: { level: () => ({}) },
    },
    destination,
  );
  const log: AuditLog = (entry) => {
    // Fields named one by one: nothing else from the request can slip into the line.
    logger.info({
      user: entry.user,
      lookup: entry.lookup ?? null,
      operation: entry.operation ?? null,
      method: entry.method,
      status: entry.status,
      bytes: entry.bytes,
      durationMs: entry.durationMs,
      source: entry.source,
      budgetLeft: entry.budgetLeft ?? null,
      ...(entry.userBudgetLeft !== undefined && { userBudgetLeft: entry.userBudgetLeft }),
      paramsHash: entry.paramsHash ?? null,
      ...(entry.address !== undefined && { address: entry.address }),
      ...(entry.code !== undefined && { code: entry.code }),
      ...(entry.suppressed !== undefined && { suppressed: entry.suppressed }),
      ...(entry.client !== undefined && { client: entry.client }),
      ...(entry.job !== undefined && { job: entry.job }),
      ...(entry.action !== undefined && { action: entry.action }),
      ...(entry.item !== undefined && {
        item: {
          id: entry.item.id,
          kind: entry.item.kind,
          title: entry.item.title,
          owner: entry.item.owner,
          visibility: entry.item.visibility,
          version: entry.item.version,
        },
      }),
    });
  };
  return { log, flush: () => logger.flush(), logger };
}
