// Tools, resources and prompts beside the one-per-operation lookup tools: the place dossier
// (dossier-tool.ts), on a team server with jobs run_job and its results (job-tool.ts), and the
// caller's saved queries as prompts (saved-query-prompts.ts). Each tool still reaches the lookups
// only through the caller the server was given (the loopback through the proxy), or through the
// jobs' own actions, so budgets, masking and the audit line are the page's.
import type { CallNotices } from './call-notices.ts';
import type { ProxyCaller } from './loopback.ts';
import type { PromptListing, PromptMessage } from './prompts.ts';
import type { ResourceContents, ResourceListing } from './resources.ts';
import type { ToolResult } from './tool-result.ts';

/** What a tool call has to work with. */
export interface ToolCallContext {
  caller: ProxyCaller;
  signal?: AbortSignal | undefined;
  notices: CallNotices;
  /** Whether the client asked for progress notifications (its call carries a progressToken). */
  wantsProgress: boolean;
}

export interface ExtraTool {
  /** The tool as tools/list describes it. */
  definition: { name: string; title: string; description: string; inputSchema: Record<string, unknown> } & Record<string, unknown>;
  call(args: Record<string, unknown> | undefined, context: ToolCallContext): Promise<ToolResult>;
}

export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

export interface McpExtensions {
  tools: readonly ExtraTool[];
  resources: readonly ResourceListing[];
  resourceTemplates: readonly ResourceTemplate[];
  /** The resource at `uri` when it is one of these (undefined: not theirs). */
  readResource(uri: string): Promise<ResourceContents | undefined>;
  /** Prompts of the caller's own (its saved queries), beside the fixed ones. */
  listPrompts?(): Promise<PromptListing[]>;
  /** The messages of one of those prompts (undefined: not theirs). */
  getPrompt?(name: string): Promise<PromptMessage[] | undefined>;
}

export const NO_EXTENSIONS: McpExtensions = { tools: [], resources: [], resourceTemplates: [], readResource: async () => undefined };

/** Several sets as one: the first that knows a resource answers it. */
export function combineExtensions(...sets: readonly McpExtensions[]): McpExtensions {
  return {
    tools: sets.flatMap((set) => set.tools),
    resources: sets.flatMap((set) => set.resources),
    resourceTemplates: sets.flatMap((set) => set.resourceTemplates),
    async readResource(uri) {
      for (const set of sets) {
        const contents = await set.readResource(uri);
        if (contents) return contents;
      }
      return undefined;
    },
    async listPrompts() {
      return (await Promise.all(sets.map((set) => set.listPrompts?.() ?? []))).flat();
    },
    async getPrompt(name) {
      for (const set of sets) {
        const messages = await set.getPrompt?.(name);
        if (messages) return messages;
      }
      return undefined;
    },
  };
}
