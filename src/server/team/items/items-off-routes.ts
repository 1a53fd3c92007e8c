// /team/items on a server that keeps no team items (no access mode: a laptop, Vite dev): 404 for
// every method and path under it, so the page's fetch is told plainly and stays local-first
// instead of getting the app's HTML. In a module of its own: such a server loads nothing of the items.
import { TEAM_ITEMS_PATH } from '../../../lookups/team-wire.ts';
import type { ChainHandler } from '../../http/handler-types.ts';
import { refusal } from '../../http/refusal.ts';
import { createRoutes } from '../../http/routes.ts';

const NO_ITEMS = refusal(404, 'not_found', 'This server keeps no team items: it has no sign-in, so what you save stays in this browser');

export function createItemsOffRoutes(): ChainHandler {
  return createRoutes({}, { owns: { prefix: TEAM_ITEMS_PATH, notFound: NO_ITEMS } });
}
