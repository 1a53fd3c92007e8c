// A tool call's arguments → the operation's parameters, read by the very parser the proxy uses
// (proxy-route.ts `parseParams`), so an assistant gets the same per-field messages a page does and
// no request with invalid parameters is ever sent. Path and query values travel as text (a
// number or a list as the form would write it); a POST body's values as the JSON they are.
// The two paging arguments of the tool (which of the answer's records to return) are taken out.
import type { AnyOperation, Params } from '../../lookups/define-lookup.ts';
import { paramMeta } from '../../lookups/param.ts';
import { encodeQuery, paramToText, type LookupRequest, type QueryPair } from '../../lookups/request.ts';
import { parseParams } from '../proxy-route.ts';
import { DEFAULT_RECORD_LIMIT, MAX_RECORD_LIMIT, RESULT_LIMIT, RESULT_OFFSET } from './tool-catalog.ts';

export interface RecordWindow {
  offset: number;
  limit: number;
}

export type ReadArguments =
  | { ok: true; params: Params; request: LookupRequest; window: RecordWindow }
  | { ok: false; message: string; fields?: Record<string, string> };

function isScalarList(value: unknown): value is (string | number)[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number');
}

/** A value as a form field holds it: lists joined by commas, numbers and booleans written out. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isScalarList(value)) return paramToText(value.map(String));
  return undefined;
}

function readWindow(args: Record<string, unknown>): RecordWindow | string {
  const offset = args[RESULT_OFFSET] ?? 0;
  const limit = args[RESULT_LIMIT] ?? DEFAULT_RECORD_LIMIT;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) return `${RESULT_OFFSET} must be a whole number, 0 or more`;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_RECORD_LIMIT)
    return `${RESULT_LIMIT} must be a whole number from 1 to ${MAX_RECORD_LIMIT}`;
  return { offset, limit };
}

export function readToolArguments(operation: AnyOperation, args: Record<string, unknown> | undefined): ReadArguments {
  const given = args ?? {};
  const window = readWindow(given);
  if (typeof window === 'string') return { ok: false, message: window, fields: { [window.split(' ')[0]!]: window } };

  const known = new Set([RESULT_OFFSET, RESULT_LIMIT]);
  const pathParams: Record<string, string> = {};
  const query: QueryPair[] = [];
  let body: Record<string, unknown> | undefined;
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(operation.params.shape)) {
    known.add(name);
    const value = given[name];
    if (value === undefined || value === null) continue;
    const location = paramMeta(field as never)?.in ?? 'query';
    if (location === 'body') {
      (body ??= {})[name] = value;
      continue;
    }
    const text = asText(value);
    if (text === undefined) fields[name] = `${name} must be a string, a number, a boolean or a list of them`;
    else if (location === 'path') pathParams[name] = text;
    else query.push([name, text]);
  }
  for (const name of Object.keys(given)) if (!known.has(name)) fields[name] = `${name} is not a parameter of this lookup`;
  if (Object.keys(fields).length > 0) return { ok: false, message: Object.values(fields).join('; '), fields };

  const parsed = parseParams(operation, pathParams, encodeQuery(query), body);
  if (!parsed.ok) return { ok: false, message: parsed.message, ...(parsed.fields && { fields: parsed.fields }) };
  return { ok: true, params: parsed.params, request: parsed.request, window };
}
