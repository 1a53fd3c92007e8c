// The watchlists' API, after the access gate: POST /watches, GET /watches, GET /watches/<id> (with
// what it runs, in words, and its changes) and POST /watches/<id>/stop: routes of the server core
// over the watch service (watch-service.ts). A user sees only their own watches. A browser
// opening /watches as a page gets the app.
import { WATCH_QUERY_ROWS_SHOWN, WATCHES_PATH, type WatchQuery } from '../../lookups/jobs-wire.ts';
import type { LookupIndex } from '../../lookups/lookup-index.ts';
import type { ChainHandler } from '../http/handler-types.ts';
import { readJson } from '../http/read-body.ts';
import { sendRefusal } from '../http/refusal.ts';
import { createRoutes } from '../http/routes.ts';
import { sendJson } from '../http/send-json.ts';
import type { AuditLog } from '../team/audit-log.ts';
import { userOfRequest } from '../team/team-proxy.ts';
import { auditJobAction } from './job-audit.ts';
import { ID_PATTERN } from './job-routes.ts';
import { WATCH_NOT_FOUND, watchCreation, type WatchService } from './watch-service.ts';
import type { Watch, WatchStore } from './watch-store.ts';

/** The most a watch's body may be. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface WatchRoutesOptions {
  service: WatchService;
  /** Where a watch's changes are read from. */
  watches: WatchStore;
  index: LookupIndex;
  audit?: AuditLog;
}

function watchDocument(watch: Watch) {
  return {
    id: watch.id,
    url: `${WATCHES_PATH}/${watch.id}`,
    name: watch.name,
    owner: watch.owner,
    lookup: watch.lookup,
    operation: watch.operation,
    rows: watch.rows.length,
    schedule: watch.schedule,
    stopped: watch.stopped,
    createdAt: new Date(watch.createdAt).toISOString(),
    lastJob: watch.lastJob ?? null,
  };
}

export function createWatchRoutes({ service, watches, index, audit }: WatchRoutesOptions): ChainHandler {
  const record = (watch: Watch, method: string, status: number, action: 'watch-start' | 'watch-stop') =>
    auditJobAction(audit, { user: watch.owner, lookup: watch.lookup, operation: watch.operation, method, status, id: watch.id, action });

  /** The Watch page's words for what the watch runs. */
  const queryInWords = (watch: Watch): WatchQuery => {
    const found = index.operation(watch.lookup, watch.operation);
    return {
      lookupTitle: found ? `${found.lookup.id}. ${found.lookup.title}` : watch.lookup,
      operationLabel: found?.operation.label ?? watch.operation,
      rows: watch.rows.slice(0, WATCH_QUERY_ROWS_SHOWN),
      totalRows: watch.rows.length,
    };
  };

  return createRoutes(
    {
      [WATCHES_PATH]: {
        POST: async (req, res) => {
          const read = await readJson(req, watchCreation, MAX_BODY_BYTES, {
            code: 'invalid_watch',
            name: 'watch',
            shape: '{name, lookup, operation, rows, schedule}',
          });
          if (!read.ok) return sendRefusal(res, read);
          const created = await service.create(userOfRequest(req), read.body);
          if (!created.ok) return sendRefusal(res, created);
          record(created.watch, 'POST', 201, 'watch-start');
          sendJson(res, 201, watchDocument(created.watch), { location: `${WATCHES_PATH}/${created.watch.id}` });
        },
        GET: async (req, res) => sendJson(res, 200, { watches: (await service.list(userOfRequest(req))).map(watchDocument) }),
      },
      [`${WATCHES_PATH}/:id`]: {
        GET: async (req, res, { params }) => {
          const watch = await service.find(userOfRequest(req), params.id!);
          if (!watch) return sendRefusal(res, WATCH_NOT_FOUND);
          sendJson(res, 200, { ...watchDocument(watch), query: queryInWords(watch), changes: await watches.changes(watch.id) });
        },
      },
      [`${WATCHES_PATH}/:id/stop`]: {
        POST: async (req, res, { params }) => {
          const stopped = await service.stop(userOfRequest(req), params.id!);
          if (!stopped.ok) return sendRefusal(res, stopped);
          record(stopped.watch, 'POST', 200, 'watch-stop');
          sendJson(res, 200, watchDocument(stopped.watch));
        },
      },
    },
    { params: { id: ID_PATTERN }, owns: { prefix: WATCHES_PATH, notFound: WATCH_NOT_FOUND }, passPageNavigations: true },
  );
}
