// The MCP Apps views (the `io.modelcontextprotocol/ui` extension): two `ui://` resources, a map and
// a table of a lookup tool's answer, that a host shows in its sandboxed frame beside the result. A
// tool whose records have points links the map (which has the table under it), any other the table
// (tool-catalog.ts, `_meta.ui.resourceUri`). Both are the one HTML document `vite build` makes from
// src/mcp-app/ (scripts, styles and data inline: nothing else to fetch), told here which view it is
// and where the app's own pages are, for its "Open in Lookup Explorer" link. The resource's CSP
// metadata asks for no network at all: no connect, resource or frame domains.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyOperation } from '../../lookups/define-lookup.ts';

export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
export type AppView = 'map' | 'table';
export const APP_URIS: Record<AppView, string> = {
  map: 'ui://lookups/map',
  table: 'ui://lookups/table',
};
/** Where the build writes the app's document, under the build's folder. */
export const APP_HTML_PATH = join('mcp-app', 'app.html');

/** The view an operation's answers open in: the map when its records can have points, else the table. */
export function appViewOf(operation: AnyOperation): AppView {
  return operation.adapters?.point ? 'map' : 'table';
}

export const appUriOf = (operation: AnyOperation): string => APP_URIS[appViewOf(operation)];

/** The resource's `_meta.ui`: empty domain lists, so a host lets the frame reach nothing but its bridge. */
const APP_RESOURCE_META = { ui: { csp: { connectDomains: [], resourceDomains: [], frameDomains: [] }, prefersBorder: true } };

export const APP_LISTINGS = [
  {
    uri: APP_URIS.map,
    name: 'app-map',
    title: 'Map of an answer (MCP App)',
    description: 'A lookup answer’s records with points on a map (clusters, legend, search circle) and in a table.',
    mimeType: APP_MIME_TYPE,
    _meta: APP_RESOURCE_META,
  },
  {
    uri: APP_URIS.table,
    name: 'app-table',
    title: 'Table of an answer (MCP App)',
    description: 'A lookup answer’s records in a sortable, filterable table.',
    mimeType: APP_MIME_TYPE,
    _meta: APP_RESOURCE_META,
  },
];

export interface AppSources {
  /** The built document; undefined when there is no build. */
  html: () => string | undefined;
  /** Where the app's pages are (the origin this server was reached at); undefined: not known. */
  origin?: string | undefined;
}

/** The build's folder: DIST_DIR as the server reads it, else the repository's dist/. */
function distDir(): string {
  const configured = process.env.DIST_DIR;
  return configured ? resolve(configured) : fileURLToPath(new URL('../../../dist/', import.meta.url));
}

let cached: string | undefined;
/** The built app document, read once per process (a rebuild means a restart, as for the pages). */
export function builtAppHtml(): string | undefined {
  if (cached !== undefined) return cached;
  try {
    cached = readFileSync(join(distDir(), APP_HTML_PATH), 'utf8');
  } catch {
    return undefined;
  }
  return cached;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The document for one view: the build's, with the view and the pages' origin on its root element. */
export function appDocument(view: AppView, { html, origin }: AppSources): string {
  const built = html();
  if (built === undefined)
    return `<!doctype html><meta charset="utf-8"><title>Lookup Explorer</title><p>The app view is not built on this server: run <code>npm run build</code>.</p>`;
  const marks = `data-view="${view}"${origin ? ` data-origin="${attribute(origin)}"` : ''}`;
  return built.replace(/<html\b/i, `<html ${marks}`);
}

/** The ui:// resource at `uri`, or undefined when it is not one of the views. */
export function readAppResource(uri: string, sources: AppSources) {
  const view = (Object.keys(APP_URIS) as AppView[]).find((name) => APP_URIS[name] === uri);
  if (!view) return undefined;
  return { uri, mimeType: APP_MIME_TYPE, text: appDocument(view, sources), _meta: APP_RESOURCE_META };
}
