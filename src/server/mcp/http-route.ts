// POST /mcp: the MCP server over Streamable HTTP, a route of the server core. Stateless (no
// session id): every JSON-RPC POST gets a fresh SDK server and transport, answered as JSON, so
// any instance or process can answer any request and nothing is kept between them. It sits after
// the access gate (a team server answers 401 without a valid bearer token before it is reached) and
// behind the request guard (Host checked against DNS rebinding; a POST must be JSON and come from
// no browser or from this origin, so another site's page cannot use it). GET (a server-sent event
// stream) and DELETE (ending a session) have nothing to do without sessions: 405. A tools/call is
// answered as a server-sent event stream (its log and progress notifications, then its result);
// what lasts between a caller's requests (its log level, its calls to cancel) is caller-state.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AnyLookup, LookupId } from '../../lookups/define-lookup.ts';
import type { ServerConfig } from '../config.ts';
import type { ChainHandler } from '../http/handler-types.ts';
import { readBody } from '../http/read-body.ts';
import { createRoutes } from '../http/routes.ts';
import { sendJson } from '../http/send-json.ts';
import { withServerOrigin } from '../openapi-origin.ts';
import { guardedOrigin } from '../request-guard.ts';
import type { AccessConfig } from '../team/access-config.ts';
import type { AuditLog } from '../team/audit-log.ts';
import type { ItemService } from '../team/items/item-service.ts';
import { fromTrustedProxy } from '../team/forwarded.ts';
import type { TeamLimits } from '../team/limits-config.ts';
import { userOfRequest } from '../team/team-proxy.ts';
import type { LazyJobService } from '../jobs/lazy-job-service.ts';
import { indexLookups } from '../../lookups/lookup-index.ts';
import { CallerState, callerKey } from './caller-state.ts';
import { dossierExtensions } from './dossier-tool.ts';
import { combineExtensions } from './extensions.ts';
import { savedQueryPrompts } from './saved-query-prompts.ts';
import { jobExtensions } from './job-tool.ts';
import { loopbackCaller, loopbackTargetOf } from './loopback.ts';
import { createLookupMcpServer } from './mcp-server.ts';
import { lookupTools, type ToolFacts } from './tool-catalog.ts';

export const MCP_PATH = '/mcp';
/** The largest JSON-RPC message accepted (a tool call's arguments are a few hundred bytes). */
const MAX_MESSAGE_BYTES = 256 * 1024;

export interface McpRouteOptions {
  lookups: readonly AnyLookup[];
  config: ServerConfig;
  /** The team server's limits: budgets are named in the tools' descriptions. */
  limits?: TeamLimits | undefined;
  /** The access configuration: a trusted proxy's user header is passed on with each tool call. */
  access?: AccessConfig | undefined;
  openApiDocument: () => unknown;
  /** Server-side jobs, when on: the run_job tool and its results resource. */
  jobs?: LazyJobService | undefined;
  /** The audit log: a job started or read through MCP gets its line. */
  audit?: AuditLog | undefined;
  /** The team's items, on a team server: the caller's saved queries (its own and the team's) become prompts. */
  items?: ItemService | undefined;
}

/** Each lookup's mode and limits on this server: what the tools' descriptions say a call costs. */
export function toolFactsOf(config: ServerConfig, limits?: TeamLimits): (id: LookupId) => ToolFacts {
  return (id) => ({ mode: config.lookups[id]?.mode ?? 'demo', limits: limits?.lookups[id] });
}

type RequestId = string | number;

/** The JSON-RPC messages of a POST (one, or a batch). */
const messagesOf = (message: unknown): Record<string, unknown>[] =>
  (Array.isArray(message) ? message : [message]).filter(
    (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
  );

const isRequestId = (id: unknown): id is RequestId => typeof id === 'string' || typeof id === 'number';

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}

/**
 * The user header to pass on: only when the MCP request came from a trusted proxy, which set it.
 * From anyone else it is not passed on, so a header the gate ignored here cannot name a user on
 * the loopback (whose own address may well be trusted).
 */
function trustedUserHeader(req: IncomingMessage, access: AccessConfig | undefined): string | undefined {
  return access?.userHeader && fromTrustedProxy(req, access.trustedProxies) ? access.userHeader : undefined;
}

export function createMcpRoutes({ lookups, config, limits, access, openApiDocument, jobs, audit, items }: McpRouteOptions): ChainHandler {
  const factsOf = toolFactsOf(config, limits);
  const tools = lookupTools(
    lookups,
    (id) => factsOf(id).mode,
    (id) => factsOf(id).limits,
  );
  let openApi: unknown;
  const callers = new CallerState();
  const dossier = dossierExtensions(factsOf);
  const index = indexLookups(lookups);

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const read = await readBody(req, MAX_MESSAGE_BYTES);
    if (!read.ok) return jsonRpcError(res, read.status, -32600, read.message);
    let message: unknown;
    try {
      message = JSON.parse(read.body.toString('utf8'));
    } catch {
      return jsonRpcError(res, 400, -32700, 'Parse error: the body is not JSON');
    }
    const target = loopbackTargetOf(req, trustedUserHeader(req, access));
    const caller = callerKey(req, target);
    const messages = messagesOf(message);
    for (const notice of messages) {
      const params = notice.params as { requestId?: unknown; reason?: unknown } | undefined;
      if (notice.method === 'notifications/cancelled' && isRequestId(params?.requestId))
        callers.cancel(caller, params.requestId, typeof params.reason === 'string' ? params.reason.slice(0, 200) : undefined);
    }
    const calls = messages
      .filter((item) => item.method === 'tools/call' && isRequestId(item.id))
      .map((item) => callers.track(caller, item.id as RequestId));
    // The caller's jobs: its user is the one the access gate named for this request.
    const service = jobs && (await jobs.loaded);
    const owner = userOfRequest(req);
    const extensions = combineExtensions(
      dossier,
      ...(service ? [jobExtensions({ jobs: service, store: service.store, index, owner, audit })] : []),
      ...(items && owner ? [savedQueryPrompts({ items, owner, index })] : []),
    );
    const server = createLookupMcpServer({
      lookups,
      tools,
      resources: {
        lookups,
        factsOf,
        openApiDocument: () => withServerOrigin((openApi ??= openApiDocument()), guardedOrigin(req)),
        // The app views link to this server's own pages.
        app: { origin: guardedOrigin(req) },
      },
      caller: loopbackCaller(target),
      logLevel: callers.levelOf(caller),
      cancelled: calls.length > 0 ? AbortSignal.any(calls.map((call) => call.signal)) : undefined,
      extensions,
    });
    // A tool call streams (its notifications first); anything else is answered as plain JSON.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: calls.length === 0 });
    res.on('close', () => {
      for (const call of calls) call.end();
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, message);
  }

  return createRoutes({ [MCP_PATH]: { POST: answer } });
}
