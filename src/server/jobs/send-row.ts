// One row of a job, sent through this server's own front door (job-identity.ts) as the job's owner:
// the access gate, budgets, the rate queue, the answer cache, masking and the audit log treat it
// exactly as a request from the page. The answer is read into a row result the way the bulk page
// reads one (ok, empty, failed with its reason); a 429 is not a result but a wait.
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import { interpretAnswer, providerErrorMessage } from '../../lookups/answer.ts';
import { buildRequest } from '../../lookups/request.ts';
import { MASK_OFF, MASK_REQUEST_HEADER, proxyUrl, readRefusal, WIRE_HEADERS } from '../../lookups/wire.ts';
import { fromXml } from '../../lookups/xml.ts';
import type { RowResult } from './job-store.ts';

export type RowOutcome =
  | { kind: 'result'; result: RowResult }
  /** Refused for now (429): try again at `until`; `budget` when the budget is spent. */
  | { kind: 'wait'; until: number; budget: boolean };

export interface RowTarget {
  origin: string;
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  mask: boolean;
  headers: Record<string, string>;
  timeoutMs: number;
}

function retryAfterMs(value: string | null): number {
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = value ? Date.parse(value) : NaN;
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : 5_000;
}

function parse(text: string, operation: AnyOperation, contentType: string): unknown {
  try {
    return operation.format === 'xml' && !contentType.includes('json') ? fromXml(text, operation) : JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function sendRow({ origin, lookup, operation, params, mask, headers, timeoutMs }: RowTarget): Promise<RowOutcome> {
  const request = buildRequest(operation, params);
  const body = request.body ? JSON.stringify(request.body) : undefined;
  const sent: Record<string, string> = { ...headers, accept: operation.format === 'xml' ? 'application/xml' : 'application/json' };
  if (body !== undefined) sent['content-type'] = 'application/json';
  if (!mask) sent[MASK_REQUEST_HEADER] = MASK_OFF;
  const response = await fetch(origin + proxyUrl(lookup, request), {
    method: request.method,
    headers: sent,
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  const parsed = parse(text, operation, contentType);
  if (response.status === 429) {
    const refusal = readRefusal(parsed);
    const budget = refusal?.code === 'budget_exhausted';
    const resetsAt = budget && typeof refusal.resetsAt === 'string' ? Date.parse(refusal.resetsAt) : NaN;
    return {
      kind: 'wait',
      budget,
      until: Number.isFinite(resetsAt) ? resetsAt : Date.now() + retryAfterMs(response.headers.get('retry-after')),
    };
  }
  const maskedHeader = response.headers.get(WIRE_HEADERS.masked) ?? undefined;
  if (!response.ok) {
    const words = parsed === undefined ? undefined : (readRefusal(parsed)?.message ?? providerErrorMessage(operation, parsed));
    return { kind: 'result', result: { s: 'failed', r: `HTTP ${response.status}${words ? `: ${words}` : ''}` } };
  }
  if (parsed === undefined) return { kind: 'result', result: { s: 'failed', r: `HTTP ${response.status}: the answer could not be read` } };
  const answer = interpretAnswer(
    lookup,
    operation,
    params,
    { body: parsed, headers: maskedHeader === undefined ? [] : [[WIRE_HEADERS.masked, maskedHeader]] },
    { mask },
  );
  if (answer.errorMessage !== undefined || answer.verdict?.ok === false)
    return { kind: 'result', result: { s: 'failed', r: answer.errorMessage ?? answer.verdict?.message ?? 'The answer reports a failure' } };
  const stored = operation.format === 'xml' ? JSON.stringify(parsed) : text;
  return {
    kind: 'result',
    result: { s: answer.records.length > 0 ? 'ok' : 'empty', t: stored, ...(maskedHeader !== undefined && { m: maskedHeader }) },
  };
}
