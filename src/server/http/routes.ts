// A route table: raw paths, each with the methods it answers. A path is exact (`/healthz`) or a
// pattern whose `:name` segments are parameters (`/jobs/:id/events`). A path that is not in the
// table is declined at once (no promise, nothing allocated), so a handler chain passes the proxy's
// requests through for the cost of comparing a few strings; a method the path does not answer gets
// the envelope's 405 with `Allow`, built from the table. GET answers HEAD too (node:http sends no
// body for HEAD), unless the route names a HEAD of its own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChainHandler } from './handler-types.ts';
import { isPageNavigation } from './page-navigation.ts';
import { refusal, sendRefusal, type Refusal } from './refusal.ts';
import { splitTarget, type RequestTarget } from './request-target.ts';

/** The request target, and the values of the route's `:name` segments (still percent-encoded). */
export interface RouteTarget extends RequestTarget {
  params: Readonly<Record<string, string>>;
}

/** Answers a request a route picked; whatever it sends, the request was the route's. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse, target: RouteTarget) => void | Promise<void>;

export type RouteMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export type RouteMethods = Partial<Record<RouteMethod, RouteHandler>>;

export type RouteTable = Readonly<Record<string, RouteMethods>>;

export interface RouteOptions {
  /** What a `:name` segment must match (whole); without one, any non-empty segment does. */
  params?: Readonly<Record<string, RegExp>>;
  /**
   * The table owns every path under `prefix`: trailing slashes are dropped, and a path under it
   * that no route matches gets `notFound` (any method), not the next handler.
   */
  owns?: { prefix: string; notFound: Refusal };
  /** A browser opening one of the table's paths as a page is declined: the app answers it. */
  passPageNavigations?: boolean;
}

type Segment = { literal: string } | { param: string; pattern: RegExp | undefined };

interface CompiledRoute {
  path: string;
  /** The path's text before its first parameter: a target that does not start with it is not this route's. */
  head: string;
  /** Undefined for an exact path. */
  segments: Segment[] | undefined;
  methods: ReadonlyMap<string, RouteHandler>;
  allow: string;
  named: string;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** "GET only", "GET and POST", "GET, POST and PUT". */
function listed(methods: readonly string[]): string {
  if (methods.length === 1) return `${methods[0]} only`;
  return `${methods.slice(0, -1).join(', ')} and ${methods.at(-1)}`;
}

function compile(path: string, methods: RouteMethods, patterns: Readonly<Record<string, RegExp>>): CompiledRoute {
  const table = new Map<string, RouteHandler>();
  for (const [method, handler] of Object.entries(methods) as [RouteMethod, RouteHandler | undefined][]) {
    if (handler) table.set(method, handler);
  }
  if (!table.has('HEAD') && methods.GET) table.set('HEAD', methods.GET);
  const named = [...table.keys()].filter((method) => method !== 'HEAD' || !methods.GET).sort();
  const allow = [...table.keys()].sort().join(', ');
  const mark = path.indexOf('/:');
  if (mark === -1) return { path, head: path, segments: undefined, methods: table, allow, named: listed(named) };
  const segments = path
    .slice(1)
    .split('/')
    .map((part): Segment => (part.startsWith(':') ? { param: part.slice(1), pattern: patterns[part.slice(1)] } : { literal: part }));
  return { path, head: path.slice(0, mark + 1), segments, methods: table, allow, named: listed(named) };
}

/** The route's parameters when `path` is its pattern's, else undefined. */
function paramsOf(route: CompiledRoute, path: string): Readonly<Record<string, string>> | undefined {
  if (!route.segments) return path === route.path ? NO_PARAMS : undefined;
  const parts = path.slice(1).split('/');
  if (parts.length !== route.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of route.segments.entries()) {
    const part = parts[index]!;
    if ('literal' in segment) {
      if (part !== segment.literal) return undefined;
    } else {
      if (part === '' || (segment.pattern && !wholly(segment.pattern, part))) return undefined;
      params[segment.param] = part;
    }
  }
  return params;
}

function wholly(pattern: RegExp, text: string): boolean {
  const match = pattern.exec(text);
  return match !== null && match.index === 0 && match[0].length === text.length;
}

function answered(result: void | Promise<void>): true | Promise<boolean> {
  return result instanceof Promise ? result.then(() => true) : true;
}

/** Whether the raw target's path starts with `head` and, when `exact`, is exactly it (no Map, no slice). */
function startsPath(target: string, head: string, exact: boolean): boolean {
  if (!target.startsWith(head)) return false;
  return !exact || target.length === head.length || target.charCodeAt(head.length) === 63; /* ? */
}

/** Whether the raw target's path is `prefix` or under it (`/jobs`, `/jobs/…`, `/jobs?…`; not `/jobsx`). */
function isUnder(target: string, prefix: string): boolean {
  if (!target.startsWith(prefix)) return false;
  const next = target.charCodeAt(prefix.length);
  return target.length === prefix.length || next === 47 /* / */ || next === 63; /* ? */
}

function declineAll(): false {
  return false;
}

function notAllowed(route: CompiledRoute, path: string): Refusal {
  return refusal(405, 'method_not_allowed', `${path} accepts ${route.named}`, { headers: { allow: route.allow } });
}

/** The table as a chain handler: its own paths answered (or 405), every other path declined at once. */
export function createRoutes(table: RouteTable, options: RouteOptions = {}): ChainHandler {
  const routes = Object.entries(table).map(([path, methods]) => compile(path, methods, options.params ?? {}));
  const { owns, passPageNavigations = false } = options;
  if (routes.length === 0 && !owns) return declineAll;
  // When every route is under the owned prefix, one comparison declines another path (the proxy's).
  const onlyOwned = owns !== undefined && routes.every((route) => isUnder(route.path, owns.prefix));
  return (req, res) => {
    const url = req.url ?? '/';
    let mine = owns !== undefined && isUnder(url, owns.prefix);
    if (!mine && !onlyOwned) {
      for (const candidate of routes) {
        if (!startsPath(url, candidate.head, !candidate.segments)) continue;
        mine = true;
        break;
      }
    }
    if (!mine) return false;
    if (passPageNavigations && isPageNavigation(req)) return false;
    const target = splitTarget(url);
    const path = owns ? target.path.replace(/(?<=.)\/+$/, '') : target.path;
    for (const route of routes) {
      const params = paramsOf(route, path);
      if (!params) continue;
      const handler = route.methods.get(req.method ?? 'GET');
      if (!handler) {
        sendRefusal(res, notAllowed(route, path));
        return true;
      }
      return answered(handler(req, res, { ...target, params }));
    }
    if (!owns) return false;
    sendRefusal(res, owns.notFound);
    return true;
  };
}
