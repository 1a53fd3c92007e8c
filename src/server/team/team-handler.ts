// What the team server adds in front of the lookup handler and the app's files: /readyz (is the
// shared store answering?) and, when an access mode is configured, the access gate. A store that
// does not answer makes the gate fail closed: 503 `store_unavailable`, nothing else runs.
import { sendError, sendJson, splitTarget } from '../http-io.ts';
import type { ChainHandler, RequestHandler } from '../proxy-handler.ts';
import { createAccessGate } from './access.ts';
import { accessEnabled, type AccessConfig } from './access-config.ts';
import { isStoreUnavailable, type SharedStore } from './shared-store.ts';

export const READINESS_PATH = '/readyz';

export interface TeamHandlerOptions {
  store: SharedStore;
  /** Undefined or with no mode configured: every request goes on, as on a laptop. */
  access?: AccessConfig;
}

/** /readyz: 200 {"status":"ready","store":kind} while the store answers, else 503 `store_unavailable`. */
export function createReadinessHandler(store: SharedStore): RequestHandler {
  return async (req, res) => {
    if (splitTarget(req.url ?? '/').path !== READINESS_PATH) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(res, 405, { origin: 'proxy', code: 'method_not_allowed', message: `${READINESS_PATH} accepts GET only` }, { allow: 'GET, HEAD' });
      return true;
    }
    if (await store.ping()) sendJson(res, 200, { status: 'ready', store: store.kind });
    else sendError(res, 503, { origin: 'proxy', code: 'store_unavailable', message: `The shared store (${store.kind}) does not answer: this instance is not ready` }, { 'retry-after': '5' });
    return true;
  };
}

export function createTeamHandler({ store, access }: TeamHandlerOptions): ChainHandler {
  const readiness = createReadinessHandler(store);
  const gate = accessEnabled(access) ? createAccessGate({ access, store }) : undefined;
  const gated: RequestHandler = async (req, res) => {
    if (await readiness(req, res)) return true;
    if (!gate) return false;
    try {
      return await gate(req, res);
    } catch (error) {
      if (!isStoreUnavailable(error) || res.headersSent) throw error;
      sendError(res, 503, { origin: 'proxy', code: 'store_unavailable', message: 'Sign-in is unavailable: the shared store (Redis) does not answer' }, { 'retry-after': '5' });
      return true;
    }
  };
  // Without a gate, every request but /readyz is declined at once (no promise, no microtask turn).
  return (req, res) => (gate || splitTarget(req.url ?? '/').path === READINESS_PATH ? gated(req, res) : false);
}
