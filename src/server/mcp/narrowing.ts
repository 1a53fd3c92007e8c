// How to make an answer smaller, in the operation's own terms: its period, its search radius.
// Said when an answer is larger than a tool call reads (too-large.ts) or was cut (tool-result.ts).
import type { AnyOperation } from '../../lookups/define-lookup.ts';
import { dateParams } from './prompts.ts';

/** The operation's parameters that make an answer smaller, in words. */
export function narrowingWords(operation: AnyOperation): string {
  const ways: string[] = [];
  const dates = dateParams(operation);
  if (dates.length > 0) ways.push(`a shorter period (${dates.join(', ')})`);
  const search = operation.locationSearch;
  if (search) ways.push(`a smaller radius (${search.kind === 'prox' ? `the radius in ${search.param}` : search.distance})`);
  ways.push('more selective parameters');
  return ways.length === 1 ? ways[0]! : `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}`;
}
