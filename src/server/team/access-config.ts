// Who may use a server that others can reach (issue 14), read from the environment at start-up:
// - LOOKUP_ACCESS_TOKENS_FILE: named tokens (tokens-file.ts); browsers sign in on /sign-in and get
//   a session cookie, scripts send `Authorization: Bearer <token>`.
// - LOOKUP_TRUSTED_USER_HEADER with LOOKUP_TRUSTED_PROXIES: a signing-in proxy in front (such as
//   oauth2-proxy) names the user in that header; it is believed only from those peers.
// - LOOKUP_OAUTH_ISSUER with LOOKUP_OAUTH_AUDIENCE: access tokens (JWTs) from the team's identity
//   provider, as MCP clients send them (oauth-config.ts).
// LOOKUP_TRUSTED_PROXIES alone also makes X-Forwarded-Proto and X-Forwarded-For from those peers
// count (Secure cookies behind a TLS-terminating proxy, the client's address for sign-in limits).
// A server bound to loopback only needs none of this; one bound to any other address refuses to
// start without an access mode (checkTeamStartup).
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config.ts';
import { parseCidrList, type AddressMatcher } from './cidr.ts';
import { parseDuration } from './durations.ts';
import { isLoopbackHost } from './loopback-host.ts';
import { loadOAuthConfig, type OAuthConfig } from './oauth-config.ts';
import { parseTokensFile, type TokenEntry } from './tokens-file.ts';

export { isLoopbackHost };

export const DEFAULT_SESSION_TTL_MS = 12 * 3_600_000;
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers a client or proxy sets for other reasons: naming one as the user header is a mistake. */
const RESERVED_HEADERS = new Set([
  'host',
  'cookie',
  'authorization',
  'origin',
  'content-type',
  'content-length',
  'x-forwarded-for',
  'x-forwarded-proto',
]);

export interface AccessConfig {
  /** LOOKUP_ACCESS_TOKENS_FILE's entries; undefined when token access is off. */
  tokens?: readonly TokenEntry[];
  /** LOOKUP_TRUSTED_USER_HEADER, lower case; undefined when off. */
  userHeader?: string;
  /** LOOKUP_TRUSTED_PROXIES (empty when unset). */
  trustedProxies: AddressMatcher;
  /** LOOKUP_SESSION_TTL: how long a browser's sign-in lasts (default 12 h). */
  sessionTtlMs: number;
  /** LOOKUP_OAUTH_*: the identity provider whose access tokens are accepted; undefined when off. */
  oauth?: OAuthConfig;
  /**
   * Whether `user` is an admin of the team workspace (may edit and delete any team item; `GET /me`
   * says so). Unset: nobody is (the tokens file's admin marker fills it in, issue 35).
   */
  isAdmin?: (user: string) => boolean;
}

export function accessEnabled(access: AccessConfig | undefined): access is AccessConfig {
  return access !== undefined && (access.tokens !== undefined || access.userHeader !== undefined || access.oauth !== undefined);
}

export function loadAccessConfig(
  env: NodeJS.ProcessEnv,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): AccessConfig {
  let trustedProxies: AddressMatcher;
  try {
    trustedProxies = parseCidrList(env.LOOKUP_TRUSTED_PROXIES ?? '');
  } catch (error) {
    throw new ConfigError('LOOKUP_TRUSTED_PROXIES', `has an entry ${(error as Error).message}`);
  }

  let tokens: TokenEntry[] | undefined;
  const tokensFile = env.LOOKUP_ACCESS_TOKENS_FILE?.trim();
  if (tokensFile) {
    let text: string;
    try {
      text = readFile(tokensFile);
    } catch (error) {
      throw new ConfigError('LOOKUP_ACCESS_TOKENS_FILE', `(${tokensFile}) cannot be read: ${(error as Error).message}`);
    }
    try {
      tokens = parseTokensFile(text);
    } catch (error) {
      throw new ConfigError('LOOKUP_ACCESS_TOKENS_FILE', `(${tokensFile}) ${(error as Error).message}`);
    }
    if (tokens.length === 0)
      throw new ConfigError('LOOKUP_ACCESS_TOKENS_FILE', `(${tokensFile}) lists no name:token line, so nobody could sign in`);
  }

  let userHeader: string | undefined;
  const header = env.LOOKUP_TRUSTED_USER_HEADER?.trim();
  if (header) {
    if (!HEADER_NAME.test(header))
      throw new ConfigError('LOOKUP_TRUSTED_USER_HEADER', `must be a header name such as X-Forwarded-User, not ${JSON.stringify(header)}`);
    if (RESERVED_HEADERS.has(header.toLowerCase()))
      throw new ConfigError(
        'LOOKUP_TRUSTED_USER_HEADER',
        `cannot be ${header}: name the header your signing-in proxy sets, such as X-Forwarded-User`,
      );
    if (trustedProxies.ranges.length === 0)
      throw new ConfigError(
        'LOOKUP_TRUSTED_USER_HEADER',
        'needs LOOKUP_TRUSTED_PROXIES: the addresses of the proxy that sets it (CIDRs such as 10.0.0.5/32), else anyone could name themselves',
      );
    userHeader = header.toLowerCase();
  }

  const ttlText = env.LOOKUP_SESSION_TTL?.trim();
  const sessionTtlMs = ttlText ? parseDuration(ttlText) : DEFAULT_SESSION_TTL_MS;
  if (sessionTtlMs === undefined)
    throw new ConfigError('LOOKUP_SESSION_TTL', `must be a duration such as 12h, 30m or 7d, not ${JSON.stringify(ttlText)}`);

  const oauth = loadOAuthConfig(env);
  return { ...(tokens && { tokens }), ...(userHeader && { userHeader }), trustedProxies, sessionTtlMs, ...(oauth && { oauth }) };
}

export interface TeamStartup {
  /** The address the server binds (HOST). */
  host: string;
  access: AccessConfig;
  /** Server processes (LOOKUP_WORKERS). */
  processes: number;
  /** The shared store's kind (LOOKUP_REDIS_URL set: redis). */
  storeKind: 'memory' | 'redis';
}

/**
 * What start-up says loudly but allows: loopback with LOOKUP_ALLOWED_HOSTS and no access mode is
 * the reverse-proxy setup, where everyone the proxy lets in uses the server as nobody in particular.
 */
export function teamStartupWarnings({
  host,
  access,
  allowedHosts,
}: {
  host: string;
  access: AccessConfig;
  allowedHosts: readonly string[];
}): string[] {
  if (!isLoopbackHost(host) || allowedHosts.length === 0 || accessEnabled(access)) return [];
  return [
    `HOST is ${host} (loopback) but LOOKUP_ALLOWED_HOSTS names ${allowedHosts.join(', ')}, and no access mode is configured: ` +
      'anyone who reaches this server through a proxy under those names uses it, and spends its live calls, without signing in. ' +
      'Set LOOKUP_ACCESS_TOKENS_FILE, or LOOKUP_TRUSTED_USER_HEADER with LOOKUP_TRUSTED_PROXIES; see "Team deployment" in the README.',
  ];
}

/** Refuses (ConfigError) a start-up that would open the server to others or lose sessions between processes. */
export function checkTeamStartup({ host, access, processes, storeKind }: TeamStartup): void {
  if (!isLoopbackHost(host) && !accessEnabled(access))
    throw new ConfigError(
      'HOST',
      `is ${host}, which other machines can reach, and no access mode is configured. Set LOOKUP_ACCESS_TOKENS_FILE to a file of ` +
        'name:token lines (people sign in with their token), or LOOKUP_TRUSTED_USER_HEADER=X-Forwarded-User with ' +
        "LOOKUP_TRUSTED_PROXIES=<the signing-in proxy's CIDRs>, or LOOKUP_OAUTH_ISSUER with LOOKUP_OAUTH_AUDIENCE (access tokens " +
        'from your identity provider); see "Team deployment" in the README. ' +
        'Or keep the server on this machine with HOST=127.0.0.1.',
    );
  if (access.tokens && processes > 1 && storeKind === 'memory')
    throw new ConfigError(
      'LOOKUP_WORKERS',
      `runs ${processes} server processes, which must share sign-in sessions: set LOOKUP_REDIS_URL (redis://host:6379) or run one process`,
    );
}
