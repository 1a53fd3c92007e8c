// The request the current draft would send, for the live preview: buildRequest in its tolerant
// draft mode, so a missing or unsafe path parameter stays as its `{name}` and the request is
// "incomplete" instead of throwing.
import { z } from 'zod';
import type { AnyLookup, AnyOperation, Params } from '../lookups/define-lookup.ts';
import { buildRequest } from '../lookups/request.ts';
import { proxyUrl } from '../lookups/wire.ts';
import type { FormValues } from './form-values.ts';

export interface DraftRequest {
  method: AnyOperation['method'];
  /** Relative proxy URL, e.g. `/proxy/a/movie/550?language=en-US`. */
  url: string;
  /** JSON body of POST operations, pretty-printed. */
  body?: string;
  /** Path parameters still missing or unsafe: the URL cannot be sent as shown. */
  incomplete: boolean;
}

export function draftRequest(lookup: AnyLookup, operation: AnyOperation, values: FormValues): DraftRequest {
  const params: Params = {};
  for (const [name, schema] of Object.entries(operation.params.shape)) {
    const text = values[name]?.trim();
    if (!text) continue;
    // Each value as it will travel once valid (lists normalised, booleans typed); raw text until then.
    const parsed = z.safeParse(schema, text);
    params[name] = parsed.success && parsed.data !== undefined ? (parsed.data as Params[string]) : text;
  }
  const request = buildRequest(operation, params, { draft: true });
  return {
    method: request.method,
    url: proxyUrl(lookup, request),
    ...(request.body ? { body: JSON.stringify(request.body, null, 2) } : {}),
    incomplete: request.incomplete,
  };
}
