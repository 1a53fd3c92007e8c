// The MCP Apps views as resources and as the tools' links: both ui:// documents listed and read
// with the extension's MIME type and a CSP that allows no network, each read told its view and the
// pages' origin; every lookup tool linking the map when its records have points, else the table.
import { describe, expect, it } from 'vitest';
import { allLookups } from '../../lookups/registry.ts';
import { APP_MIME_TYPE, APP_URIS, appDocument } from './app-resources.ts';
import { listResources, readResource, type ResourceSources } from './resources.ts';
import { lookupTools } from './tool-catalog.ts';

const BUILT = '<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /></head><body><div id="root"></div></body></html>';
const sources = (origin?: string): ResourceSources => ({
  lookups: allLookups,
  factsOf: () => ({ mode: 'demo' }),
  openApiDocument: () => ({}),
  app: { html: () => BUILT, origin },
});
const noNetwork = { ui: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [] }, prefersBorder: true } };

describe('the MCP Apps views', () => {
  it('are listed as ui:// resources of the extension’s MIME type, asking for no network', () => {
    const apps = listResources({ lookups: allLookups }).filter((resource) => resource.uri.startsWith('ui://'));
    expect(apps.map((resource) => resource.uri)).toEqual([APP_URIS.map, APP_URIS.table]);
    for (const app of apps) {
      expect(app.mimeType).toBe('text/html;profile=mcp-app');
      expect(app._meta).toEqual(noNetwork);
    }
  });

  it('read as the built document, told which view it is and where the app’s pages are', () => {
    const map = readResource(APP_URIS.map, sources('http://lookups.example:8080'))!;
    expect(map.mimeType).toBe(APP_MIME_TYPE);
    expect(map._meta).toEqual(noNetwork);
    expect(map.text).toContain('<html data-view="map" data-origin="http://lookups.example:8080" lang="en">');
    expect(map.text).toContain('<div id="root"></div>');
    expect(readResource(APP_URIS.table, sources())!.text).toContain('<html data-view="table" lang="en">');
    expect(readResource('ui://lookups/other', sources())).toBeUndefined();
  });

  it('write the origin as an attribute value, nothing more', () => {
    const text = appDocument('map', { html: () => BUILT, origin: 'http://x"><script>alert(1)</script>' });
    expect(text).toContain('data-origin="http://x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(text).not.toContain('<script>');
  });

  it('say plainly when the server has no build of them', () => {
    const text = appDocument('table', { html: () => undefined });
    expect(text).toContain('not built');
    expect(text).toContain('npm run build');
  });
});

describe('the tools’ links to the views', () => {
  const tools = lookupTools(allLookups, () => 'demo');
  const viewOf = (letter: string) =>
    tools.filter((tool) => tool.lookup.id === letter).map((tool) => (tool.definition._meta.ui as { resourceUri: string }).resourceUri);

  it('link the map for the lookups whose records have points (B, E, H, L, M among them)', () => {
    for (const letter of ['B', 'E', 'H', 'L', 'M']) expect(viewOf(letter), letter).toContain(APP_URIS.map);
  });

  it('link the table for answers without points, and every tool links one of the two', () => {
    for (const letter of ['A', 'I', 'N', 'T']) expect(viewOf(letter), letter).toEqual(viewOf(letter).map(() => APP_URIS.table));
    for (const tool of tools) {
      const uri = (tool.definition._meta.ui as { resourceUri: string }).resourceUri;
      expect(uri).toBe(tool.operation.adapters?.point ? APP_URIS.map : APP_URIS.table);
    }
  });
});
