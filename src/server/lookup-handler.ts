// Everything the servers answer besides the app's files: /healthz, /lookup-config.json,
// /openapi.json, /map-config.json and the proxy. Lookups, demo generators and the OpenAPI document are passed
// in, so tests can run the handler over a registry of their own.
import type { AnyLookup, LookupId } from '../lookups/define-lookup.ts';
import { LOOKUP_CONFIG_PATH, WIRE_HEADERS } from '../lookups/wire.ts';
import { lookupConfigDocument, lookupModes, type ServerConfig } from './config.ts';
import type { DemoGenerator } from '../demo/demo-types.ts';
import type { ChainHandler, RequestHandler } from './http/handler-types.ts';
import { createRoutes, type RouteMethods } from './http/routes.ts';
import { sendJson } from './http/send-json.ts';
import { offThreadMasking } from './mask-pool.ts';
import { streamingMasking } from './masking-stream.ts';
import { maskStreamPool } from './mask-stream-pool.ts';
import { personalDataMasking, unmaskedAllowed } from './masking-transform.ts';
import { withServerOrigin } from './openapi-origin.ts';
import { createProxyHandler } from './proxy-handler.ts';
import { guardedOrigin } from './request-guard.ts';
import { userOf } from './team/access.ts';
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

/** A JSON document answered to GET and HEAD. */
function document(build: () => unknown): RouteMethods {
  return { GET: (_req, res) => sendJson(res, 200, build()) };
}

/** The JSON documents, as a route table: declines every other path at once. */
export function createDocumentRoutes({ config, openApiDocument }: Pick<LookupHandlerOptions, 'config' | 'openApiDocument'>): ChainHandler {
  let openApi: unknown;
  return createRoutes({
    // Modes only: never a key or base URL.
    '/healthz': document(() => ({ status: 'ok', lookups: lookupModes(config) })),
    // Modes and where each key travels (the Request tab shows it): never a key or base URL.
    // On a team server the gate has named the user: the document says so (the page then asks /me).
    [LOOKUP_CONFIG_PATH]: { GET: (req, res) => sendJson(res, 200, lookupConfigDocument(config, userOf(req) !== undefined)) },
    // Built once, on first request: the definitions do not change while the server runs. Each
    // answer names the origin the guard accepted for it (D-07), else the document's default.
    '/openapi.json': { GET: (req, res) => sendJson(res, 200, withServerOrigin((openApi ??= openApiDocument()), guardedOrigin(req))) },
    '/map-config.json': document(() => ({ tileUrl: config.map.tileUrl, tileAttribution: config.map.tileAttribution })),
  });
}

/** What a live answer sent unmasked on request says (as masking's own pass-through does). */
const SENT_UNMASKED: Readonly<Record<string, string>> = Object.freeze({ [WIRE_HEADERS.masked]: 'false' });

/**
 * The proxy, with personal data masked before an answer leaves the server (LOOKUP_MASK,
 * X-Lookup-Mask): a large live answer on a worker thread (mask-pool.ts), and an answer the browser
 * may have unmasked streamed as it arrives rather than read whole.
 */
export function createMaskingProxy(options: Omit<LookupHandlerOptions, 'openApiDocument'>): RequestHandler {
  const { mask: policy = 'default', maskSecret } = options.config;
  const masking = personalDataMasking(policy, maskSecret);
  const transformBody = offThreadMasking(policy, maskSecret, masking.transformBody!);
  return createProxyHandler({
    ...options,
    ...masking,
    transformBody,
    streamBody: streamingMasking(policy, maskSecret, transformBody, (lookup, operation, task) =>
      maskStreamPool()?.open(lookup, operation, task),
    ),
    untransformed: (headers) => (unmaskedAllowed(policy, headers) ? SENT_UNMASKED : undefined),
  });
}

/** The documents, then the proxy, as one handler (tests and the proxy-overhead benchmark mount it alone). */
export function createLookupHandler(options: LookupHandlerOptions): RequestHandler {
  const documents = createDocumentRoutes(options);
  const proxy = createMaskingProxy(options);
  // Not an async function: the proxy's own promise is handed back as it is, not wrapped in another
  // (an async function returning a promise adds turns of the microtask queue to every request).
  return (req, res) => {
    let answered: boolean | Promise<boolean>;
    try {
      answered = documents(req, res);
    } catch (error) {
      return Promise.reject(error);
    }
    return answered === false ? proxy(req, res) : Promise.resolve(answered);
  };
}
