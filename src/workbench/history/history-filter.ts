// Which history entries a search shows: by lookup, by words in the lookup's name, operation and
// parameter values and outcome, and by outcome. Pure, so the page, the side panel and the palette agree.
import type { LookupId, ParamValue } from '../../lookups/define-lookup.ts';
import { catalogEntryOf } from './lookup-facts.ts';
import type { HistoryEntry } from './history-entry.ts';

export interface HistoryFilter {
  lookupId?: LookupId;
  /** Every word must occur in the lookup's letter or title, the operation, a parameter value or the outcome. */
  text?: string;
  status?: 'ok' | 'failed';
}

/** An entry succeeded when the HTTP answer was 2xx and its body did not report a failure. */
export function historyOutcome(entry: Pick<HistoryEntry, 'status' | 'verdict'>): 'ok' | 'failed' {
  return entry.status !== undefined && entry.status >= 200 && entry.status < 300 && entry.verdict !== 'failed' ? 'ok' : 'failed';
}

function valueText(value: ParamValue | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(' ') : String(value);
}

/** Words for an outcome, so "404", "failed", "failure", "timeout" or "ok" find what the Status column shows. */
function outcomeText(entry: Pick<HistoryEntry, 'status' | 'verdict' | 'failure' | 'source'>): string {
  const words = historyOutcome(entry) === 'ok' ? ['ok', 'succeeded', 'success'] : ['failed', 'failure', 'error'];
  return [...words, entry.status === undefined ? 'no answer' : `http ${entry.status}`, entry.failure ?? '', entry.source].join(' ');
}

/** The text a search looks in: letter, title, operation, parameter names and values, and the outcome. */
export function searchableText(
  entry: Pick<HistoryEntry, 'lookupId' | 'operationId' | 'params' | 'status' | 'verdict' | 'failure' | 'source'>,
): string {
  const lookup = catalogEntryOf(entry.lookupId);
  const params = Object.entries(entry.params).map(([name, value]) => `${name} ${valueText(value)}`);
  const operation = lookup?.operations.find((candidate) => candidate.id === entry.operationId);
  return [entry.lookupId, lookup?.title ?? '', entry.operationId, operation?.label ?? '', ...params, outcomeText(entry)]
    .join(' ')
    .toLowerCase();
}

export function matchesHistoryFilter(entry: HistoryEntry, filter: HistoryFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.lookupId !== undefined && entry.lookupId !== filter.lookupId) return false;
  if (filter.status !== undefined && historyOutcome(entry) !== filter.status) return false;
  const words = (filter.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = searchableText(entry);
  return words.every((word) => haystack.includes(word));
}
