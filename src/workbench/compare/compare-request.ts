// One comparison as the worker receives it, and the one function that answers it (the worker and
// the in-thread fallback run the same code).
import type { LookupId } from '../../lookups/define-lookup.ts';
import { lookups } from '../../lookups/registry.ts';
import { diffAnswers, type AnswerDiff } from './diff.ts';

export interface CompareRequest {
  lookupId: LookupId;
  operationId: string;
  /** The first answer's parsed body ("before"). */
  before: unknown;
  /** The second answer's parsed body ("after"). */
  after: unknown;
  /** Both answers were masked (see CompareOptions in diff.ts). */
  masked: boolean;
}

export type CompareReply = { ok: true; diff: AnswerDiff } | { ok: false; message: string };

export function runCompare({ lookupId, operationId, before, after, masked }: CompareRequest): CompareReply {
  const lookup = lookups[lookupId];
  const operation = lookup?.operations.find((candidate) => candidate.id === operationId);
  if (!lookup || !operation) return { ok: false, message: `Unknown operation ${String(lookupId)} ${operationId}.` };
  try {
    return { ok: true, diff: diffAnswers(lookup, operation, before, after, { masked }) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
