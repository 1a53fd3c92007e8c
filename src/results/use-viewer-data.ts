import { useMemo } from 'react';
import type { LookupResponse } from '../api/lookup-response.ts';
import type { LookupDefinition, Operation, PageInfo, Params, SuccessVerdict } from '../lookups/define-lookup.ts';
import { isRecord } from '../lookups/adapters.ts';
import { maskPersonalData } from '../lookups/masking.ts';

export interface ViewerData {
  /** The parsed body, masked when masking applies: the one body every view, export and copy uses. */
  body: unknown;
  /** Whether `body` differs from what arrived because personal data was masked. */
  masking: boolean;
  records: readonly unknown[];
  verdict: SuccessVerdict | undefined;
  paging: PageInfo | undefined;
}

/** An adapter that throws on an unexpected body must not take the whole viewer down. */
function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function defaultRecords(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  return isRecord(body) ? [body] : [];
}

/** Masks once, then derives records, verdict and paging from the (masked) body. */
export function useViewerData(lookup: LookupDefinition, operation: Operation, params: Params, response: LookupResponse, masked: boolean): ViewerData {
  return useMemo(() => {
    const arrived = response.body;
    const masking = masked && lookup.personalData.length > 0 && arrived !== undefined;
    const body = masking ? maskPersonalData(arrived, lookup.personalData) : arrived;
    if (body === undefined) return { body, masking, records: [], verdict: undefined, paging: undefined };
    const { adapters } = operation;
    const records = adapters?.records ? attempt(() => adapters.records!(body) ?? [], []) : defaultRecords(body);
    const verdict = adapters?.success ? attempt(() => adapters.success!(body), undefined) : undefined;
    const paging = adapters?.paging ? attempt(() => adapters.paging!(body, params), undefined) : undefined;
    return { body, masking, records, verdict, paging };
  }, [lookup.personalData, operation, params, response.body, masked]);
}
