// /jobs/config on a server without jobs (no Redis, a laptop, Vite dev): it says so, and the page
// then offers no "Run on the server". In a module of its own so that the assembly of such a server
// loads none of the jobs API (its schemas, store and Redis client) for it.
import { JOBS_PATH } from '../../lookups/jobs-wire.ts';
import type { ChainHandler } from '../http/handler-types.ts';
import { createRoutes } from '../http/routes.ts';
import { sendJson } from '../http/send-json.ts';

export const JOBS_CONFIG_PATH = `${JOBS_PATH}/config`;

export function createJobsOffRoutes(): ChainHandler {
  return createRoutes({ [JOBS_CONFIG_PATH]: { GET: (_req, res) => sendJson(res, 200, { enabled: false }) } });
}
