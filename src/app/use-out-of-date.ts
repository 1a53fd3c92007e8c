// Whether the answer on screen still answers the form. It does not when the form was edited since
// the send (a refused send is an edit the form would not send), or while a newer query loads
// behind the previous answer. The marker names the values the shown answer was sent with.
import { useState } from 'react';
import type { LookupResponse } from '../api/lookup-response.ts';
import type { LookupDefinition, Operation } from '../lookups/define-lookup.ts';
import type { FormValues } from '../form/form-values.ts';
import { sentQuerySearch } from '../form/url-state.ts';
import type { OutOfDate } from '../results/out-of-date-marker.tsx';

interface OutOfDateInput {
  lookup: LookupDefinition;
  operation: Operation;
  /** The sent query's values as the URL holds them; undefined when nothing valid was sent. */
  sentValues: FormValues | undefined;
  draft: FormValues;
  /** Whether the last press of Send since the URL changed was refused by validation. */
  refused: boolean;
  /** What the viewer shows: the answer (or the previous one, while a newer query loads). */
  data: LookupResponse | undefined;
  isFetching: boolean;
  error: unknown;
}

interface Answered {
  response: LookupResponse;
  search: string;
  values: FormValues;
}

export function useOutOfDate({
  lookup,
  operation,
  sentValues,
  draft,
  refused,
  data,
  isFetching,
  error,
}: OutOfDateInput): OutOfDate | undefined {
  const sentSearch = sentValues ? sentQuerySearch(lookup, operation, sentValues) : undefined;
  // Which query each answer answers: recorded when it arrives, so a previous answer kept on screen
  // while the next one loads is still known for what it is.
  const [answered, setAnswered] = useState<Answered>();
  const settled = data !== undefined && !isFetching && !error && sentSearch !== undefined && sentValues !== undefined;
  if (settled && answered?.response !== data) setAnswered({ response: data, search: sentSearch, values: sentValues });

  if (data === undefined || error || sentSearch === undefined || sentValues === undefined) return undefined;
  const shownFor = answered?.response === data ? answered : undefined;
  const edited = sentQuerySearch(lookup, operation, draft) !== sentSearch;
  const loading = shownFor !== undefined && shownFor.search !== sentSearch;
  const reason = edited ? (refused ? 'refused' : 'edited') : loading ? 'loading' : undefined;
  if (!reason) return undefined;
  const values = shownFor?.values ?? sentValues;
  const sent = Object.keys(operation.params.shape).flatMap((name) => (values[name]?.trim() ? [[name, values[name]] as const] : []));
  return { reason, sent };
}
