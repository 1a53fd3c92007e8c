// Where the identity provider publishes its signing keys: the `jwks_uri` of its discovery document,
// RFC 8414's /.well-known/oauth-authorization-server first, then OpenID Connect's
// /.well-known/openid-configuration (both in the RFC 8414 form, inserted before the issuer's path,
// and OpenID's, appended to it). The document must name the configured issuer exactly (RFC 8414
// §3.3), so a document from somewhere else cannot hand over its keys.
import { isLoopbackHost } from './loopback-host.ts';

const DISCOVERY_TIMEOUT_MS = 5000;

/** The identity provider could not be asked (down, or its documents are wrong): no token can be checked. */
export class IssuerUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'IssuerUnavailableError';
  }
}

/** The discovery documents' addresses to try, in order. */
export function discoveryUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  const inserted = (name: string) => `${url.origin}/.well-known/${name}${path}`;
  const appended = `${url.origin}${path}/.well-known/openid-configuration`;
  return [...new Set([inserted('oauth-authorization-server'), inserted('openid-configuration'), appended])];
}

function jwksUrlOf(document: unknown, issuer: string, from: string): URL {
  const { issuer: named, jwks_uri: jwksUri } = (document ?? {}) as Record<string, unknown>;
  if (named !== issuer)
    throw new IssuerUnavailableError(
      `${from} names the issuer ${JSON.stringify(named)}, not ${JSON.stringify(issuer)}: set LOOKUP_OAUTH_ISSUER to exactly the issuer it names`,
    );
  if (typeof jwksUri !== 'string')
    throw new IssuerUnavailableError(`${from} names no jwks_uri, so its tokens' signatures cannot be checked`);
  const url = URL.canParse(jwksUri) ? new URL(jwksUri) : undefined;
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))))
    throw new IssuerUnavailableError(`${from} names a jwks_uri that is not an https:// URL: ${JSON.stringify(jwksUri)}`);
  return url;
}

/** The issuer's JWKS address, from the first discovery document it serves. */
export async function discoverJwksUrl(issuer: string, fetchImpl: typeof fetch = fetch): Promise<URL> {
  const problems: string[] = [];
  for (const address of discoveryUrls(issuer)) {
    let response: Response;
    try {
      response = await fetchImpl(address, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
      });
    } catch (error) {
      problems.push(`${address}: ${(error as Error).message}`);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      problems.push(`${address}: HTTP ${response.status}`);
      continue;
    }
    let document: unknown;
    try {
      document = await response.json();
    } catch {
      problems.push(`${address}: not JSON`);
      continue;
    }
    return jwksUrlOf(document, issuer, address);
  }
  throw new IssuerUnavailableError(`The identity provider ${issuer} serves no discovery document (${problems.join('; ')})`);
}
