// The request the current draft would send, for the live preview. Unlike buildRequest it never
// throws: a missing or unsafe path parameter stays as its `{name}` and the request is "incomplete".
import { z } from 'zod';
import type { LookupDefinition, Operation, Params } from '../lookups/define-lookup.ts';
import { buildRequest, paramToText } from '../lookups/request.ts';
import { unsafeSegmentReason } from '../lookups/path-template.ts';
import { proxyUrl } from '../api/proxy-url.ts';
import type { FormValues } from './form-values.ts';

export interface DraftRequest {
  method: Operation['method'];
  /** Relative proxy URL, e.g. `/proxy/a/movie/550?language=en-US`. */
  url: string;
  /** JSON body of POST operations, pretty-printed. */
  body?: string;
  /** Path parameters still missing or unsafe: the URL cannot be sent as shown. */
  incomplete: boolean;
}

export function draftRequest(lookup: LookupDefinition, operation: Operation, values: FormValues): DraftRequest {
  const params: Params = {};
  for (const [name, schema] of Object.entries(operation.params.shape)) {
    const text = values[name]?.trim();
    if (!text) continue;
    // Each value as it will travel once valid (lists normalised, booleans typed); raw text until then.
    const parsed = z.safeParse(schema, text);
    params[name] = parsed.success && parsed.data !== undefined ? (parsed.data as Params[string]) : text;
  }
  let incomplete = false;
  const path = operation.path.replace(/\{([^}]+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    const text = value === undefined ? '' : paramToText(value);
    if (unsafeSegmentReason(text)) {
      incomplete = true;
      return placeholder;
    }
    return encodeURIComponent(text);
  });
  // The path is already filled above; buildRequest supplies the query and body exactly as sent.
  const request = buildRequest({ ...operation, path: '' }, params);
  return {
    method: operation.method,
    url: proxyUrl(lookup, { ...request, path }),
    ...(request.body ? { body: JSON.stringify(request.body, null, 2) } : {}),
    incomplete,
  };
}
