// One MCP server (the official SDK's low-level Server: the tools' input schemas are JSON Schema
// generated from the definitions, not zod shapes) over the registry: its tools, resources and
// prompts. A tool call reads its arguments with the proxy's own parser, sends the request through
// the proxy (`caller`, the loopback of loopback.ts: the page's path, team layer included) and
// answers the interpreted records. Built per connection (stdio) or per request (HTTP, stateless).
// Beside tools, resources (and templates) and prompts: completions for the prompts' and templates'
// arguments (completions.ts), logging (a live call's course as log notifications, from the level the
// client set), progress notifications for a call that asks for them, and cancellation (the SDK
// aborts the handler's signal on notifications/cancelled or a closed connection; over stateless HTTP
// the route's `cancelled` signal, caller-state.ts): the loopback request stops, and with it the proxy's upstream fetch.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import { WIRE_HEADERS } from '../../lookups/wire.ts';
import { callNotices, isLogLevel, memoryLevel, type CallNotices, type LevelStore } from './call-notices.ts';
import { complete } from './completions.ts';
import { NO_EXTENSIONS, type McpExtensions } from './extensions.ts';
import { AnswerTooLargeError, type ProxyCaller } from './loopback.ts';
import { promptMessages, PROMPTS } from './prompts.ts';
import { listResources, RESOURCE_TEMPLATES, readResource, type ResourceSources } from './resources.ts';
import { readToolArguments } from './tool-arguments.ts';
import type { LookupTool } from './tool-catalog.ts';
import { answerTooLarge } from './too-large.ts';
import { toolError, toolResult, type ToolResult } from './tool-result.ts';

export const MCP_SERVER_NAME = 'lookup-explorer';
export const MCP_SERVER_VERSION = '0.1.0';

export interface McpServerOptions {
  lookups: readonly AnyLookup[];
  tools: readonly LookupTool[];
  resources: ResourceSources;
  /** Sends a lookup request through the proxy as this caller. */
  caller: ProxyCaller;
  /** The log level the client set (default: per server, i.e. per connection). */
  logLevel?: LevelStore | undefined;
  /** Aborted when the client cancels this request from another (stateless HTTP). */
  cancelled?: AbortSignal | undefined;
  /** Tools and resources beyond the lookups' (extensions.ts): the place dossier, jobs. */
  extensions?: McpExtensions | undefined;
}

const silent: CallNotices = { log: () => {}, read: () => {}, step: () => {}, count: () => {} };

export interface CallOptions {
  signal?: AbortSignal | undefined;
  notices?: CallNotices | undefined;
}

/** One tool call, start to end; a failure to reach the proxy, or an answer too large to read, is a tool error, not a protocol error. */
export async function callTool(
  tool: LookupTool,
  args: Record<string, unknown> | undefined,
  caller: ProxyCaller,
  { signal, notices = silent }: CallOptions = {},
): Promise<ToolResult> {
  const name = `${tool.lookup.id}. ${tool.lookup.title}`;
  const read = readToolArguments(tool.operation, args);
  if (!read.ok) return toolError(`${name}: invalid arguments, nothing was sent. ${read.message}`);
  const live = tool.definition.annotations.openWorldHint === true;
  notices.log(
    live ? 'info' : 'debug',
    `${name}: sending ${read.request.method} ${tool.operation.path} through the proxy (${live ? 'live: the provider is called' : 'demo data'}).`,
  );
  notices.step('sent to the proxy');
  const started = Date.now();
  let answer;
  try {
    answer = await caller({
      lookup: tool.lookup,
      operation: tool.operation,
      request: read.request,
      recordsWanted: read.window.offset + read.window.limit + 1,
      signal,
      onRead: (soFar) => notices.read(soFar.bytes, soFar.records),
    });
  } catch (error) {
    if (error instanceof AnswerTooLargeError) {
      notices.log('warning', `${name}: the answer is larger than ${error.limit} bytes; not read to the end.`);
      return answerTooLarge(tool.lookup, tool.operation, error.limit);
    }
    if (signal?.aborted) {
      notices.log('notice', `${name}: cancelled by the client; the request to the proxy was stopped.`);
      return toolError(`${name}: cancelled; the request was stopped.`);
    }
    notices.log('error', `${name}: the proxy could not be reached (${(error as Error).message}).`);
    return toolError(`${name}: the proxy could not be reached (${(error as Error).message}).`);
  }
  const source = String(answer.headers[WIRE_HEADERS.source] ?? 'unknown');
  notices.log(
    answer.cut ? 'warning' : source === 'live' || live ? 'info' : 'debug',
    `${name}: ${answer.status} from the ${source === 'live' ? 'provider' : source} in ${Date.now() - started} ms${answer.cut ? `; only its first ${answer.cut.records} records were read (${answer.cut.bytesRead} bytes), the rest was not fetched` : `, ${answer.body.length} bytes`}.`,
  );
  notices.step('answered');
  return toolResult({ lookup: tool.lookup, operation: tool.operation, params: read.params, window: read.window, answer });
}

export function createLookupMcpServer({
  lookups,
  tools,
  resources,
  caller,
  logLevel = memoryLevel(),
  cancelled,
  extensions = NO_EXTENSIONS,
}: McpServerOptions): Server {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION, title: 'Lookup Explorer' },
    {
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {}, logging: {} },
      instructions:
        'Twenty read-only lookups (A–T), one tool per operation. Read the catalog resource first: it says which lookups answer from demo data (free) and which go live (maybe paid, counted against budgets); each lookup’s notes and fields resources say more. Results hold a window of the answer’s records: page with result_offset/result_limit rather than asking for everything. A result is a summary and structured content: lookup, operation, status, source (live or demo), masked, ok (the answer’s own verdict), totalRecords, offset, returned, records; nextOffset when more records follow, paging (the lookup’s own pages and the parameters of the next), message (a failure’s words), cutValues (values too long for a result, cut where marked “…[cut: …]”), answerCut (the answer was larger than a result carries: only its first records were read, the total is not known). Personal data comes masked.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools.map((tool) => tool.definition), ...extensions.tools.map((tool) => tool.definition)],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    const other = extensions.tools.find((candidate) => candidate.definition.name === request.params.name);
    if (!tool && !other) throw new McpError(ErrorCode.InvalidParams, `There is no tool "${request.params.name.slice(0, 80)}"`);
    const progressToken = request.params._meta?.progressToken;
    const notices = callNotices(extra.sendNotification, logLevel.get(), progressToken);
    const signal = cancelled ? AbortSignal.any([extra.signal, cancelled]) : extra.signal;
    if (other) return other.call(request.params.arguments, { caller, signal, notices, wantsProgress: progressToken !== undefined });
    return callTool(tool!, request.params.arguments, caller, { signal, notices });
  });
  // Replaces the SDK's own (which keeps the level per session id): the store says how long it lasts.
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    if (!isLogLevel(request.params.level)) throw new McpError(ErrorCode.InvalidParams, 'Unknown log level');
    logLevel.set(request.params.level);
    return {};
  });
  server.setRequestHandler(CompleteRequestSchema, (request) => ({ completion: complete(lookups, request.params) }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [...RESOURCE_TEMPLATES, ...extensions.resourceTemplates],
  }));

  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [...listResources(resources), ...extensions.resources] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const contents = readResource(request.params.uri, resources) ?? (await extensions.readResource(request.params.uri));
    if (!contents) throw new McpError(ErrorCode.InvalidParams, `There is no resource ${request.params.uri.slice(0, 120)}`);
    return { contents: [contents] };
  });

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: [...PROMPTS, ...((await extensions.listPrompts?.()) ?? [])],
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const messages =
      promptMessages(lookups, request.params.name, request.params.arguments) ?? (await extensions.getPrompt?.(request.params.name));
    if (!messages) throw new McpError(ErrorCode.InvalidParams, `There is no prompt "${request.params.name.slice(0, 80)}"`);
    return { messages };
  });
  return server;
}
