// The provenance appendix: one entry per request behind the pack (lookup, operation, parameters,
// time, duration, source, masking, status) and the SHA-256 of the answer's bytes. The parameters are
// the ones the page sent to the proxy, which holds the keys: no key is ever among them, and any
// parameter named like a key is blanked all the same.
import type { AnyLookup, AnyOperation, Params } from '../../../lookups/define-lookup.ts';
import type { LookupResponse } from '../../../api/lookup-response.ts';
import { paramToText } from '../../../lookups/request.ts';
import { answerBytes, sha256Hex } from './sha256.ts';

export interface ProvenanceEntry {
  lookup: string;
  title: string;
  operation: string;
  method: string;
  /** The relative proxy URL requested (the proxy attaches the key; it is never in this URL). */
  url: string;
  parameters: Record<string, string>;
  requestedAt: string;
  durationMs: number;
  source: string;
  masked: boolean;
  status: number;
  bytes: number;
  sha256: string;
  /** The answer's file in the ZIP. */
  file: string;
}

export interface EvidenceAnswer {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  response: LookupResponse;
  masked: boolean;
  fetchedAt: number;
}

const KEY_LIKE = /(?:^|_)(?:api_?key|key|token|secret|password|apikey)$/i;
export const HIDDEN = '(hidden)';

/** The parameters as text, any that could carry a key blanked. */
export function shownParameters(params: Params): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, KEY_LIKE.test(name) ? HIDDEN : paramToText(value)]],
    ),
  );
}

/** The URL with any key-like query parameter blanked (the proxy URL holds none; this is a second lock). */
export function shownUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const search = new URLSearchParams(query);
  for (const name of [...search.keys()]) if (KEY_LIKE.test(name)) search.set(name, HIDDEN);
  return `${path}?${search.toString()}`;
}

export function answerFile(answer: Pick<EvidenceAnswer, 'lookup' | 'operation'>): string {
  return `answers/${answer.lookup.slug}-${answer.operation.id}.${answer.operation.format === 'xml' ? 'xml' : 'json'}`;
}

export async function provenanceOf(answer: EvidenceAnswer): Promise<ProvenanceEntry> {
  const bytes = answerBytes(answer.response.text);
  return {
    lookup: answer.lookup.id,
    title: answer.lookup.title,
    operation: answer.operation.id,
    method: answer.response.method,
    url: shownUrl(answer.response.url),
    parameters: shownParameters(answer.params),
    requestedAt: new Date(answer.fetchedAt - answer.response.timeMs).toISOString(),
    durationMs: Math.round(answer.response.timeMs),
    source: answer.response.source,
    masked: answer.masked,
    status: answer.response.status,
    bytes: bytes.byteLength,
    sha256: await sha256Hex(bytes),
    file: answerFile(answer),
  };
}
