// The team's items API, after the access gate (so every route has a user): GET /team/items (a
// page of the user's own or of the team's, by an index), POST /team/items, and GET, PUT and DELETE
// /team/items/<id>: routes of the server core over the item service (item-service.ts). Mounted
// only on a team server (an access mode): a single-user server answers 404 here.
import type { ServerResponse } from 'node:http';
import {
  createItemSchema,
  editItemSchema,
  itemScopeSchema,
  teamItemKindSchema,
  TEAM_ITEMS_PATH,
  type ItemScope,
  type TeamItemKind,
} from '../../../lookups/team-wire.ts';
import { registryIndex } from '../../../lookups/registry.ts';
import type { ChainHandler } from '../../http/handler-types.ts';
import { readJson, type JsonBodyWords } from '../../http/read-body.ts';
import { refusal, sendRefusal, type Refusal } from '../../http/refusal.ts';
import { createRoutes, type RouteHandler } from '../../http/routes.ts';
import { sendJson } from '../../http/send-json.ts';
import { isStoreUnavailable } from '../store-errors.ts';
import { userOfRequest } from '../team-proxy.ts';
import { itemRequestLimit } from './item-settings.ts';
import { parseCursor, type ItemCursor } from './item-store.ts';
import { ITEM_NOT_FOUND, type ItemOutcome, type ItemService, type StaleRefusal } from './item-service.ts';

const ITEM_ID = /[A-Za-z0-9_-]{8,64}/;

const CREATE_WORDS: JsonBodyWords = { code: 'invalid_item', name: 'item', shape: '{kind, visibility, title, body}' };
const EDIT_WORDS: JsonBodyWords = { code: 'invalid_item', name: 'edit', shape: '{visibility, title, body, version}' };

const STORE_DOWN = refusal(
  503,
  'store_unavailable',
  'The team’s items cannot be read or saved now: the shared store (Redis) does not answer',
  {
    headers: { 'retry-after': '5' },
  },
);

export interface ItemRoutesOptions {
  service: ItemService;
  /** The largest item body (ItemSettings.maxItemBytes): a request may be that and its envelope. */
  maxItemBytes: number;
}

function sendOutcome(res: ServerResponse, outcome: ItemOutcome, status: number): void {
  if (outcome.ok) return sendJson(res, status, outcome.item);
  if ('stale' in outcome) return sendJson(res, 409, (outcome as StaleRefusal).stale);
  sendRefusal(res, outcome);
}

/**
 * The list's query: its scope (`mine` unless said), its kind (all unless said), the lookup of the
 * saved queries (with kind query only) and its cursor, or why not.
 */
function listQuery(query: string): { scope: ItemScope; kind?: TeamItemKind; lookup?: string; cursor?: ItemCursor } | Refusal {
  const params = new URLSearchParams(query);
  const fields: Record<string, string> = {};
  const scope = itemScopeSchema.safeParse(params.get('scope') ?? 'mine');
  if (!scope.success) fields.scope = 'must be mine or team';
  const kindText = params.get('kind');
  const kind = kindText === null ? undefined : teamItemKindSchema.safeParse(kindText);
  if (kind && !kind.success) fields.kind = `must be one of ${teamItemKindSchema.options.join(', ')}`;
  const cursorText = params.get('cursor');
  const cursor = cursorText === null ? undefined : parseCursor(cursorText);
  if (cursorText !== null && !cursor) fields.cursor = 'is not a cursor this list gave';
  const lookup = params.get('lookup');
  if (lookup !== null && !registryIndex.lookup(lookup)) fields.lookup = 'must name a lookup (A to T)';
  else if (lookup !== null && kindText !== 'query') fields.lookup = 'lists saved queries of one lookup: ask with kind=query';
  if (Object.keys(fields).length > 0 || !scope.success)
    return refusal(
      400,
      'invalid_query',
      `The list cannot be read: ${Object.entries(fields)
        .map(([name, problem]) => `${name} ${problem}`)
        .join('; ')}`,
      { fields },
    );
  return { scope: scope.data, ...(kind?.success && { kind: kind.data }), ...(lookup !== null && { lookup }), ...(cursor && { cursor }) };
}

/** A route that answers 503 while the store is down, rather than the failure handler's 500. */
const failingClosed =
  (route: RouteHandler): RouteHandler =>
  async (req, res, target) => {
    try {
      await route(req, res, target);
    } catch (error) {
      if (!isStoreUnavailable(error) || res.headersSent) throw error;
      sendRefusal(res, STORE_DOWN);
    }
  };

export function createItemRoutes({ service, maxItemBytes }: ItemRoutesOptions): ChainHandler {
  const limit = itemRequestLimit({ maxItemBytes });
  return createRoutes(
    {
      [TEAM_ITEMS_PATH]: {
        GET: failingClosed(async (req, res, { query }) => {
          const asked = listQuery(query);
          if ('ok' in asked) return sendRefusal(res, asked);
          sendJson(res, 200, await service.list(userOfRequest(req), asked));
        }),
        POST: failingClosed(async (req, res) => {
          const read = await readJson(req, createItemSchema, limit, CREATE_WORDS);
          if (!read.ok) return sendRefusal(res, read);
          const created = await service.create(userOfRequest(req), read.body);
          sendOutcome(res, created, 201);
        }),
      },
      [`${TEAM_ITEMS_PATH}/:id`]: {
        GET: failingClosed(async (req, res, { params }) => {
          const item = await service.find(userOfRequest(req), params.id!);
          if (!item) return sendRefusal(res, ITEM_NOT_FOUND);
          sendJson(res, 200, item);
        }),
        PUT: failingClosed(async (req, res, { params }) => {
          const read = await readJson(req, editItemSchema, limit, EDIT_WORDS);
          if (!read.ok) return sendRefusal(res, read);
          sendOutcome(res, await service.edit(userOfRequest(req), params.id!, read.body), 200);
        }),
        DELETE: failingClosed(async (req, res, { params, query }) => {
          const version = Number(new URLSearchParams(query).get('version') ?? NaN);
          if (!Number.isInteger(version) || version < 1)
            return sendRefusal(
              res,
              refusal(400, 'invalid_query', 'A delete names the version it was made from: ?version=<n>', {
                fields: { version: 'must be a whole number from 1' },
              }),
            );
          sendOutcome(res, await service.remove(userOfRequest(req), params.id!, version), 200);
        }),
      },
    },
    { params: { id: ITEM_ID }, owns: { prefix: TEAM_ITEMS_PATH, notFound: ITEM_NOT_FOUND } },
  );
}
