// What the team server adds in front of the lookup handler and the app's files: /readyz (is the
// shared store answering?) and, when an access mode is configured, the access gate and after it
// /me (who is signed in: identity-route.ts). A store that does not answer makes the gate fail
// closed: 503 `store_unavailable`, nothing else runs.
import type { IncomingMessage } from 'node:http';
import type { ChainHandler, RequestHandler } from '../http/handler-types.ts';
import { refusal, sendRefusal } from '../http/refusal.ts';
import { createRoutes } from '../http/routes.ts';
import { sendJson } from '../http/send-json.ts';
import { createAccessGate } from './access.ts';
import { createIdentityRoutes } from './identity-route.ts';
import { accessEnabled, type AccessConfig } from './access-config.ts';
import type { AuditLog } from './audit-log.ts';
import { createProtectedResourceRoutes } from './oauth-resource.ts';
import { isStoreUnavailable } from './shared-store.ts';
import type { SharedStore } from './store-types.ts';

export const READINESS_PATH = '/readyz';

export interface TeamHandlerOptions {
  store: SharedStore;
  /** Undefined or with no mode configured: every request goes on, as on a laptop. */
  access?: AccessConfig;
  /** The audit log, for refusals at the gate. */
  audit?: AuditLog;
  /** A server-side job's own row requests name their owner (jobs/job-identity.ts). */
  internalUser?: (req: IncomingMessage) => string | undefined;
}

/** /readyz: 200 {"status":"ready","store":kind} while the store answers, else 503 `store_unavailable`. */
export function createReadinessHandler(store: SharedStore): ChainHandler {
  return createRoutes({
    [READINESS_PATH]: {
      GET: async (_req, res) => {
        if (await store.ping()) sendJson(res, 200, { status: 'ready', store: store.kind });
        else
          sendRefusal(
            res,
            refusal(503, 'store_unavailable', `The shared store (${store.kind}) does not answer: this instance is not ready`, {
              headers: { 'retry-after': '5' },
            }),
          );
      },
    },
  });
}

const SIGN_IN_UNAVAILABLE = refusal(503, 'store_unavailable', 'Sign-in is unavailable: the shared store (Redis) does not answer', {
  headers: { 'retry-after': '5' },
});

export function createTeamHandler({ store, access, audit, internalUser }: TeamHandlerOptions): ChainHandler {
  const readiness = createReadinessHandler(store);
  // Without a gate, every request but /readyz is declined at once (no promise, no microtask turn);
  // /me then finds nothing and gets the server's 404, so the page stays local-first.
  if (!accessEnabled(access)) return readiness;
  const gate = createAccessGate({ access, store, ...(audit && { audit }), ...(internalUser && { internalUser }) });
  const identity = createIdentityRoutes(access);
  const gated: RequestHandler = async (req, res) => {
    try {
      return (await gate(req, res)) || (await identity(req, res));
    } catch (error) {
      if (!isStoreUnavailable(error) || res.headersSent) throw error;
      sendRefusal(res, SIGN_IN_UNAVAILABLE);
      return true;
    }
  };
  // With OAuth, the protected-resource metadata comes before the gate: clients read it to sign in.
  const metadata = access.oauth && createProtectedResourceRoutes(access.oauth);
  return (req, res) => {
    const answered = readiness(req, res);
    if (answered !== false) return answered;
    const described = metadata ? metadata(req, res) : false;
    return described === false ? gated(req, res) : described;
  };
}
