// The page URL's query string is the form state: one key per filled parameter (the spec's name),
// plus `op` when the operation is not the lookup's first. A URL holding any parameter value is a
// sent query: opening it runs the query, so every result is a link.
//
// A sent query with no values at all (an all-optional lookup sent blank) would be
// indistinguishable from a fresh form, so it is marked with a bare `run` key: `/lookups/x?run`.
// No lookup has a parameter of that name; the marker is written only when no value is.
import type { LookupDefinition, Operation, Params } from '../lookups/define-lookup.ts';
import { defaultOperation, findOperation } from '../lookups/define-lookup.ts';
import { paramToText } from '../lookups/request.ts';
import { OPERATION_KEY, type FormValues } from './form-values.ts';
import { type FieldErrors, validateValues } from './validate-values.ts';

export const SENT_KEY = 'run';

export interface UrlQuery {
  operation: Operation;
  /** The operation's parameters found in the URL, as the text each control holds. */
  values: FormValues;
  /** Whether the URL records a sent query (values, or the `run` marker). */
  sent: boolean;
}

export type ParsedUrlQuery = UrlQuery & {
  /** The parsed parameters of a sent, valid query: what the page fetches. */
  submittedParams?: Params;
  /** Why a sent query is invalid (a hand-edited or outdated link): shown in the form. */
  urlErrors?: FieldErrors;
};

export function readUrlQuery(lookup: LookupDefinition, search: string): UrlQuery {
  const query = new URLSearchParams(search);
  const operation = findOperation(lookup, query.get(OPERATION_KEY));
  const values: FormValues = {};
  for (const name of Object.keys(operation.params.shape)) {
    const value = query.get(name);
    if (value !== null && value.trim() !== '') values[name] = value;
  }
  return { operation, values, sent: Object.keys(values).length > 0 || query.has(SENT_KEY) };
}

export function parseUrlQuery(lookup: LookupDefinition, search: string): ParsedUrlQuery {
  const url = readUrlQuery(lookup, search);
  if (!url.sent) return url;
  const validation = validateValues(url.operation, url.values);
  return validation.ok ? { ...url, submittedParams: validation.params } : { ...url, urlErrors: validation.errors };
}

/** The search string (with `?`) recording a sent query; values in the definition's field order. */
export function sentQuerySearch(lookup: LookupDefinition, operation: Operation, values: FormValues): string {
  const query = new URLSearchParams();
  if (operation !== defaultOperation(lookup)) query.set(OPERATION_KEY, operation.id);
  let filled = 0;
  for (const name of Object.keys(operation.params.shape)) {
    const value = values[name];
    if (value === undefined || value.trim() === '') continue;
    query.set(name, value);
    filled += 1;
  }
  const search = query.toString();
  if (filled > 0) return `?${search}`;
  return `?${search ? `${search}&` : ''}${SENT_KEY}`;
}

/** The search string of a fresh form for an operation: nothing sent yet. */
export function operationSearch(lookup: LookupDefinition, operation: Operation): string {
  return operation === defaultOperation(lookup) ? '' : `?${new URLSearchParams({ [OPERATION_KEY]: operation.id })}`;
}

/** Parsed parameters back to control text (the paging bar's neighbours). */
export function paramsToValues(operation: Operation, params: Params): FormValues {
  const values: FormValues = {};
  for (const name of Object.keys(operation.params.shape)) {
    const value = params[name];
    if (value !== undefined) values[name] = paramToText(value);
  }
  return values;
}

/** Values of one operation that another also has: kept when the user switches between them. */
export function carryValues(values: FormValues, to: Operation): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => name in to.params.shape && value.trim() !== ''));
}
