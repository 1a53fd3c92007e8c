// What the lookup pages read from the server's published configuration (lookup-config-query.ts):
// where a lookup's key travels upstream (the Request tab), and which image hosts a view may load.
import { useCallback } from 'react';
import type { AnyLookup } from '../lookups/define-lookup.ts';
import { defaultKeyPlacement, type KeyPlacement } from '../lookups/wire.ts';
import { useLookupConfig } from './lookup-config-query.ts';

export interface EffectiveKeyPlacement {
  placement: KeyPlacement;
  /** `server`: as the server's configuration says; `definition`: its default, until (or unless) the server answered. */
  from: 'server' | 'definition';
}

/** Where this lookup's key travels upstream, as the server resolved it (the definition's default until it has said). */
export function useKeyPlacement(lookup: AnyLookup): EffectiveKeyPlacement {
  const published = useLookupConfig().data?.lookups[lookup.id]?.key;
  return published ? { placement: published, from: 'server' } : { placement: defaultKeyPlacement(lookup.keyTransport), from: 'definition' };
}

/** The raster and vector image types a `data:` URL may carry into an <img> (SVG there runs no script). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/**
 * Whether one CSP source (as LOOKUP_MEDIA_SOURCES holds them: `https:`, `https://cdn.example.com`,
 * `https://*.cdn.example.com:8443`) lets the page load `url`, by CSP's own matching: a scheme
 * source matches its scheme (`http:` also https); a host source its scheme (or its https
 * upgrade), its port (the URL scheme's default when it names none) and its host, where `*.` matches
 * any subdomain but not the host itself.
 */
export function cspSourceMatches(source: string, url: URL): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*:)$/i.exec(source.trim());
  if (scheme) {
    const wanted = scheme[1]!.toLowerCase();
    return url.protocol === wanted || (wanted === 'http:' && url.protocol === 'https:');
  }
  const host = /^([a-z][a-z0-9+.-]*:)\/\/(\*\.)?([^/:?#]+)(?::(\d+))?\/?$/i.exec(source.trim());
  if (!host) return false;
  const [, sourceScheme, wildcard, sourceHost, sourcePort] = host;
  const wantedScheme = sourceScheme!.toLowerCase();
  if (url.protocol !== wantedScheme && !(wantedScheme === 'http:' && url.protocol === 'https:')) return false;
  // No port in the source: the URL's scheme's default port only; a port: that one (explicit or default).
  if (sourcePort === undefined ? url.port !== '' : sourcePort !== (url.port || DEFAULT_PORTS[url.protocol])) return false;
  const hostname = url.hostname.toLowerCase();
  const expected = sourceHost!.toLowerCase();
  return wildcard ? hostname.endsWith(`.${expected}`) : hostname === expected;
}

/**
 * Whether the page's Content-Security-Policy lets an <img> load `url`: a `data:` image, this
 * page's own origin, or a media source the server published (its img-src is `'self' data:` plus
 * those). Anything else would be blocked, and logged as a violation, so a view shows no <img> for it.
 */
export function imageAllowed(url: string, mediaSources: readonly string[], pageOrigin: string): boolean {
  if (DATA_IMAGE.test(url)) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  return parsed.origin === pageOrigin || mediaSources.some((source) => cspSourceMatches(source, parsed));
}

/**
 * A test of whether the page may load an image URL, by the media sources the server published
 * (`mediaSources` of /lookup-config.json): until it has answered, or when it publishes none, only
 * `data:` images and this origin's.
 */
export function useImageAllowed(): (url: string) => boolean {
  const sources = useLookupConfig().data?.mediaSources;
  return useCallback((url: string) => imageAllowed(url, sources ?? [], window.location.origin), [sources]);
}
