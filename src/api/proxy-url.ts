// The one place that knows where the browser sends a lookup: the proxy, under the lookup's slug.
import type { LookupDefinition } from '../lookups/define-lookup.ts';
import type { LookupRequest } from '../lookups/request.ts';
import { requestTarget } from '../lookups/request.ts';

/** Relative URL of a request through the proxy, e.g. `/proxy/a/movie/550?language=en-US`. */
export function proxyUrl(lookup: LookupDefinition, request: LookupRequest): string {
  return `/proxy/${lookup.slug}${requestTarget(request)}`;
}
