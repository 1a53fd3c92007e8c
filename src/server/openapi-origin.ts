// /openapi.json names this server's proxy as `{origin}/proxy/<letter>` with one `origin` server
// variable (src/lookups/openapi.ts). The document is built once; each answer gets a copy whose
// `origin` defaults to where that request reached the server, so an import into Postman or
// Insomnia calls the port and host the document came from, not the default address.
import { isRecord } from '../lookups/adapters.ts';

type Json = Record<string, unknown>;

/** A server object with its `origin` variable's default set, or the same object when it has none. */
function serverWithOrigin(server: unknown, origin: string): unknown {
  if (!isRecord(server) || !isRecord(server.variables) || !isRecord(server.variables.origin)) return server;
  return { ...server, variables: { ...server.variables, origin: { ...server.variables.origin, default: origin } } };
}

function withServers<T>(holder: T, origin: string): T {
  if (!isRecord(holder) || !Array.isArray(holder.servers)) return holder;
  return { ...holder, servers: holder.servers.map((server) => serverWithOrigin(server, origin)) };
}

/**
 * `document` with every `origin` server variable (the root's and each path item's) defaulting to
 * `origin`; only the objects on the way are copied. Undefined origin: the document as it is.
 */
export function withServerOrigin(document: unknown, origin: string | undefined): unknown {
  if (origin === undefined || !isRecord(document)) return document;
  const copy: Json = withServers(document, origin);
  if (isRecord(document.paths))
    copy.paths = Object.fromEntries(Object.entries(document.paths).map(([path, item]) => [path, withServers(item, origin)]));
  return copy;
}
