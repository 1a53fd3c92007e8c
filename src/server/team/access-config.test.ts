// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { checkTeamStartup, DEFAULT_SESSION_TTL_MS, isLoopbackHost, loadAccessConfig, teamStartupWarnings } from './access-config.ts';

const files: Record<string, string> = {
  '/team/tokens': 'alice:alice-token-0123456789\n',
  '/team/empty': '# nobody yet\n',
  '/team/admins': 'alice:alice-token-0123456789\ncarol:carol-token-0123456789 admin\n',
};
const readFile = (path: string) => {
  if (path in files) return files[path]!;
  throw new Error(`ENOENT: no such file, open '${path}'`);
};
const load = (env: NodeJS.ProcessEnv) => loadAccessConfig(env, readFile);
const problem = (env: NodeJS.ProcessEnv) => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('the access settings', () => {
  it('are off by default', () => {
    const access = load({});
    expect(access.tokens).toBeUndefined();
    expect(access.userHeader).toBeUndefined();
    expect(access.sessionTtlMs).toBe(DEFAULT_SESSION_TTL_MS);
  });

  it('read the tokens file, the user header and its proxies, and the session length', () => {
    const access = load({
      LOOKUP_ACCESS_TOKENS_FILE: '/team/tokens',
      LOOKUP_TRUSTED_USER_HEADER: 'X-Forwarded-User',
      LOOKUP_TRUSTED_PROXIES: '10.0.0.0/8',
      LOOKUP_SESSION_TTL: '30m',
    });
    expect(access.tokens?.map((entry) => entry.name)).toEqual(['alice']);
    expect(access.userHeader).toBe('x-forwarded-user');
    expect(access.trustedProxies.matches('10.1.1.1')).toBe(true);
    expect(access.sessionTtlMs).toBe(30 * 60_000);
  });

  it.each([
    [{ LOOKUP_ACCESS_TOKENS_FILE: '/team/missing' }, 'LOOKUP_ACCESS_TOKENS_FILE (/team/missing) cannot be read: ENOENT'],
    [{ LOOKUP_ACCESS_TOKENS_FILE: '/team/empty' }, 'lists no name:token line'],
    [{ LOOKUP_TRUSTED_USER_HEADER: 'X-Forwarded-User' }, 'LOOKUP_TRUSTED_USER_HEADER needs LOOKUP_TRUSTED_PROXIES'],
    [{ LOOKUP_TRUSTED_USER_HEADER: 'X User', LOOKUP_TRUSTED_PROXIES: '10.0.0.1' }, 'must be a header name'],
    [{ LOOKUP_TRUSTED_USER_HEADER: 'Authorization', LOOKUP_TRUSTED_PROXIES: '10.0.0.1' }, 'cannot be Authorization'],
    [{ LOOKUP_TRUSTED_PROXIES: '10.0.0.0/40' }, 'LOOKUP_TRUSTED_PROXIES has an entry "10.0.0.0/40" is not'],
    [{ LOOKUP_SESSION_TTL: 'forever' }, 'LOOKUP_SESSION_TTL must be a duration such as 12h'],
  ])('refuse %j', (env, message) => {
    expect(problem(env)).toContain(message);
  });
});

describe('start-up', () => {
  const none = load({});
  const tokens = load({ LOOKUP_ACCESS_TOKENS_FILE: '/team/tokens' });

  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])('needs no access mode on loopback %s', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
    expect(() => checkTeamStartup({ host, access: none, processes: 1, storeKind: 'memory' })).not.toThrow();
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'example.internal', '128.0.0.1'])(
    'refuses %s without an access mode, saying how to configure one',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
      expect(() => checkTeamStartup({ host, access: none, processes: 1, storeKind: 'memory' })).toThrow(
        /^HOST is .*, which other machines can reach, and no access mode is configured\. Set LOOKUP_ACCESS_TOKENS_FILE .*LOOKUP_TRUSTED_USER_HEADER/,
      );
      expect(() => checkTeamStartup({ host, access: tokens, processes: 1, storeKind: 'memory' })).not.toThrow();
    },
  );

  it('name the workspace’s admins from the tokens file’s admin marker, and none without one', () => {
    const access = load({ LOOKUP_ACCESS_TOKENS_FILE: '/team/admins' });
    expect([access.isAdmin?.('carol'), access.isAdmin?.('alice'), access.isAdmin?.('dave')]).toEqual([true, false, false]);
    expect(load({ LOOKUP_ACCESS_TOKENS_FILE: '/team/tokens' }).isAdmin).toBeUndefined();
    expect(load({}).isAdmin).toBeUndefined();
  });

  it('warns on loopback with LOOKUP_ALLOWED_HOSTS and no access mode (a reverse proxy in front, nobody signing in)', () => {
    expect(teamStartupWarnings({ host: '127.0.0.1', access: none, allowedHosts: ['lookup.example.org'] })).toEqual([
      expect.stringMatching(
        /^HOST is 127\.0\.0\.1 \(loopback\) but LOOKUP_ALLOWED_HOSTS names lookup\.example\.org, and no access mode is configured: .*LOOKUP_ACCESS_TOKENS_FILE/,
      ),
    ]);
    expect(teamStartupWarnings({ host: '127.0.0.1', access: none, allowedHosts: [] })).toEqual([]);
    expect(teamStartupWarnings({ host: '127.0.0.1', access: tokens, allowedHosts: ['lookup.example.org'] })).toEqual([]);
  });

  it('refuses sessions in several processes without Redis to share them', () => {
    expect(() => checkTeamStartup({ host: '0.0.0.0', access: tokens, processes: 2, storeKind: 'memory' })).toThrow(
      /LOOKUP_WORKERS runs 2 server processes.*set LOOKUP_REDIS_URL/,
    );
    expect(() => checkTeamStartup({ host: '0.0.0.0', access: tokens, processes: 2, storeKind: 'redis' })).not.toThrow();
  });

  it('stops `npm start` on 0.0.0.0 without an access mode, with the message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookup-startup-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    const tsx = join(process.cwd(), 'node_modules/tsx/dist/cli.mjs');
    const result = spawnSync(process.execPath, [tsx, 'src/server/start.ts'], {
      env: { PATH: process.env.PATH, HOST: '0.0.0.0', PORT: '0', DIST_DIR: dir },
      cwd: process.cwd(),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    // A fatal line of the server log, on stdout with every other line.
    const fatal = JSON.parse(result.stdout.split('\n').find((line) => line.includes('"level":60')) ?? '{}') as { msg?: string };
    expect(fatal.msg).toContain('Configuration error: HOST is 0.0.0.0, which other machines can reach, and no access mode is configured.');
    expect(fatal.msg).toContain('LOOKUP_ACCESS_TOKENS_FILE');
    expect(result.stdout).not.toContain('Lookup Explorer on');
  }, 40_000);
});
