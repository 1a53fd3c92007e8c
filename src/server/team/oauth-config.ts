// Standard sign-in (issue 38, decision 038): the team server as an OAuth 2.1 resource server. Access
// tokens (JWTs) from the team's identity provider are accepted beside the tokens file, read from:
// - LOOKUP_OAUTH_ISSUER: the identity provider's issuer URL (its discovery document names the JWKS);
// - LOOKUP_OAUTH_AUDIENCE: this server's public address, its resource id (RFC 8707). Its /mcp is
//   named as a resource of its own too (`<audience>/mcp`), since MCP clients ask for that one;
// - LOOKUP_OAUTH_SCOPES: scopes every token must carry (none by default);
// - LOOKUP_OAUTH_USER_CLAIM: the claim that names the user (default preferred_username, else sub).
import { ConfigError } from '../config.ts';
import { isLoopbackHost } from './loopback-host.ts';

export interface OAuthConfig {
  /** The issuer exactly as configured: tokens' `iss` and the discovery document's `issuer` must equal it. */
  issuer: string;
  /** This server's resource id: its public origin, such as https://lookups.example.com. */
  audience: string;
  /** Scopes a token must carry, all of them. */
  scopes: readonly string[];
  /** The claim naming the user; undefined: preferred_username, else sub. */
  userClaim?: string;
}

/** RFC 6749 scope-token characters. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
const CLAIM_NAME = /^[A-Za-z0-9_:.-]{1,64}$/;

/** An http(s) URL; plain http only to this machine (a test or a local identity provider). */
function secureUrl(variable: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(variable, `must be a URL such as https://id.example.com, not ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    throw new ConfigError(variable, `must be an https:// URL (plain http only to this machine), not ${JSON.stringify(text)}`);
  if (url.search || url.hash || url.username || url.password)
    throw new ConfigError(variable, `must have no query, fragment or credentials: ${JSON.stringify(text)}`);
  return url;
}

export function loadOAuthConfig(env: NodeJS.ProcessEnv): OAuthConfig | undefined {
  const issuer = env.LOOKUP_OAUTH_ISSUER?.trim();
  const audienceText = env.LOOKUP_OAUTH_AUDIENCE?.trim();
  if (!issuer && !audienceText) return undefined;
  if (!issuer)
    throw new ConfigError(
      'LOOKUP_OAUTH_ISSUER',
      'must be set with LOOKUP_OAUTH_AUDIENCE: the identity provider whose access tokens this server accepts',
    );
  if (!audienceText)
    throw new ConfigError(
      'LOOKUP_OAUTH_AUDIENCE',
      'must be set with LOOKUP_OAUTH_ISSUER: this server’s public address (its resource id), such as https://lookups.example.com',
    );
  secureUrl('LOOKUP_OAUTH_ISSUER', issuer);
  const audience = secureUrl('LOOKUP_OAUTH_AUDIENCE', audienceText);
  if (audience.pathname !== '/')
    throw new ConfigError(
      'LOOKUP_OAUTH_AUDIENCE',
      `is this server’s public address without a path (/mcp is named from it), such as ${audience.origin}, not ${JSON.stringify(audienceText)}`,
    );

  const scopes = (env.LOOKUP_OAUTH_SCOPES ?? '').split(/[\s,]+/).filter(Boolean);
  const badScope = scopes.find((scope) => !SCOPE_TOKEN.test(scope));
  if (badScope !== undefined)
    throw new ConfigError('LOOKUP_OAUTH_SCOPES', `lists scopes separated by spaces; ${JSON.stringify(badScope)} is not one`);

  const userClaim = env.LOOKUP_OAUTH_USER_CLAIM?.trim();
  if (userClaim && !CLAIM_NAME.test(userClaim))
    throw new ConfigError('LOOKUP_OAUTH_USER_CLAIM', `must be a claim name such as email or sub, not ${JSON.stringify(userClaim)}`);
  return { issuer, audience: audience.origin, scopes, ...(userClaim && { userClaim }) };
}
