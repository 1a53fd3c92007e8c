// Test helpers: history entries and answers built from the registry (never a hard-coded letter).
import type { AnyLookup, LookupId } from '../../lookups/define-lookup.ts';
import { allLookups } from '../../lookups/registry.ts';
import type { LookupResponse } from '../../api/lookup-response.ts';
import type { NewHistoryEntry, StoredAnswer } from './history-store.ts';

/** A lookup with personal data to mask, and one without. */
export const personalLookup: AnyLookup = allLookups.find(
  (lookup) => lookup.personalData.length > 0 && lookup.operations[0]!.format !== 'xml',
)!;
export const plainLookup: AnyLookup = allLookups.find(
  (lookup) => lookup.personalData.length === 0 && lookup.operations[0]!.format !== 'xml',
)!;

export function answerOf(text: string, { masked, status = 200 }: { masked?: boolean; status?: number } = {}): LookupResponse {
  return {
    url: '/proxy/x/y?q=1',
    method: 'GET',
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: [
      ['content-type', 'application/json'],
      ...(masked === undefined ? [] : [['x-lookup-masked', String(masked)] as [string, string]]),
    ],
    source: 'demo',
    timeMs: 12,
    sizeBytes: new TextEncoder().encode(text).byteLength,
    contentType: 'application/json',
    text,
    body: JSON.parse(text) as unknown,
  };
}

/** A record for the store: `bytes` long body of `lookup` sent at `sentAt`. */
export function newEntry(
  sentAt: number,
  {
    bytes = 10,
    lookup = plainLookup,
    masked = true,
    params = {},
    search = '?run',
  }: { bytes?: number; lookup?: AnyLookup; masked?: boolean; params?: NewHistoryEntry['entry']['params']; search?: string } = {},
): NewHistoryEntry {
  const text = JSON.stringify({ pad: 'x'.repeat(Math.max(0, bytes - 10)) });
  const { body: _body, parseError: _parseError, ...answer }: LookupResponse = answerOf(text, { masked });
  const stored: StoredAnswer = answer;
  return {
    entry: {
      lookupId: lookup.id as LookupId,
      operationId: lookup.operations[0]!.id,
      params,
      search,
      url: stored.url,
      method: 'GET',
      sentAt,
      status: 200,
      durationMs: 12,
      sizeBytes: stored.sizeBytes,
      source: 'demo',
      verdict: 'unchecked',
      recordCount: 1,
      masked,
      personalData: lookup.personalData.length > 0,
    },
    answer: stored,
  };
}
