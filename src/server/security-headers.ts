// The security headers of the app's own answers: a strict Content-Security-Policy for its pages
// and files (scripts only from this origin, images from here and the configured tile host), and
// the headers every answer carries (nosniff, no referrer to other origins, its own
// browsing-context group).
// The proxy's answers carry their own, stricter policy (set by the proxy handler, which wins).

/** Headers on every answer of this server, pages, files, JSON documents and errors alike. */
export const BASELINE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  // Not no-referrer: under it Chromium sends `Origin: null` with the page's own form POSTs (the
  // sign-in form), which the request guard must refuse. Other origins still learn nothing.
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * The policy of answers that are data, never a page (JSON documents, error envelopes): nothing
 * may load, nothing may frame them.
 */
export const DATA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The CSP source for the host of a tile URL template: `https://tile.openstreetmap.org` as is,
 * `https://{s}.tile.openstreetmap.org` as `https://*.tile.openstreetmap.org` (CSP allows a
 * wildcard only as the leftmost label, so a template in any label widens to the labels after it).
 */
export function tileImageSource(tileUrl: string): string {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl);
  if (!match) throw new Error('The tile URL must be an http(s) URL template');
  const scheme = match[1]!.toLowerCase();
  const authority = match[2]!.toLowerCase();
  const portMatch = /:(\d+)$/.exec(authority);
  const port = portMatch ? `:${portMatch[1]}` : '';
  const labels = (portMatch ? authority.slice(0, -port.length) : authority).split('.');
  const lastTemplated = labels.findLastIndex((label) => label.includes('{'));
  if (lastTemplated === -1) return `${scheme}://${labels.join('.')}${port}`;
  const rest = labels.slice(lastTemplated + 1);
  // `{s}.example` would widen to every host of a top-level domain: allow the scheme's tiles only then.
  if (rest.length < 2) return `${scheme}:`;
  return `${scheme}://*.${rest.join('.')}${port}`;
}

/** What the app's pages may load from elsewhere: the configured tiles, and LOOKUP_MEDIA_SOURCES. */
export interface PageSources {
  tileUrl: string;
  /** Extra image and audio sources in CSP syntax (`https:`, `https://*.cdn.example.com`). */
  mediaSources?: readonly string[];
}

/**
 * The app's Content-Security-Policy. Styles allow 'unsafe-inline' because Leaflet and React
 * write style attributes; scripts do not (the build has no inline script, and zod runs jitless).
 * 'wasm-unsafe-eval' lets the SQL engine compile its WebAssembly (our own file from /assets,
 * decision 020); it allows no JavaScript eval.
 */
export function appContentSecurityPolicy({ tileUrl, mediaSources = [] }: PageSources): string {
  const media = mediaSources.map((source) => ` ${source}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${tileImageSource(tileUrl)}${media}`,
    `media-src 'self'${media}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Everything the app's pages and files are sent with. */
export function appSecurityHeaders(sources: PageSources): Record<string, string> {
  return { ...BASELINE_SECURITY_HEADERS, 'content-security-policy': appContentSecurityPolicy(sources) };
}

/** Everything a JSON document or an error envelope of this server is sent with. */
export const DATA_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...BASELINE_SECURITY_HEADERS,
  'content-security-policy': DATA_CONTENT_SECURITY_POLICY,
};

/**
 * Sent with every answer of the proxy, whoever wrote its body: the browser must never sniff it
 * into HTML, and if it is opened as a page it runs nothing and loads nothing (issue 11). With
 * the baseline headers every answer of the server carries, so that the production server has
 * nothing to add to a proxy answer (secured-response.ts).
 */
export const PROXY_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...BASELINE_SECURITY_HEADERS,
  'content-security-policy': "default-src 'none'; sandbox",
};
