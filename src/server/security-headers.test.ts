import { describe, expect, it } from 'vitest';
import { appContentSecurityPolicy, appSecurityHeaders, DATA_SECURITY_HEADERS, tileImageSource } from './security-headers.ts';
import { DEFAULT_TILE_URL } from './config.ts';

describe('tileImageSource', () => {
  it.each([
    [DEFAULT_TILE_URL, 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['https://tiles-{s}.maps.example.com:8443/{z}/{x}/{y}{r}.png', 'https://*.maps.example.com:8443'],
    ['http://127.0.0.1:4174/tiles/{z}/{x}/{y}.png', 'http://127.0.0.1:4174'],
    // A wildcard over a whole top-level domain is no narrower than the scheme.
    ['https://{s}.example/{z}/{x}/{y}.png', 'https:'],
  ])('%s → %s', (url, source) => {
    expect(tileImageSource(url)).toBe(source);
  });
});

describe('the app policy', () => {
  it('allows scripts, connections and frames from this origin only, and images from the tile host', () => {
    expect(appContentSecurityPolicy({ tileUrl: DEFAULT_TILE_URL })).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https://tile.openstreetmap.org; " +
        "media-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    );
    expect(appSecurityHeaders({ tileUrl: DEFAULT_TILE_URL })).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
    });
  });

  it('adds LOOKUP_MEDIA_SOURCES to images and audio only', () => {
    const policy = appContentSecurityPolicy({ tileUrl: DEFAULT_TILE_URL, mediaSources: ['https://*.cdn.example.com', 'https:'] });
    expect(policy).toContain("img-src 'self' data: https://tile.openstreetmap.org https://*.cdn.example.com https:;");
    expect(policy).toContain("media-src 'self' https://*.cdn.example.com https:;");
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy).toContain("connect-src 'self';");
  });

  it('lets JSON documents and errors load nothing', () => {
    expect(DATA_SECURITY_HEADERS['content-security-policy']).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
    expect(DATA_SECURITY_HEADERS['x-content-type-options']).toBe('nosniff');
  });
});
