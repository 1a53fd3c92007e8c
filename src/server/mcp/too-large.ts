// The tool error for an answer larger than a tool call reads (loopback.ts MAX_ANSWER_BYTES): what
// happened, in the assistant's terms, and what to change, from the operation's own parameters
// (its period, its search radius), instead of "the proxy could not be reached".
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import { dateParams } from './prompts.ts';
import { MAX_RECORD_LIMIT } from './tool-catalog.ts';
import { toolError, type ToolResult } from './tool-result.ts';

const mebibytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MiB`;

/** The operation's parameters that make an answer smaller, in words. */
function narrowingWords(operation: AnyOperation): string {
  const ways: string[] = [];
  const dates = dateParams(operation);
  if (dates.length > 0) ways.push(`a shorter period (${dates.join(', ')})`);
  const search = operation.locationSearch;
  if (search) ways.push(`a smaller radius (${search.kind === 'prox' ? `the radius in ${search.param}` : search.distance})`);
  ways.push('more selective parameters');
  return ways.length === 1 ? ways[0]! : `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}`;
}

export function answerTooLarge(lookup: AnyLookup, operation: AnyOperation, limit: number): ToolResult {
  return toolError(
    `${lookup.id}. ${lookup.title}: the answer is larger than ${mebibytes(limit)}, more than a tool call reads (a result carries at most ${MAX_RECORD_LIMIT} of its records), so it was not read to the end and nothing of it is returned. Narrow the query: ${narrowingWords(operation)}.`,
  );
}
