// The viewer's one reading of an answer: the interpreter, run once per answer (the response object)
// and mask flag, and shared by every tab, view, export and the map.
import { useMemo } from 'react';
import type { LookupResponse } from '../api/lookup-response.ts';
import type { AnyLookup, AnyOperation, Params } from '../lookups/define-lookup.ts';
import type { Answer } from '../lookups/answer.ts';
import { interpretAnswer } from '../lookups/answer.ts';

export function useAnswer(lookup: AnyLookup, operation: AnyOperation, params: Params, response: LookupResponse, masked: boolean): Answer {
  // The lookup, operation and params change only with a new answer (or while a placeholder shows
  // the previous page), so in practice this runs once per response and mask flag.
  return useMemo(
    () => interpretAnswer(lookup, operation, params, response, { mask: masked }),
    [lookup, operation, params, response, masked],
  );
}
