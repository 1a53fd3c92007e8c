// One request in the history, as listed (its answer is stored apart): a module of its own so the
// filter, the format and the store can all name it without importing each other.
import type { ResponseSource } from '../../api/lookup-response.ts';
import type { HttpMethod, LookupId, Params } from '../../lookups/define-lookup.ts';

export interface HistoryEntry {
  id: string;
  lookupId: LookupId;
  operationId: string;
  /** The parsed parameters sent. */
  params: Params;
  /** The lookup page's query string that replays it, e.g. '?movie_id=550&language=en-US'. */
  search: string;
  /** Relative proxy URL, never a key. */
  url: string;
  method: HttpMethod;
  /** Epoch ms. */
  sentAt: number;
  /** undefined: no HTTP answer (transport failure). */
  status: number | undefined;
  /** Transport failure message. */
  failure?: string;
  durationMs: number;
  sizeBytes: number;
  /** Who answered: the proxy's `x-lookup-source`, or `cache` when its cache served it (`x-lookup-cache: hit`). */
  source: ResponseSource | 'cache';
  /** The body's own verdict (interpretAnswer): 'unchecked' when the operation has no success marker or there is no body. */
  verdict: 'ok' | 'failed' | 'unchecked';
  recordCount: number | undefined;
  /** Whether the stored answer was masked. */
  masked: boolean;
  /** Whether the lookup has personal data to mask (a body without any is kept whatever the masking); unknown counts as yes. */
  personalData?: boolean;
  /** false when the body was not kept (over the size cap, evicted, masking rules): metadata only. */
  bodyStored: boolean;
  /** The bytes the body takes (or would take) as stored, compressed when large; absent on entries from before compression. */
  storedBytes?: number;
}
