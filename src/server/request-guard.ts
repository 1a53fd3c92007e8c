// The first check of every request, before the proxy, the JSON documents or the app's files:
// - the Host must be one this server answers to (loopback on its own port, or a name listed in
//   LOOKUP_ALLOWED_HOSTS), so a page on another site that rebinds its DNS name to 127.0.0.1
//   cannot reach the proxy (DNS rebinding);
// - the target must be a path (not a proxy's absolute-form, not `//host/…`), of sane length;
// - a state-changing request (anything but GET, HEAD, OPTIONS: lookup R's POST) must come from
//   this origin (`Origin`, else `Sec-Fetch-Site`) and carry JSON, so a cross-site form or fetch
//   cannot spend paid calls (CSRF). The Origin's scheme counts too: http on a TLS socket, or
//   where a trusted proxy says the browser used https (X-Forwarded-Proto), is another origin.
// - the sign-in form's POST (formPaths) may come with `Origin: null` (a browser under a strict
//   referrer policy sends that for its own forms) when `Sec-Fetch-Site: same-origin` vouches for it.
// A refusal answers the error envelope with origin `proxy`: nothing was forwarded.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { refusal as refused, sendRefusal, type Refusal } from './http/refusal.ts';
import { targetPath } from './http/request-target.ts';
import { DATA_SECURITY_HEADERS } from './security-headers.ts';
import type { AddressMatcher } from './team/cidr.ts';
import { forwardedProto } from './team/forwarded.ts';

/** Names a server answers to on its own port by default: loopback only. */
export const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Longer request targets are refused (414) before any handler parses them. The app's own links fit
 * with room to spare: a drawn area goes into `area=` with at most 200 corners (about 5.5 kB).
 */
export const MAX_TARGET_LENGTH = 16_384;
/** node:http's limit on the request line and headers together (431 past it): the target's limit and 16 KiB of headers. */
export const MAX_HEADER_BYTES = 32_768;
/** A larger declared body is refused (413) before it is read (the proxy reads at most as much). */
export const MAX_BODY_BYTES = 1024 * 1024;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A Host header: a name, IPv4 address or bracketed IPv6 address, and an optional port. Nothing else. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?)(?::(\d{1,5}))?$/;

export interface GuardOptions {
  /** LOOKUP_ALLOWED_HOSTS: `name` (any port) or `name:port`, lower case. */
  allowedHosts: readonly string[];
  /** Names accepted on the port the request arrived on (default: loopback names). */
  localNames?: readonly string[];
  /** Paths whose POST is an HTML form (the team server's sign-in): a url-encoded body is accepted there besides JSON. */
  formPaths?: readonly string[];
  /** LOOKUP_TRUSTED_PROXIES: their X-Forwarded-Proto says which scheme the browser used. */
  trustedProxies?: AddressMatcher;
  /**
   * Paths that take a larger body than MAX_BODY_BYTES (POST /jobs: a job's rows), with their cap;
   * a key ending in `/` caps every path under it (`/team/items/`: an item's edit).
   */
  bodyLimits?: Readonly<Record<string, number>>;
}

function refusal(status: number, code: string, message: string, headers?: Record<string, string>): Refusal {
  return refused(status, code, message, headers && { headers });
}

/** Shown in a message: short, printable, JSON-quoted. */
function quoted(text: string): string {
  // eslint-disable-next-line no-control-regex
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text).replace(/[\u0000-\u001f\u007f-\uffff]/g, '?');
}

/** The Host header's values, read from the raw headers (req.headersDistinct builds every header's list, on every request). */
function hostValues(req: IncomingMessage): string[] {
  const raw = req.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') values.push(raw[i + 1]!);
  }
  return values;
}

/**
 * Host values already found well-formed and allowed, by the local port they came in on: a
 * client sends the same Host on every request, which is then not parsed and matched again.
 */
export class AcceptedHosts {
  private readonly byPort = new Map<number | undefined, Map<string, string>>();
  private size = 0;

  constructor(private readonly capacity = 256) {}

  /** The checked (trimmed, lower-case) value of an accepted raw Host value. */
  get(port: number | undefined, raw: string): string | undefined {
    return this.byPort.get(port)?.get(raw);
  }

  add(port: number | undefined, raw: string, value: string): void {
    if (this.byPort.get(port)?.has(raw)) return;
    // Bounded: a client cycling through spellings of allowed names only ever costs a fresh check.
    if (this.size >= this.capacity) {
      this.byPort.clear();
      this.size = 0;
    }
    let values = this.byPort.get(port);
    if (!values) this.byPort.set(port, (values = new Map()));
    values.set(raw, value);
    this.size++;
  }
}

function hostOf(req: IncomingMessage, accepted: AcceptedHosts | undefined): { value: string; raw: string; known: boolean } | Refusal {
  const all = hostValues(req);
  if (all.length === 0) return refusal(400, 'missing_host', 'The request has no Host header');
  if (all.length > 1) return refusal(400, 'duplicate_host', 'The request has more than one Host header');
  const raw = all[0]!;
  const known = accepted?.get(req.socket.localPort, raw);
  if (known !== undefined) return { value: known, raw, known: true };
  const value = raw.trim().toLowerCase();
  if (!HOST_HEADER.test(value))
    return refusal(400, 'invalid_host', `The Host header ${quoted(raw)} is not a host name with an optional port`);
  return { value, raw, known: false };
}

function splitHost(host: string): { name: string; port: string | undefined } {
  const match = /^(.*?)(?::(\d+))?$/.exec(host)!;
  return { name: match[1]!.replace(/\.$/, ''), port: match[2] };
}

/** Whether this server answers to `host` (already syntax-checked, lower case) on `localPort`. */
export function hostAllowed(host: string, localPort: number | undefined, options: GuardOptions): boolean {
  const { name, port } = splitHost(host);
  const effectivePort = port ?? '80';
  if ((options.localNames ?? LOOPBACK_NAMES).includes(name) && effectivePort === String(localPort)) return true;
  return options.allowedHosts.some((entry) => {
    const allowed = splitHost(entry);
    return allowed.name === name && (allowed.port === undefined || allowed.port === effectivePort);
  });
}

/**
 * The scheme the browser used, when this server can know it: a TLS socket is https; a trusted
 * proxy's X-Forwarded-Proto says; a plain socket reached by a loopback name is http. Otherwise
 * (a plain socket under a public name, perhaps behind a TLS proxy that says nothing) undefined.
 */
export function requestScheme(
  req: IncomingMessage,
  host: string,
  options: Pick<GuardOptions, 'trustedProxies'>,
): 'http:' | 'https:' | undefined {
  if ((req.socket as { encrypted?: boolean }).encrypted) return 'https:';
  const forwarded = options.trustedProxies && forwardedProto(req, options.trustedProxies);
  if (forwarded === 'https' || forwarded === 'http') return `${forwarded}:`;
  return LOOPBACK_NAMES.includes(splitHost(host).name) ? 'http:' : undefined;
}

/**
 * `http(s)://host[:port]` of the request, compared as the browser writes an Origin (the proxy's
 * GET check uses it too); the scheme as well when it is known (requestScheme).
 */
export function sameOrigin(origin: string, host: string, scheme?: 'http:' | 'https:'): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin.toLowerCase().replace(/\/$/, '')) return false;
  if (scheme !== undefined && url.protocol !== scheme) return false;
  try {
    // The Host as the same scheme would write it (a default port dropped).
    return new URL(`${url.protocol}//${host}`).host === url.host;
  } catch {
    return false;
  }
}

function hasBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length.trim() !== '0';
}

function isJson(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  return type !== undefined && type.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * A sign-in form's POST with `Origin: null`: accepted only when the browser itself (a header no
 * page can set) says it is same-origin.
 */
function isOwnFormWithNullOrigin(req: IncomingMessage, target: string, options: GuardOptions): boolean {
  return (
    req.headers.origin === 'null' &&
    req.headers['sec-fetch-site'] === 'same-origin' &&
    (options.formPaths?.includes(targetPath(target)) ?? false)
  );
}

function isFormFor(req: IncomingMessage, target: string, options: GuardOptions): boolean {
  if (!options.formPaths?.includes(targetPath(target))) return false;
  const type = req.headers['content-type'];
  return type !== undefined && type.split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/**
 * What is wrong with the request, or undefined when it may go on to the handlers. `accepted`
 * remembers the Host values that passed (createRequestGuard keeps one for the server).
 */
export function checkRequest(req: IncomingMessage, options: GuardOptions, accepted?: AcceptedHosts): Refusal | undefined {
  const target = req.url ?? '';
  if (target.length > MAX_TARGET_LENGTH)
    return refusal(414, 'uri_too_long', `The request target is longer than ${MAX_TARGET_LENGTH} characters`);

  const host = hostOf(req, accepted);
  if ('status' in host) return host;
  if (!host.known) {
    if (!hostAllowed(host.value, req.socket.localPort, options))
      return refusal(
        421,
        'host_not_allowed',
        `This server does not answer to the host ${quoted(host.value)}; a deployment under another name lists it in LOOKUP_ALLOWED_HOSTS`,
      );
    accepted?.add(req.socket.localPort, host.raw, host.value);
  }

  if (!(target.startsWith('/') || (target === '*' && req.method === 'OPTIONS')))
    return refusal(400, 'invalid_target', 'The request target must be a path starting with / (this server is not a forward proxy)');
  if (target.startsWith('//') || target.startsWith('/\\'))
    return refusal(400, 'invalid_target', 'The request target must not start with // (a path, not another host)');

  if (SAFE_METHODS.has(req.method ?? '')) return undefined;
  const origin = req.headers.origin;
  const fetchSite = req.headers['sec-fetch-site'];
  // A browser sends Origin on every POST, and Sec-Fetch-Site on every request; a request with
  // neither comes from a program (curl, an API client), which no other site can make the user send.
  if (
    origin !== undefined &&
    !sameOrigin(origin, host.value, requestScheme(req, host.value, options)) &&
    !isOwnFormWithNullOrigin(req, target, options)
  )
    return refusal(
      403,
      'cross_site_request',
      `A ${req.method} from another origin (${quoted(origin)}) is refused: send it from this app's own pages`,
    );
  if (fetchSite !== undefined && fetchSite !== 'same-origin')
    return refusal(
      403,
      'cross_site_request',
      `A ${req.method} from another site (Sec-Fetch-Site: ${quoted(fetchSite)}) is refused: send it from this app's own pages`,
    );
  const cap = bodyLimitOf(options.bodyLimits, targetPath(target));
  if (Number(req.headers['content-length'] ?? 0) > cap)
    return refusal(413, 'body_too_large', `The request body is larger than ${cap} bytes`);
  if (hasBody(req) && !isJson(req) && !isFormFor(req, target, options))
    return refusal(415, 'unsupported_media_type', `A ${req.method} body must be JSON, sent as Content-Type: application/json`, {
      'accept-post': 'application/json',
    });
  return undefined;
}

/** The options of the guard that let each request through: what guardedOrigin reads the scheme by. */
const passedBy = new WeakMap<IncomingMessage, GuardOptions>();

/**
 * The origin the browser reached this server at, for a request the guard let through: the Host it
 * accepted (so never a name the allowed-hosts check refuses) with the scheme requestScheme knows
 * (TLS, or a trusted proxy's X-Forwarded-Proto), else http, the plain socket's. X-Forwarded-Host is
 * not read: the guard checks Host, so a proxy in front passes the public name there. Undefined
 * for a request no guard checked (a handler mounted alone).
 */
export function guardedOrigin(req: IncomingMessage): string | undefined {
  const options = passedBy.get(req);
  const host = hostValues(req)[0]?.trim().toLowerCase();
  if (!options || !host) return undefined;
  try {
    // URL drops a default port (`host:80` on http) as a browser's Origin does.
    return new URL(`${requestScheme(req, host, options) ?? 'http:'}//${host}`).origin;
  } catch {
    return undefined;
  }
}

/** The cap of a path: its own, else that of a prefix ending in `/` it is under, else MAX_BODY_BYTES. */
function bodyLimitOf(limits: GuardOptions['bodyLimits'], path: string): number {
  if (!limits) return MAX_BODY_BYTES;
  const own = limits[path];
  if (own !== undefined) return own;
  for (const [prefix, cap] of Object.entries(limits)) if (prefix.endsWith('/') && path.startsWith(prefix)) return cap;
  return MAX_BODY_BYTES;
}

/** Answers the request when the guard refuses it (true); false lets it go on. */
export function createRequestGuard(options: GuardOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const accepted = new AcceptedHosts();
  return (req, res) => {
    const problem = checkRequest(req, options, accepted);
    if (!problem) {
      passedBy.set(req, options);
      return false;
    }
    // The body, if any, is not read: close the connection rather than parse what follows.
    sendRefusal(res, problem, { ...DATA_SECURITY_HEADERS, connection: 'close' });
    return true;
  };
}
