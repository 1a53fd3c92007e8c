// A route table: exact raw paths, each with the methods it answers. A path that is not in the table
// is declined at once (no promise, nothing allocated), so a handler chain passes the proxy's
// requests through for the cost of comparing a few strings; a method the path does not answer gets
// the envelope's 405 with `Allow`. GET answers HEAD too (node:http sends no body for HEAD).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChainHandler } from './handler-types.ts';
import { refusal, sendRefusal, type Refusal } from './refusal.ts';
import { splitTarget, type RequestTarget } from './request-target.ts';

/** Answers a request a route picked; whatever it sends, the request was the route's. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse, target: RequestTarget) => void | Promise<void>;

export type RouteMethod = 'GET' | 'POST';

export type RouteMethods = Partial<Record<RouteMethod, RouteHandler>>;

export type RouteTable = Readonly<Record<string, RouteMethods>>;

interface CompiledRoute {
  path: string;
  methods: ReadonlyMap<string, RouteHandler>;
  notAllowed: Refusal;
}

/** "GET only", "GET and POST", "GET, POST and PUT". */
function listed(methods: readonly string[]): string {
  if (methods.length === 1) return `${methods[0]} only`;
  return `${methods.slice(0, -1).join(', ')} and ${methods.at(-1)}`;
}

function compile(path: string, methods: RouteMethods): CompiledRoute {
  const table = new Map<string, RouteHandler>();
  for (const [method, handler] of Object.entries(methods) as [RouteMethod, RouteHandler | undefined][]) {
    if (!handler) continue;
    table.set(method, handler);
    if (method === 'GET') table.set('HEAD', handler);
  }
  const named = [...table.keys()].filter((method) => method !== 'HEAD');
  const allow = [...table.keys()].sort().join(', ');
  return { path, methods: table, notAllowed: refusal(405, 'method_not_allowed', `${path} accepts ${listed(named)}`, { headers: { allow } }) };
}

function answered(result: void | Promise<void>): true | Promise<boolean> {
  return result instanceof Promise ? result.then(() => true) : true;
}

/** Whether the raw target's path is exactly `path` (a table holds a few paths: no Map, no slice). */
function isPathOf(target: string, path: string): boolean {
  return target.startsWith(path) && (target.length === path.length || target.charCodeAt(path.length) === 63 /* ? */);
}

function declineAll(): false {
  return false;
}

/** The table as a chain handler: its own paths answered (or 405), every other path declined at once. */
export function createRoutes(table: RouteTable): ChainHandler {
  const routes = Object.entries(table).map(([path, methods]) => compile(path, methods));
  if (routes.length === 0) return declineAll;
  return (req, res) => {
    const url = req.url ?? '/';
    let route: CompiledRoute | undefined;
    for (const candidate of routes) {
      if (!isPathOf(url, candidate.path)) continue;
      route = candidate;
      break;
    }
    if (!route) return false;
    const target = splitTarget(url);
    const handler = route.methods.get(req.method ?? 'GET');
    if (!handler) {
      sendRefusal(res, route.notAllowed);
      return true;
    }
    return answered(handler(req, res, target));
  };
}
