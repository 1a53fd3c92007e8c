// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { checkTeamStartup, loadAccessConfig } from './access-config.ts';
import { loadOAuthConfig } from './oauth-config.ts';

const problem = (env: NodeJS.ProcessEnv) => {
  try {
    loadOAuthConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

const ISSUER = 'https://id.example.com/realms/team';

describe('the OAuth settings', () => {
  it('are off by default', () => {
    expect(loadOAuthConfig({})).toBeUndefined();
  });

  it('read the issuer as written, the audience as an origin, the scopes and the user claim', () => {
    expect(
      loadOAuthConfig({
        LOOKUP_OAUTH_ISSUER: ISSUER,
        LOOKUP_OAUTH_AUDIENCE: 'https://lookups.example.com/',
        LOOKUP_OAUTH_SCOPES: 'lookups, mcp',
        LOOKUP_OAUTH_USER_CLAIM: 'email',
      }),
    ).toEqual({ issuer: ISSUER, audience: 'https://lookups.example.com', scopes: ['lookups', 'mcp'], userClaim: 'email' });
  });

  it('turn on an access mode, so a server others can reach starts with them alone', () => {
    const access = loadAccessConfig({ LOOKUP_OAUTH_ISSUER: ISSUER, LOOKUP_OAUTH_AUDIENCE: 'https://lookups.example.com' });
    expect(access.oauth?.issuer).toBe(ISSUER);
    expect(() => checkTeamStartup({ host: '0.0.0.0', access, processes: 4, storeKind: 'memory' })).not.toThrow();
  });

  it.each([
    [{ LOOKUP_OAUTH_ISSUER: ISSUER }, 'LOOKUP_OAUTH_AUDIENCE must be set with LOOKUP_OAUTH_ISSUER'],
    [{ LOOKUP_OAUTH_AUDIENCE: 'https://lookups.example.com' }, 'LOOKUP_OAUTH_ISSUER must be set with LOOKUP_OAUTH_AUDIENCE'],
    [{ LOOKUP_OAUTH_ISSUER: 'id.example.com', LOOKUP_OAUTH_AUDIENCE: 'https://lookups.example.com' }, 'LOOKUP_OAUTH_ISSUER must be a URL'],
    [
      { LOOKUP_OAUTH_ISSUER: 'http://id.example.com', LOOKUP_OAUTH_AUDIENCE: 'https://lookups.example.com' },
      'LOOKUP_OAUTH_ISSUER must be an https:// URL',
    ],
    [{ LOOKUP_OAUTH_ISSUER: `${ISSUER}?x=1`, LOOKUP_OAUTH_AUDIENCE: 'https://lookups.example.com' }, 'no query'],
    [{ LOOKUP_OAUTH_ISSUER: ISSUER, LOOKUP_OAUTH_AUDIENCE: 'https://lookups.example.com/mcp' }, 'without a path'],
    [
      { LOOKUP_OAUTH_ISSUER: ISSUER, LOOKUP_OAUTH_AUDIENCE: 'https://lookups.example.com', LOOKUP_OAUTH_SCOPES: 'a"b' },
      'LOOKUP_OAUTH_SCOPES lists scopes',
    ],
    [
      { LOOKUP_OAUTH_ISSUER: ISSUER, LOOKUP_OAUTH_AUDIENCE: 'https://lookups.example.com', LOOKUP_OAUTH_USER_CLAIM: 'a b' },
      'LOOKUP_OAUTH_USER_CLAIM must be a claim name',
    ],
  ])('refuse %j', (env, message) => {
    expect(problem(env)).toContain(message);
  });

  it('allow plain http to an identity provider on this machine', () => {
    expect(
      loadOAuthConfig({ LOOKUP_OAUTH_ISSUER: 'http://127.0.0.1:8080', LOOKUP_OAUTH_AUDIENCE: 'http://localhost:4173' })?.audience,
    ).toBe('http://localhost:4173');
  });
});
