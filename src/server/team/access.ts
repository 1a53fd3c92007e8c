// The access gate of a team server (issue 14), after the request guard and before everything
// else. It names the user of each request, from (in this order) the signing-in proxy's header
// (only from LOOKUP_TRUSTED_PROXIES), `Authorization: Bearer <token>` (a tokens-file token, or an
// access token from LOOKUP_OAUTH_ISSUER: oauth-tokens.ts), or the session cookie, and answers the
// sign-in pages. With OAuth on, every 401 names the protected-resource metadata (oauth-resource.ts),
// a token without the required scopes gets 403 `insufficient_scope`, and an identity provider that
// cannot be asked 503 `issuer_unavailable`. Without a user:
// - /proxy/*, the JSON documents and anything that is not a page: 401 envelope `unauthenticated`;
// - the app's pages: 303 to /sign-in?next=<the page>;
// - /healthz: only {"status":"ok"} (the lookups' modes are for users); /openapi.json, /readyz and
//   /robots.txt are public.
// Later stages ask `userOf(req)` who is calling (budgets per user, the audit log).
// Guessing: while an address is blocked by the failed sign-in limit, every token it sends, on the
// form or as Bearer, right or wrong, is refused with 429 before it is looked at. Refusals (401,
// 429, a doubled user header) go to the audit log, rate-limited (gate-audit.ts).
// A trusted user header sent twice is refused (400): the proxy would not, so something between
// it and here added one.
// CSRF: the guard refuses cross-origin POSTs (Origin, Sec-Fetch-Site); sign-in and sign-out
// further require that a browser said where it came from, and the cookie is SameSite=Strict.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SIGN_IN_PATH, SIGN_OUT_PATH } from '../../lookups/team-wire.ts';
import type { RequestHandler } from '../http/handler-types.ts';
import { isPageNavigation } from '../http/page-navigation.ts';
import { readBody } from '../http/read-body.ts';
import { refusal, sendRefusal } from '../http/refusal.ts';
import { targetPath } from '../http/request-target.ts';
import { createRoutes } from '../http/routes.ts';
import { sendJson } from '../http/send-json.ts';
import type { AccessConfig } from './access-config.ts';
import type { AuditLog } from './audit-log.ts';
import { clearedSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from './cookies.ts';
import { cameOverHttps, clientAddress, fromTrustedProxy, headerValues } from './forwarded.ts';
import { createGateAudit, type GateRefusal } from './gate-audit.ts';
import { createSessions } from './sessions.ts';
import type { SharedStore } from './store-types.ts';
import { continuePage, proxySignInPage, SIGN_IN_CONTENT_SECURITY_POLICY, signedInPage, signInFormPage } from './sign-in-page.ts';
import { createSignInLimiter, type SignInLimiter } from './sign-in-limit.ts';
import { bearerChallenge } from './oauth-resource.ts';
import { createTokenVerifier, looksLikeJwt, type TokenCheck } from './oauth-tokens.ts';
import { isListed, nameOfToken } from './tokens-file.ts';
import { userName } from './user-name.ts';

// Named in team-wire.ts: the page's "Sign out" posts to the same path.
export { SIGN_IN_PATH, SIGN_OUT_PATH };
/** Paths that take a form body (application/x-www-form-urlencoded) rather than JSON. */
export const FORM_PATHS: readonly string[] = [SIGN_IN_PATH, SIGN_OUT_PATH];
const PUBLIC_PATHS = new Set(['/openapi.json', '/readyz', '/robots.txt']);
const MAX_FORM_BYTES = 4096;

const users = new WeakMap<IncomingMessage, string>();

/** Who sent this request, once the access gate has let it through; undefined without an access mode. */
export function userOf(request: IncomingMessage): string | undefined {
  return users.get(request);
}

export interface AccessGateOptions {
  access: AccessConfig;
  store: SharedStore;
  /** Failed sign-in limits (tests pass their own clock or counts). */
  limiter?: SignInLimiter;
  /** Where refusals at the gate are logged (rate-limited); none without an audit log. */
  audit?: AuditLog;
  /** The clock of the audit's rate limit (tests). */
  now?: () => number;
  /** A server-side job's own row requests name their owner (jobs/job-identity.ts). */
  internalUser?: (req: IncomingMessage) => string | undefined;
}

type Identity =
  | { user: string; session?: string }
  | { badBearer: true }
  | { refusedToken: Exclude<TokenCheck, { ok: true }> }
  | { blocked: number }
  | { doubledHeader: true }
  | undefined;

/** Characters a Location header cannot carry as they are (node:http takes latin1 only): UTF-8, %-encoded. */
function percentEncoded(value: string): string {
  // Buffer, not encodeURIComponent: a lone surrogate becomes U+FFFD instead of throwing.
  return value.replace(/[^\u0021-\u007e]+/g, (run) =>
    [...Buffer.from(run, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

/** A path of this site to go to after signing in; anything else (another host, //x, junk) is `/`. */
export function localNext(value: string | null | undefined): string {
  if (!value || value.length > 2048 || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  const path = value.split(/[?#]/)[0]!;
  return path === SIGN_IN_PATH || path === SIGN_OUT_PATH ? '/' : percentEncoded(value);
}

function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(html)),
    'cache-control': 'no-store',
    'content-security-policy': SIGN_IN_CONTENT_SECURITY_POLICY,
    ...headers,
  });
  res.end(html);
}

function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': '0', ...headers });
  res.end();
}

/** A page load by a browser (not a script's fetch of data): these are sent to the sign-in page. */
function isPageRequest(req: IncomingMessage, path: string): boolean {
  if (path.startsWith('/proxy/') || path === '/proxy' || path.endsWith('.json')) return false;
  return isPageNavigation(req);
}

/** Whether a browser said where a POST came from (the guard has checked it is this origin). */
function saysSameOrigin(req: IncomingMessage): boolean {
  return req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined;
}

function isForm(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

export function createAccessGate({
  access,
  store,
  limiter = createSignInLimiter(store),
  audit,
  now,
  internalUser,
}: AccessGateOptions): RequestHandler {
  const sessions = createSessions(store, access.sessionTtlMs);
  const tokens = access.tokens;
  const oauth = access.oauth;
  const verifyToken = oauth && createTokenVerifier(oauth);
  const logRefusal = audit ? createGateAudit(audit, now && { now }) : undefined;
  const audited = (req: IncomingMessage, status: number, code: string) => {
    const entry: GateRefusal = { address: clientAddress(req, access.trustedProxies), method: req.method ?? '', status, code };
    logRefusal?.(entry);
  };

  async function identify(req: IncomingMessage): Promise<Identity> {
    const jobOwner = internalUser?.(req);
    if (jobOwner) return { user: jobOwner };
    if (access.userHeader && fromTrustedProxy(req, access.trustedProxies)) {
      const values = headerValues(req, access.userHeader);
      if (values.length > 1) return { doubledHeader: true };
      const user = userName(values[0]);
      if (user) return { user };
    }
    if (!tokens && !verifyToken) return undefined;
    const authorization = req.headers.authorization;
    const bearer = authorization && /^Bearer +(\S+)\s*$/i.exec(authorization)?.[1];
    if (bearer) {
      // One rule with the form: while blocked, not even the right token gets in.
      const wait = await limiter.blocked(clientAddress(req, access.trustedProxies));
      if (wait !== undefined) return { blocked: wait };
      const user = tokens && nameOfToken(tokens, bearer);
      if (user) return { user };
      // A signed token cannot be guessed, so a refused one is not a failed sign-in (it has often just expired).
      if (verifyToken && looksLikeJwt(bearer)) {
        const checked = await verifyToken(bearer);
        return checked.ok ? { user: checked.user } : { refusedToken: checked };
      }
      return { badBearer: true };
    }
    if (!tokens) return undefined;
    const session = readCookie(req, SESSION_COOKIE);
    const user = await sessions.userOf(session);
    return user && isListed(tokens, user) ? { user, session: session! } : undefined;
  }

  const tooMany = (req: IncomingMessage, res: ServerResponse, retryAfter: number) => {
    audited(req, 429, 'too_many_sign_ins');
    sendRefusal(
      res,
      refusal(429, 'too_many_sign_ins', `Too many failed sign-ins from this address: try again in ${retryAfter} s`, {
        headers: { 'retry-after': String(retryAfter) },
      }),
    );
  };

  async function signInForm(req: IncomingMessage, res: ServerResponse, query: URLSearchParams, identity: Identity): Promise<void> {
    const next = localNext(query.get('next'));
    if (!tokens) return sendHtml(res, 200, proxySignInPage());
    if (identity && 'user' in identity) {
      if (query.has('next')) return redirect(res, next);
      return sendHtml(res, 200, signedInPage(identity.user, next, identity.session !== undefined));
    }
    // Arriving from another site, the Strict cookie was not sent: go on once more from this site.
    const site = req.headers['sec-fetch-site'];
    if (query.has('next') && (site === 'cross-site' || site === 'same-site')) return sendHtml(res, 200, continuePage(next));
    sendHtml(res, 200, signInFormPage({ next }));
  }

  async function signIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!tokens) return sendRefusal(res, refusal(404, 'not_found', 'This server is signed in to through the proxy in front of it'));
    if (!saysSameOrigin(req))
      return sendRefusal(
        res,
        refusal(403, 'cross_site_request', 'A sign-in is sent from the sign-in page (scripts send Authorization: Bearer instead)'),
      );
    if (!isForm(req))
      return sendRefusal(res, refusal(415, 'unsupported_media_type', 'The sign-in form is sent as application/x-www-form-urlencoded'));
    const secure = cameOverHttps(req, access.trustedProxies);
    const address = clientAddress(req, access.trustedProxies);
    const read = await readBody(req, MAX_FORM_BYTES);
    if (!read.ok) return sendRefusal(res, read, { connection: 'close' });
    const form = new URLSearchParams(read.body.toString('utf8'));
    const next = localNext(form.get('next'));
    const tooManyForm = (wait: number) => {
      audited(req, 429, 'too_many_sign_ins');
      sendHtml(res, 429, signInFormPage({ next, error: `Too many failed sign-ins: try again in ${wait} seconds.` }), {
        'retry-after': String(wait),
      });
    };
    const waitBefore = await limiter.blocked(address);
    if (waitBefore !== undefined) return tooManyForm(waitBefore);
    const user = nameOfToken(tokens, form.get('token') ?? '');
    if (!user) {
      const wait = await limiter.failed(address);
      if (wait !== undefined) return tooManyForm(wait);
      audited(req, 401, 'unauthenticated');
      return sendHtml(res, 401, signInFormPage({ next, error: 'That token is not on the access list. Check it and try again.' }));
    }
    const session = await sessions.start(user);
    redirect(res, next, { 'set-cookie': sessionCookie(session, { secure, maxAgeSeconds: sessions.ttlMs / 1000 }) });
  }

  async function signOut(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!saysSameOrigin(req)) return sendRefusal(res, refusal(403, 'cross_site_request', 'Sign out from the app’s own pages'));
    await sessions.end(readCookie(req, SESSION_COOKIE));
    redirect(res, SIGN_IN_PATH, { 'set-cookie': clearedSessionCookie(cameOverHttps(req, access.trustedProxies)) });
  }

  async function refuse(req: IncomingMessage, res: ServerResponse, path: string, target: string, identity: Identity): Promise<void> {
    if (identity && 'doubledHeader' in identity) {
      audited(req, 400, 'duplicate_user_header');
      return sendRefusal(
        res,
        refusal(
          400,
          'duplicate_user_header',
          `The ${access.userHeader} header is sent more than once: the signing-in proxy names one user`,
        ),
      );
    }
    if (identity && 'blocked' in identity) return tooMany(req, res, identity.blocked);
    if (identity && 'refusedToken' in identity) return refuseToken(req, res, path, identity.refusedToken);
    if (identity && 'badBearer' in identity) {
      const wait = await limiter.failed(clientAddress(req, access.trustedProxies));
      if (wait !== undefined) return tooMany(req, res, wait);
      audited(req, 401, 'unauthenticated');
      const message = 'The bearer token is not on the access list';
      const challenge = oauth
        ? bearerChallenge(oauth, path, { code: 'invalid_token', description: message })
        : 'Bearer error="invalid_token"';
      return sendRefusal(res, refusal(401, 'unauthenticated', message, { headers: { 'www-authenticate': challenge } }));
    }
    if ((tokens || access.userHeader) && isPageRequest(req, path))
      return redirect(res, `${SIGN_IN_PATH}?next=${encodeURIComponent(localNext(target))}`);
    const message = tokens
      ? 'Sign in first: open /sign-in in a browser, or send Authorization: Bearer <token>'
      : oauth
        ? `Sign in first: send Authorization: Bearer <an access token from ${oauth.issuer}>`
        : 'Reach this server through the signing-in proxy in front of it';
    const challenge = oauth ? bearerChallenge(oauth, path) : tokens && 'Bearer';
    audited(req, 401, 'unauthenticated');
    sendRefusal(res, refusal(401, 'unauthenticated', message, challenge ? { headers: { 'www-authenticate': challenge } } : undefined));
  }

  /** An access token that was checked and refused: the spec's challenge for why. */
  function refuseToken(req: IncomingMessage, res: ServerResponse, path: string, check: Exclude<TokenCheck, { ok: true }>): void {
    if (check.error === 'issuer_unavailable')
      return sendRefusal(res, refusal(503, 'issuer_unavailable', check.message, { headers: { 'retry-after': '30' } }));
    const scopeShort = check.error === 'insufficient_scope';
    const code = scopeShort ? 'insufficient_scope' : 'unauthenticated';
    const challenge = bearerChallenge(oauth!, path, {
      code: check.error,
      description: check.message,
      ...(scopeShort && { scopes: check.scopes }),
    });
    audited(req, scopeShort ? 403 : 401, code);
    sendRefusal(res, refusal(scopeShort ? 403 : 401, code, check.message, { headers: { 'www-authenticate': challenge } }));
  }

  /** Who sent the request, remembered for later stages (userOf). */
  async function identified(req: IncomingMessage): Promise<Identity> {
    const identity = await identify(req);
    if (identity && 'user' in identity) users.set(req, identity.user);
    return identity;
  }

  const pages = createRoutes({
    [SIGN_IN_PATH]: {
      GET: async (req, res, { query }) => signInForm(req, res, new URLSearchParams(query), await identified(req)),
      POST: signIn,
    },
    [SIGN_OUT_PATH]: { GET: (_req, res) => redirect(res, SIGN_IN_PATH), POST: signOut },
  });

  return async (req, res) => {
    const answered = pages(req, res);
    if (answered !== false) return answered;
    const target = req.url ?? '/';
    const path = targetPath(target);
    const identity = await identified(req);
    if (identity && 'user' in identity) return false;

    if (PUBLIC_PATHS.has(path)) return false;
    if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendJson(res, 200, { status: 'ok' });
      return true;
    }
    await refuse(req, res, path, target, identity);
    return true;
  };
}
