// Checks an access token (a JWT) from the configured identity provider with `jose`: its signature
// against the issuer's JWKS, and its issuer, audience (this server, or its /mcp), expiry and
// not-before (30 s of clock skew allowed); then the scopes the server requires, and the claim that
// names the user. Nothing is kept per token: every request is checked on its own.
// The JWKS address comes from the issuer's discovery document, fetched on first use (a failure is
// remembered for DISCOVERY_RETRY_MS, so a down provider is not asked on every request). jose caches
// the key set (10 min), fetches it again for a key id it does not know, and at most once per
// `cooldownMs` (30 s), so tokens with made-up key ids cannot make this server hammer the provider.
import { createRemoteJWKSet, errors, jwtVerify, type JWSAlgorithm, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { OAuthConfig } from './oauth-config.ts';
import { discoverJwksUrl, IssuerUnavailableError } from './oauth-discovery.ts';
import { mcpResourceOf } from './oauth-resource.ts';
import { userName } from './user-name.ts';

const DISCOVERY_RETRY_MS = 30_000;
const CLOCK_TOLERANCE_S = 30;
/** Signature algorithms with a public key: a key set holds no shared secrets, and `none` never verifies. */
const ALGORITHMS: JWSAlgorithm[] = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

export type TokenCheck =
  | { ok: true; user: string }
  | { ok: false; error: 'invalid_token'; message: string }
  | { ok: false; error: 'insufficient_scope'; message: string; scopes: readonly string[] }
  | { ok: false; error: 'issuer_unavailable'; message: string };

export type TokenVerifier = (token: string) => Promise<TokenCheck>;

export interface TokenVerifierOptions {
  fetch?: typeof fetch;
  /** jose's least time between two fetches of the key set for an unknown key id. */
  cooldownMs?: number;
  now?: () => number;
}

/** Three base64url parts: what a JWS in compact form looks like (a tokens-file token does not). */
export function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}

/** The token's scopes: `scope` (RFC 9068, space-separated) or `scp` (a list, as some providers send). */
function scopesOf(payload: JWTPayload): Set<string> {
  const { scope, scp } = payload;
  const listed = typeof scope === 'string' ? scope.split(' ') : Array.isArray(scp) ? scp : typeof scp === 'string' ? scp.split(' ') : [];
  return new Set(listed.filter((item): item is string => typeof item === 'string' && item !== ''));
}

function userOf(payload: JWTPayload, claim: string | undefined): string | undefined {
  return userName(claim ? payload[claim] : (payload.preferred_username ?? payload.sub));
}

/** Why a token was refused, in words for the 401 (never the token itself). */
function refusalOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The access token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'The access token is for another audience, not this server';
    if (error.claim === 'iss') return 'The access token is from another issuer';
    if (error.claim === 'nbf') return 'The access token is not valid yet';
    return `The access token's ${error.claim} claim is not accepted`;
  }
  if (error instanceof errors.JWKSNoMatchingKey) return 'The access token is signed with a key the issuer does not publish';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The access token’s signature does not verify';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The access token is signed with an algorithm this server does not accept';
  return 'The access token is not a valid JWT';
}

export function createTokenVerifier(
  config: OAuthConfig,
  { fetch: fetchImpl = fetch, cooldownMs, now = Date.now }: TokenVerifierOptions = {},
): TokenVerifier {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  let failedAt = -Infinity;
  const audiences = [config.audience, `${config.audience}/`, mcpResourceOf(config)];

  function keySet(): Promise<JWTVerifyGetKey> {
    if (!keys) {
      keys = discoverJwksUrl(config.issuer, fetchImpl).then((url) =>
        createRemoteJWKSet(url, { timeoutDuration: 5000, ...(cooldownMs !== undefined && { cooldownDuration: cooldownMs }) }),
      );
      failedAt = -Infinity;
      keys.catch(() => (failedAt = now()));
    }
    return keys;
  }

  /** The key for a token's header; a provider that does not answer is not the token's fault. */
  const getKey: JWTVerifyGetKey = async (header, token) => {
    if (failedAt !== -Infinity && now() - failedAt >= DISCOVERY_RETRY_MS) keys = undefined;
    const jwks = await keySet();
    try {
      return await jwks(header, token);
    } catch (error) {
      if (
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JWKSMultipleMatchingKeys ||
        error instanceof errors.JOSENotSupported
      )
        throw error;
      throw new IssuerUnavailableError(`The identity provider's key set cannot be read: ${(error as Error).message}`, { cause: error });
    }
  };

  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer: config.issuer,
        audience: audiences,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp'],
        currentDate: new Date(now()),
      }));
    } catch (error) {
      if (error instanceof IssuerUnavailableError) return { ok: false, error: 'issuer_unavailable', message: error.message };
      return { ok: false, error: 'invalid_token', message: refusalOf(error) };
    }
    const granted = scopesOf(payload);
    const missing = config.scopes.filter((scope) => !granted.has(scope));
    if (missing.length > 0)
      return {
        ok: false,
        error: 'insufficient_scope',
        scopes: config.scopes,
        message: `The access token lacks the scope ${missing.join(' ')} this server requires`,
      };
    const user = userOf(payload, config.userClaim);
    if (!user)
      return {
        ok: false,
        error: 'invalid_token',
        message: `The access token has no ${config.userClaim ?? 'preferred_username or sub'} claim to name its user`,
      };
    return { ok: true, user };
  };
}
