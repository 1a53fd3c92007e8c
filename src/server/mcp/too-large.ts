// The tool error for an answer larger than a tool call reads (loopback.ts MAX_ANSWER_BYTES): what
// happened, in the assistant's terms, and what to change, from the operation's own parameters
// (its period, its search radius), instead of "the proxy could not be reached".
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { narrowingWords } from './narrowing.ts';
import { MAX_RECORD_LIMIT } from './tool-catalog.ts';
import { toolError, type ToolResult } from './tool-result.ts';

const mebibytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MiB`;

export function answerTooLarge(lookup: AnyLookup, operation: AnyOperation, limit: number): ToolResult {
  return toolError(
    `${lookup.id}. ${lookup.title}: the answer is larger than ${mebibytes(limit)}, more than a tool call reads (a result carries at most ${MAX_RECORD_LIMIT} of its records), so it was not read to the end and nothing of it is returned. Narrow the query: ${narrowingWords(operation)}.`,
  );
}
