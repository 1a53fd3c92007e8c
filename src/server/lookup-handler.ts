// Everything the servers answer besides the app's files: /healthz, /lookup-config.json,
// /openapi.json, /map-config.json and the proxy. Lookups, demo generators and the OpenAPI document are passed
// in, so tests can run the handler over a registry of their own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyLookup, LookupId } from '../lookups/define-lookup.ts';
import { LOOKUP_CONFIG_PATH } from '../lookups/wire.ts';
import { lookupConfigDocument, lookupModes, type ServerConfig } from './config.ts';
import type { DemoGenerator } from '../demo/demo-types.ts';
import { sendError, sendJson, splitTarget } from './http-io.ts';
import { personalDataMasking } from './masking-transform.ts';
import { createProxyHandler, type RequestHandler } from './proxy-handler.ts';
import type { TeamProxy } from './team/team-proxy.ts';

export interface LookupHandlerOptions {
  lookups: readonly AnyLookup[];
  generators: Partial<Record<LookupId, DemoGenerator>>;
  config: ServerConfig;
  openApiDocument: () => unknown;
  log?: (line: string) => void;
  /** The team layer (cache, budgets, limits, audit, metrics), passed on to the proxy. */
  team?: TeamProxy;
}

export function createLookupHandler(options: LookupHandlerOptions): RequestHandler {
  // Personal data is masked here, before an answer leaves the server (LOOKUP_MASK, X-Lookup-Mask).
  const proxy = createProxyHandler({ ...options, ...personalDataMasking(options.config.mask) });
  let openApi: unknown;
  // A Map: a request's path is looked up as it came, without making a property name of it.
  const documents = new Map<string, () => unknown>([
    // Modes only: never a key or base URL.
    ['/healthz', () => ({ status: 'ok', lookups: lookupModes(options.config) })],
    // Modes and where each key travels (the Request tab shows it): never a key or base URL.
    [LOOKUP_CONFIG_PATH, () => lookupConfigDocument(options.config)],
    // Built once, on first request: the definitions do not change while the server runs.
    ['/openapi.json', () => (openApi ??= options.openApiDocument())],
    ['/map-config.json', () => ({ tileUrl: options.config.map.tileUrl, tileAttribution: options.config.map.tileAttribution })],
  ]);

  // Not an async function: the proxy's own promise is handed back as it is, not wrapped in another
  // (an async function returning a promise adds turns of the microtask queue to every request).
  return (req, res) => {
    const { path } = splitTarget(req.url ?? '/');
    const document = documents.get(path);
    return document ? sendDocument(req, res, path, document) : proxy(req, res);
  };
}

/** One of the JSON documents; async so that a document that throws rejects like any handler. */
async function sendDocument(req: IncomingMessage, res: ServerResponse, path: string, document: () => unknown): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendError(res, 405, { origin: 'proxy', code: 'method_not_allowed', message: `${path} accepts GET only` }, { allow: 'GET, HEAD' });
    return true;
  }
  sendJson(res, 200, document());
  return true;
}
