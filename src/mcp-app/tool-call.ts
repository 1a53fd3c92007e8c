// What the host hands the view, read: the tool call's arguments (as the form would hold them, then
// parsed by the form's own validation into the parameters the search circle reads) and its result's
// structured content (the lookup's letter, the operation, the masked records the proxy sent, the
// window of them). No request is made: the records are the ones the assistant got.
import type { AnyLookup, Operation, Params } from '../lookups/define-lookup.ts';
import { paramToText } from '../lookups/request.ts';
import type { FormValues } from '../form/form-values.ts';
import { sentQuerySearch } from '../form/url-state.ts';
import { validateValues } from '../form/validate-values.ts';

export interface AppAnswer {
  lookup: AnyLookup;
  operation: Operation;
  params: Params;
  values: FormValues;
  records: readonly unknown[];
  masked: boolean;
  source: string;
  /** "Records 1–20 of 143": which of the answer's records the result carried. */
  window: { offset: number; returned: number; total: number };
}

export type ReadAnswer = { ok: true; answer: AppAnswer } | { ok: false; message: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** An argument as a form field writes it: lists joined as the form joins them, anything else as text. */
function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return paramToText(value.map(String));
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
}

/** The operation's parameters among the arguments, as form values (the paging arguments are the tool's own). */
export function argumentValues(operation: Operation, args: Record<string, unknown> | undefined): FormValues {
  const values: FormValues = {};
  for (const name of Object.keys(operation.params.shape)) {
    const text = asText(args?.[name]);
    if (text !== undefined) values[name] = text;
  }
  return values;
}

export function readToolCall(lookups: readonly AnyLookup[], args: Record<string, unknown> | undefined, structured: unknown): ReadAnswer {
  if (!isObject(structured) || !Array.isArray(structured.records)) return { ok: false, message: 'The tool result has no records to show.' };
  const lookup = lookups.find((candidate) => candidate.id === structured.lookup);
  const operation = lookup?.operations.find((candidate) => candidate.id === structured.operation) as Operation | undefined;
  if (!lookup || !operation) return { ok: false, message: 'The tool result names no lookup this view knows.' };
  const values = argumentValues(operation, args);
  const validated = validateValues(operation, values);
  const count = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  return {
    ok: true,
    answer: {
      lookup,
      operation,
      // Parameters the form would refuse still show their records, only without a search circle.
      params: validated.ok ? validated.params : {},
      values,
      records: structured.records,
      masked: structured.masked === true,
      source: typeof structured.source === 'string' ? structured.source : 'unknown',
      window: {
        offset: count(structured.offset, 0),
        returned: count(structured.returned, structured.records.length),
        total: count(structured.totalRecords, structured.records.length),
      },
    },
  };
}

/** The lookup's page in the app with this query sent: "Open in Lookup Explorer". */
export function lookupPageUrl(origin: string, answer: Pick<AppAnswer, 'lookup' | 'operation' | 'values'>): string {
  const { lookup, operation, values } = answer;
  return new URL(`/lookups/${lookup.slug}${sentQuerySearch(lookup, operation, values)}`, origin).href;
}
