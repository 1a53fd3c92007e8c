// One MCP server (the official SDK's low-level Server: the tools' input schemas are JSON Schema
// generated from the definitions, not zod shapes) over the registry: its tools, resources and
// prompts. A tool call reads its arguments with the proxy's own parser, sends the request through
// the proxy (`caller`, the loopback of loopback.ts: the page's path, team layer included) and
// answers the interpreted records. Built per connection (stdio) or per request (HTTP, stateless).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import { AnswerTooLargeError, type ProxyCaller } from './loopback.ts';
import { promptMessages, PROMPTS } from './prompts.ts';
import { listResources, readResource, type ResourceSources } from './resources.ts';
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
}

/** One tool call, start to end; a failure to reach the proxy, or an answer too large to read, is a tool error, not a protocol error. */
export async function callTool(tool: LookupTool, args: Record<string, unknown> | undefined, caller: ProxyCaller, signal?: AbortSignal): Promise<ToolResult> {
  const read = readToolArguments(tool.operation, args);
  if (!read.ok) return toolError(`${tool.lookup.id}. ${tool.lookup.title}: invalid arguments, nothing was sent. ${read.message}`);
  let answer;
  try {
    answer = await caller(tool.lookup, read.request, signal);
  } catch (error) {
    if (error instanceof AnswerTooLargeError) return answerTooLarge(tool.lookup, tool.operation, error.limit);
    return toolError(`${tool.lookup.id}. ${tool.lookup.title}: the proxy could not be reached (${(error as Error).message}).`);
  }
  return toolResult({ lookup: tool.lookup, operation: tool.operation, params: read.params, window: read.window, answer });
}

export function createLookupMcpServer({ lookups, tools, resources, caller }: McpServerOptions): Server {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION, title: 'Lookup Explorer' },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        'Twenty read-only lookups (A–T), one tool per operation. Read the catalog resource first: it says which lookups answer from demo data (free) and which go live (maybe paid, counted against budgets); each lookup’s notes and fields resources say more. Results hold a window of the answer’s records: page with result_offset/result_limit rather than asking for everything. A result is a summary and structured content: lookup, operation, status, source (live or demo), masked, ok (the answer’s own verdict), totalRecords, offset, returned, records; nextOffset when more records follow, paging (the lookup’s own pages and the parameters of the next), message (a failure’s words), cutValues (values too long for a result, cut where marked “…[cut: …]”). Personal data comes masked.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map((tool) => tool.definition) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `There is no tool "${request.params.name.slice(0, 80)}"`);
    return callTool(tool, request.params.arguments, caller, extra.signal);
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources(resources) }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const contents = readResource(request.params.uri, resources);
    if (!contents) throw new McpError(ErrorCode.InvalidParams, `There is no resource ${request.params.uri.slice(0, 120)}`);
    return { contents: [contents] };
  });

  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [...PROMPTS] }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const messages = promptMessages(lookups, request.params.name, request.params.arguments);
    if (!messages) throw new McpError(ErrorCode.InvalidParams, `There is no prompt "${request.params.name.slice(0, 80)}"`);
    return { messages };
  });
  return server;
}
