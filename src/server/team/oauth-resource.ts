// The protected-resource metadata (RFC 9728) that tells an MCP client where to get an access token
// for this server, and the Bearer challenges (RFC 6750) that point to it. Two documents: the
// server's own at /.well-known/oauth-protected-resource, and /mcp's at the path-suffixed
// /.well-known/oauth-protected-resource/mcp, whose `resource` is <audience>/mcp as RFC 9728 §3.3
// asks. Both are public (a client reads them before it has a token) and readable from any origin.
import type { ChainHandler } from '../http/handler-types.ts';
import { createRoutes, type RouteHandler } from '../http/routes.ts';
import { sendJson } from '../http/send-json.ts';
import type { OAuthConfig } from './oauth-config.ts';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
/** The MCP endpoint's path: the one path with a resource id and metadata of its own. */
const MCP_PATH = '/mcp';

/** The MCP endpoint's resource id: the one MCP clients ask tokens for (RFC 8707 `resource`). */
export function mcpResourceOf(config: OAuthConfig): string {
  return `${config.audience}${MCP_PATH}`;
}

/** The metadata URL for a request's path: /mcp's own document, or the server's. */
export function resourceMetadataUrl(config: OAuthConfig, path: string): string {
  return `${config.audience}${PROTECTED_RESOURCE_PATH}${path === MCP_PATH ? MCP_PATH : ''}`;
}

/** A quoted-string value of a challenge parameter (RFC 9110 §5.6.4). */
function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

export type BearerError = 'invalid_token' | 'insufficient_scope';

/** `WWW-Authenticate` for a refusal on `path`: always naming the metadata, with the error and scope when there is one. */
export function bearerChallenge(
  config: OAuthConfig,
  path: string,
  error?: { code: BearerError; description: string; scopes?: readonly string[] },
): string {
  const parts = [`resource_metadata=${quoted(resourceMetadataUrl(config, path))}`];
  if (error) {
    parts.push(`error=${quoted(error.code)}`, `error_description=${quoted(error.description)}`);
    if (error.scopes && error.scopes.length > 0) parts.push(`scope=${quoted(error.scopes.join(' '))}`);
  }
  return `Bearer ${parts.join(', ')}`;
}

function metadata(config: OAuthConfig, resource: string): RouteHandler {
  const document = {
    resource,
    authorization_servers: [config.issuer],
    bearer_methods_supported: ['header'],
    ...(config.scopes.length > 0 && { scopes_supported: config.scopes }),
    resource_name: 'Lookup Explorer',
  };
  return (_req, res) => sendJson(res, 200, document, { 'access-control-allow-origin': '*', 'cache-control': 'max-age=300' });
}

/** The two metadata documents, as routes in front of the access gate. */
export function createProtectedResourceRoutes(config: OAuthConfig): ChainHandler {
  return createRoutes({
    [PROTECTED_RESOURCE_PATH]: { GET: metadata(config, config.audience) },
    [`${PROTECTED_RESOURCE_PATH}${MCP_PATH}`]: { GET: metadata(config, mcpResourceOf(config)) },
  });
}
