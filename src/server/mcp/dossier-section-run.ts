// One section of the place dossier on the server: its query sent through the proxy as the caller
// (loopback.ts: budgets, the rate queue, masking and the audit line as for a page's request), every
// page of a paged answer fetched and merged where the page's dossier would do it unasked (free calls,
// at most DOSSIER_RECORD_CAP records: lookups/dossier-plan.ts), and summed with the page's own summary
// lines (lookups/dossier-summary.ts). Each request's answer is hashed (SHA-256 of its bytes as the
// proxy sent them), as the evidence pack's appendix does. A failed further page keeps nothing
// half-merged: the section is its first page, labelled so.
import { createHash } from 'node:crypto';
import type { AnyLookup, AnyOperation, GeoPoint, Params } from '../../lookups/define-lookup.ts';
import { DOSSIER_RECORD_CAP, fetchesUnasked, partialLabel } from '../../lookups/dossier-plan.ts';
import { distanceText, summariseAnswer, summaryLines } from '../../lookups/dossier-summary.ts';
import { mergeInOrder, planPages } from '../../lookups/every-page.ts';
import { readIdentity } from '../../lookups/record-identity.ts';
import { buildRequest, type LookupRequest } from '../../lookups/request.ts';
import { proxyUrl } from '../../lookups/wire.ts';
import type { ProxyCaller } from './loopback.ts';
import { readProxyAnswer, type ReadAnswer } from './proxy-answer.ts';

/** One request behind a section, as the evidence pack's appendix states it. */
export interface SectionRequest {
  /** The relative proxy URL (the proxy attaches any key: none is in it). */
  url: string;
  status: number;
  bytes: number;
  /** SHA-256 of the answer's bytes as received; null when only part of a larger answer was read. */
  sha256: string | null;
}

export interface SectionOutcome {
  status: number;
  source: ReadAnswer['source'];
  masked: boolean;
  ok: boolean;
  /** The refusal's or the failure's words. */
  message?: string;
  /** Records summed: every page merged, or the one page with `partial` saying so. */
  records: number;
  partial?: string;
  /** "all 3 pages merged", when pages were. */
  pages?: string;
  /** The summary as the page's dossier section states it (count, top values, nearest, time span). */
  summary: { term: string; value: string }[];
  nearest: { label: string; distance: string }[];
  /** Distances are between rounded (masked) positions. */
  rounded: boolean;
  requests: SectionRequest[];
}

export interface SectionInput {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  request: LookupRequest;
  place: GeoPoint;
  caller: ProxyCaller;
  signal?: AbortSignal | undefined;
  /** Told of each further page as it is fetched. */
  onPage?: ((page: number, last: number) => void) | undefined;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function fetchOne(input: SectionInput, params: Params, request: LookupRequest) {
  const { lookup, operation, caller, signal } = input;
  const proxied = await caller({ lookup, operation, request, recordsWanted: DOSSIER_RECORD_CAP + 1, signal });
  const read = readProxyAnswer(lookup, operation, params, proxied);
  const sent: SectionRequest = {
    url: proxyUrl(lookup, request),
    status: proxied.status,
    bytes: proxied.cut ? proxied.cut.bytesRead : proxied.body.length,
    sha256: proxied.cut ? null : sha256(proxied.body),
  };
  const failure = read.refusal ?? read.parseError ?? (read.ok ? undefined : (read.answer.errorMessage ?? 'the answer reports a failure'));
  return { status: proxied.status, read, sent, failure, cut: proxied.cut !== undefined };
}

/** Sends the section's query (and its further pages where the page's dossier would), and sums it up. */
export async function runSection(input: SectionInput): Promise<SectionOutcome> {
  const { lookup, operation, place } = input;
  const first = await fetchOne(input, input.params, input.request);
  const requests = [first.sent];
  const { answer } = first.read;
  const base = { status: first.status, source: first.read.source, masked: answer.masked, requests };
  if (first.failure !== undefined)
    return { ...base, ok: false, message: first.failure, records: 0, summary: [], nearest: [], rounded: answer.masked };

  let records: readonly unknown[] = answer.records;
  let partial: string | undefined = first.cut
    ? `the first ${answer.records.length.toLocaleString('en-US')} records of a larger answer`
    : undefined;
  let pages: string | undefined;
  const jump = answer.paging?.pages;
  const plan = jump && planPages(jump);
  if (jump && plan) {
    const free = first.read.source === 'demo' || lookup.catalog.pricePerCall === undefined;
    const pieces = new Map<number, readonly unknown[]>([[jump.page, answer.records]]);
    let failed: string | undefined;
    if (fetchesUnasked(plan, answer.records.length, free))
      for (const page of plan.toFetch) {
        input.onPage?.(page, plan.last);
        const params = jump.to(page);
        const next = await fetchOne(input, params, buildRequest(operation, params));
        requests.push(next.sent);
        if (next.failure !== undefined) {
          failed = `page ${page} could not be fetched (${next.failure})`;
          break;
        }
        pieces.set(page, next.read.answer.records);
      }
    if (pieces.size === plan.covered) {
      const identity = operation.identity;
      records = mergeInOrder(
        [...pieces.entries()].sort(([a], [b]) => a - b).map(([, piece]) => piece),
        (record) => (identity === undefined ? undefined : readIdentity(identity, record)),
      ).records;
      pages = `all ${plan.covered} pages merged`;
    } else {
      partial = `${partialLabel(jump, answer.records.length, plan.total)}${failed ? `: ${failed}` : ''}`;
    }
  }
  // The place is the point the caller gave (exact); a masked answer's positions are rounded, so
  // distances to them are stated as approximate, never closer than about 1 km (decision 026).
  const rounded = answer.masked;
  const summary = summariseAnswer(operation, records, place);
  return {
    ...base,
    ok: true,
    records: records.length,
    ...(partial !== undefined && { partial }),
    ...(pages !== undefined && { pages }),
    summary: summaryLines(summary, { partial, rounded }),
    nearest: summary.nearest.map((item) => ({ label: item.label, distance: distanceText(item.metres, rounded) })),
    rounded,
  };
}
