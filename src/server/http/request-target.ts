// The request target as it came: routes and the proxy match the still-encoded path, never a
// normalised URL (`%2e%2e` must stay what it is), and a WHATWG URL per request costs time.

export interface RequestTarget {
  /** The raw path, still percent-encoded. */
  path: string;
  /** The raw query without its `?`, or ''. */
  query: string;
}

/** Splits a raw request target into its still-encoded path and query (no URL normalisation). */
export function splitTarget(target: string): RequestTarget {
  const mark = target.indexOf('?');
  return mark === -1 ? { path: target, query: '' } : { path: target.slice(0, mark), query: target.slice(mark + 1) };
}

/** The raw path alone, without allocating the query. */
export function targetPath(target: string): string {
  const mark = target.indexOf('?');
  return mark === -1 ? target : target.slice(0, mark);
}
