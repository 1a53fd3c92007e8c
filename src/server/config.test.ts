// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { movie } from '../lookups/a-movie.ts';
import type { LookupDefinition } from '../lookups/define-lookup.ts';
import { lookupConfigSchema } from '../lookups/wire.ts';
import {
  ConfigError,
  DEFAULT_MAX_BYTES,
  DEFAULT_TILE_URL,
  DEFAULT_TIMEOUT_MS,
  environmentWithDotEnv,
  lookupConfigDocument,
  lookupModes,
  parseServerConfig,
} from './config.ts';

const MASK_SECRET = 'config-test-secret-0123456789-abcdefghij';
const headerLookup: LookupDefinition = { ...movie, id: 'B', slug: 'b', keyTransport: { header: 'X-Token' } };
const lookups = [movie, headerLookup];

function configError(env: Record<string, string>): ConfigError {
  try {
    parseServerConfig(env, lookups);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseServerConfig', () => {
  it('runs every lookup on demo data with the documented defaults when nothing is set', () => {
    const config = parseServerConfig({}, lookups);
    expect(lookupModes(config)).toEqual({ A: 'demo', B: 'demo' });
    expect(config.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
    expect(config.maxBytes).toBe(DEFAULT_MAX_BYTES);
    expect(DEFAULT_MAX_BYTES).toBe(256 * 1024 * 1024);
    expect(config.map.tileUrl).toBe(DEFAULT_TILE_URL);
    expect(config.map.tileAttribution).toContain('OpenStreetMap');
  });

  it('makes a lookup live with a base URL and a key, with the key transport from the definition or the environment', () => {
    const config = parseServerConfig(
      {
        LOOKUP_A_BASE_URL: 'https://movies.example/3/',
        LOOKUP_A_KEY: 'secret',
        LOOKUP_B_BASE_URL: 'http://127.0.0.1:4174/b',
        LOOKUP_B_KEY: 'other',
        LOOKUP_TIMEOUT_MS: '2500',
        LOOKUP_MAX_BYTES: '1000',
      },
      lookups,
    );
    expect(config.lookups.A).toEqual({
      mode: 'live',
      baseUrl: 'https://movies.example/3',
      key: 'secret',
      keyPlacement: { in: 'query', name: 'api_key' },
    });
    expect(config.lookups.B).toMatchObject({ mode: 'live', keyPlacement: { in: 'header', name: 'X-Token' } });
    expect(config.timeoutMs).toBe(2500);
    expect(config.maxBytes).toBe(1000);

    const overridden = parseServerConfig(
      { LOOKUP_A_BASE_URL: 'https://m.example', LOOKUP_A_KEY: 'k', LOOKUP_A_KEY_HEADER: 'Authorization-Key' },
      lookups,
    );
    expect(overridden.lookups.A).toMatchObject({ keyPlacement: { in: 'header', name: 'Authorization-Key' } });
    const param = parseServerConfig({ LOOKUP_B_BASE_URL: 'https://m.example', LOOKUP_B_KEY: 'k', LOOKUP_B_KEY_PARAM: 'apikey' }, lookups);
    expect(param.lookups.B).toMatchObject({ keyPlacement: { in: 'query', name: 'apikey' } });
  });

  it('resolves the key placement once, for demo lookups too, and publishes only mode and placement', () => {
    const config = parseServerConfig(
      { LOOKUP_A_BASE_URL: 'https://m.example', LOOKUP_A_KEY: 'secret', LOOKUP_B_KEY_HEADER: 'X-Api-Key' },
      lookups,
    );
    expect(config.lookups.B).toEqual({ mode: 'demo', keyPlacement: { in: 'header', name: 'X-Api-Key' } });
    const document = lookupConfigDocument(config);
    expect(document).toEqual({
      lookups: {
        A: { mode: 'live', key: { in: 'query', name: 'api_key' } },
        B: { mode: 'demo', key: { in: 'header', name: 'X-Api-Key' } },
      },
    });
    expect(JSON.stringify(document)).not.toMatch(/secret|m\.example/);
  });

  it('stays on demo data with half a configuration, and says so', () => {
    const config = parseServerConfig(
      {
        LOOKUP_A_KEY: 'secret',
        LOOKUP_B_BASE_URL: 'https://x.example',
        LOOKUP_Z_KEY: 'k',
        LOOKUP_A_BASE_URL: ' ',
        LOOKUP_MASK_SECRET: MASK_SECRET,
      },
      lookups,
    );
    expect(lookupModes(config)).toEqual({ A: 'demo', B: 'demo' });
    expect(config.warnings).toEqual([
      'LOOKUP_A_KEY is set without LOOKUP_A_BASE_URL: lookup A runs on demo data',
      'LOOKUP_B_BASE_URL is set without LOOKUP_B_KEY: lookup B runs on demo data',
      'LOOKUP_Z_KEY is set but there is no lookup Z',
    ]);
    expect(config.warnings.join('\n')).not.toContain('secret');
  });

  it.each([
    [{ LOOKUP_A_BASE_URL: 'ftp://movies.example' }, 'LOOKUP_A_BASE_URL must be an http or https URL'],
    [{ LOOKUP_A_BASE_URL: 'not a url' }, 'LOOKUP_A_BASE_URL must be an http or https URL'],
    [{ LOOKUP_B_BASE_URL: 'https://x.example/?key=1' }, 'LOOKUP_B_BASE_URL must not hold a query'],
    [{ LOOKUP_A_KEY: 'two\nlines' }, 'LOOKUP_A_KEY must be one line'],
    [{ LOOKUP_A_KEY_PARAM: 'api key' }, 'LOOKUP_A_KEY_PARAM must be a query parameter name'],
    [{ LOOKUP_A_KEY_HEADER: 'X Api: Key' }, 'LOOKUP_A_KEY_HEADER must be an HTTP header name'],
    [{ LOOKUP_A_KEY_HEADER: 'X-Key', LOOKUP_A_KEY_PARAM: 'key' }, 'LOOKUP_A_KEY_HEADER and LOOKUP_A_KEY_PARAM are both set'],
    [{ LOOKUP_TIMEOUT_MS: 'soon' }, 'LOOKUP_TIMEOUT_MS must be a whole number'],
    [{ LOOKUP_TIMEOUT_MS: '0' }, 'LOOKUP_TIMEOUT_MS must be at least 1'],
    [{ LOOKUP_MAX_BYTES: '1.5' }, 'LOOKUP_MAX_BYTES must be a whole number'],
    [{ MAP_TILE_URL: 'https://tiles.example/tile.png' }, 'MAP_TILE_URL must be an http(s) tile URL template'],
    [{ LOOKUP_ALLOWED_HOSTS: 'https://lookup.example.org' }, 'LOOKUP_ALLOWED_HOSTS must be a comma-separated list of host names'],
    [{ LOOKUP_ALLOWED_HOSTS: 'ok.example,user@evil.example' }, 'LOOKUP_ALLOWED_HOSTS must be a comma-separated list of host names'],
    [{ LOOKUP_ALLOWED_HOSTS: '*' }, 'LOOKUP_ALLOWED_HOSTS must be a comma-separated list of host names'],
    [{ LOOKUP_ALLOWED_HOSTS: 'lookup.example.org:99999' }, 'LOOKUP_ALLOWED_HOSTS must be a comma-separated list of host names'],
    [{ LOOKUP_ALLOWED_HOSTS: ', ,' }, 'LOOKUP_ALLOWED_HOSTS must be a comma-separated list of host names'],
    [{ LOOKUP_MEDIA_SOURCES: "https: 'unsafe-inline'" }, 'LOOKUP_MEDIA_SOURCES must be a comma-separated list'],
    [{ LOOKUP_MEDIA_SOURCES: 'https://cdn.example.com/path' }, 'LOOKUP_MEDIA_SOURCES must be a comma-separated list'],
    [{ LOOKUP_MEDIA_SOURCES: '*' }, 'LOOKUP_MEDIA_SOURCES must be a comma-separated list'],
  ])('stops on %j with a message naming the variable', (env, message) => {
    const error = configError(env);
    expect(error.message).toContain(message);
    expect(error.variable).toBe(message.split(' ')[0]);
  });

  it('reads LOOKUP_ALLOWED_HOSTS as a lower-case list of hosts, empty when not set', () => {
    expect(parseServerConfig({}, lookups).allowedHosts).toEqual([]);
    expect(parseServerConfig({ LOOKUP_ALLOWED_HOSTS: ' Lookup.Example.org, 10.0.0.5:8080,[::1]:4173 ,' }, lookups).allowedHosts).toEqual([
      'lookup.example.org',
      '10.0.0.5:8080',
      '[::1]:4173',
    ]);
    expect(configError({ LOOKUP_ALLOWED_HOSTS: 'ok.example,user@evil.example' }).message).toContain('not a host: "user@evil.example"');
  });

  it('reads LOOKUP_MEDIA_SOURCES as CSP sources, empty when not set', () => {
    expect(parseServerConfig({}, lookups).mediaSources).toEqual([]);
    expect(parseServerConfig({ LOOKUP_MEDIA_SOURCES: 'https://*.CDN.example.com, https:' }, lookups).mediaSources).toEqual([
      'https://*.cdn.example.com',
      'https:',
    ]);
  });

  it('publishes LOOKUP_MEDIA_SOURCES in /lookup-config.json, so views show only artwork the page may load', () => {
    const document = lookupConfigDocument(parseServerConfig({ LOOKUP_MEDIA_SOURCES: 'https://*.CDN.example.com, https:' }, lookups));
    expect(lookupConfigSchema.parse(document).mediaSources).toEqual(['https://*.cdn.example.com', 'https:']);
    expect(lookupConfigDocument(parseServerConfig({}, lookups))).not.toHaveProperty('mediaSources');
  });

  it('never puts a key into its message', () => {
    expect(configError({ LOOKUP_A_KEY: 'hunter2\u0007' }).message).not.toContain('hunter2');
  });
});

describe('LOOKUP_MASK_SECRET', () => {
  it('keys the pseudonyms with the secret set, trimmed, and publishes it nowhere', () => {
    const config = parseServerConfig({ LOOKUP_MASK_SECRET: ` ${MASK_SECRET}\n` }, lookups);
    expect(config.maskSecret).toBe(MASK_SECRET);
    expect(config.warnings).toEqual([]);
    expect(JSON.stringify(lookupConfigDocument(config))).not.toContain(MASK_SECRET.slice(0, 8));
  });

  it('unset: one random secret for the whole process, and no warning on the demo alone', () => {
    const first = parseServerConfig({}, lookups);
    const second = parseServerConfig({ LOOKUP_MASK: 'always' }, lookups);
    expect(first.maskSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Every server of one process agrees (the proxy, the demo threads it hands the secret to).
    expect(second.maskSecret).toBe(first.maskSecret);
    // Synthetic names only: pseudonyms that change at a restart cost nothing, so `npm start` is quiet.
    expect(first.warnings).toEqual([]);
    expect(JSON.stringify(lookupConfigDocument(first))).not.toContain(first.maskSecret);
  });

  it('unset with a live lookup or a shared store: a warning says why, without the secret', () => {
    const live = parseServerConfig({ LOOKUP_A_BASE_URL: 'https://a.example', LOOKUP_A_KEY: 'k' }, lookups);
    expect(live.warnings).toEqual([
      expect.stringMatching(/^LOOKUP_MASK_SECRET is not set, and live lookups answer with real names: .*random secret made at this start/),
    ]);
    expect(live.warnings.join('\n')).not.toContain(live.maskSecret);
    const shared = parseServerConfig({ LOOKUP_REDIS_URL: 'redis://127.0.0.1:6379' }, lookups);
    expect(shared.warnings).toEqual([
      expect.stringMatching(/^LOOKUP_MASK_SECRET is not set, and LOOKUP_REDIS_URL shares answers between instances and restarts: /),
    ]);
    // Set: never a warning.
    expect(
      parseServerConfig(
        {
          LOOKUP_REDIS_URL: 'redis://127.0.0.1:6379',
          LOOKUP_A_BASE_URL: 'https://a.example',
          LOOKUP_A_KEY: 'k',
          LOOKUP_MASK_SECRET: MASK_SECRET,
        },
        lookups,
      ).warnings,
    ).toEqual([]);
  });

  it.each([
    ['too-short-secret', 'LOOKUP_MASK_SECRET must be at least 32 characters'],
    [`${'x'.repeat(20)}\u0007${'y'.repeat(20)}`, 'LOOKUP_MASK_SECRET must be one line of text without control characters'],
  ])('stops on a secret that is too short or not one line, naming the variable and not the value', (secret, message) => {
    const error = configError({ LOOKUP_MASK_SECRET: secret });
    expect(error.message).toContain(message);
    expect(error.variable).toBe('LOOKUP_MASK_SECRET');
    expect(error.message).not.toContain(secret.slice(0, 10));
  });
});

describe('LOG_LEVEL', () => {
  it('is info unless set, and one of the levels when set', () => {
    expect(parseServerConfig({}, lookups).logLevel).toBe('info');
    expect(parseServerConfig({ LOG_LEVEL: 'warn' }, lookups).logLevel).toBe('warn');
    const error = configError({ LOG_LEVEL: 'loud' });
    expect(error.variable).toBe('LOG_LEVEL');
    expect(error.message).toContain('fatal, error, warn, info, debug, trace, silent');
  });
});

describe('environmentWithDotEnv', () => {
  it('reads a .env file, and the real environment wins over it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookup-env-'));
    const file = join(dir, '.env');
    writeFileSync(file, '# comment\nLOOKUP_A_KEY=from-file\nLOOKUP_TIMEOUT_MS=1000\nMAP_TILE_ATTRIBUTION="Tiles, with a comma"\n');
    const env = environmentWithDotEnv({ LOOKUP_TIMEOUT_MS: '2000' }, file);
    expect(env).toMatchObject({ LOOKUP_A_KEY: 'from-file', LOOKUP_TIMEOUT_MS: '2000', MAP_TILE_ATTRIBUTION: 'Tiles, with a comma' });
  });

  it('uses the environment alone when there is no file', () => {
    expect(environmentWithDotEnv({ A: '1' }, join(tmpdir(), 'no-such-dir', '.env'))).toEqual({ A: '1' });
  });
});
