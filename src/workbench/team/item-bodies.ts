// What each kind of workspace item keeps as its body (team-wire.ts leaves the body to the page):
// the same fields the browser keeps for its local one, so opening a team item does what opening the
// local one does. Read back with a schema: a body another version wrote, or a broken one, reads as
// undefined and the page says it cannot be opened rather than guessing.
import { z } from 'zod';
import type { ItemBody, TeamItemKind } from '../../lookups/team-wire.ts';
import type { NewSavedQuery } from '../saved/saved-store.ts';
import { savedQueryHref } from '../saved/saved-validity.ts';
import { savedSqlHref } from '../saved/saved-sql-list.tsx';
import { catalogEntryOf } from '../saved/use-saved-lookups.ts';

const text = z.string().min(1);

/** A saved query: its lookup, operation and the lookup page's query string, with its note and collection. */
export const queryBodySchema = z.object({
  lookupId: text,
  operationId: text,
  search: z.string(),
  collection: z.string(),
  note: z.string().optional(),
});
export type QueryBody = z.output<typeof queryBodySchema>;

/** A saved SQL query of the /sql page. */
export const sqlBodySchema = z.object({ sql: text, collection: z.string() });
export type SqlBody = z.output<typeof sqlBodySchema>;

/** A dossier: its URL's query string is its plan (anchor, radius, window) and view. */
export const dossierBodySchema = z.object({ search: z.string() });
export type DossierBody = z.output<typeof dossierBodySchema>;

/** A collection: its saved queries and SQL queries, as the collections file carries them. */
export const collectionBodySchema = z.object({
  name: text,
  queries: z.array(queryBodySchema.omit({ collection: true }).extend({ name: text })),
  sql: z.array(z.object({ name: text, sql: text })),
});
export type CollectionBody = z.output<typeof collectionBodySchema>;

/** A local collection as a team item's body: its queries (with their names) and its SQL queries. */
export function collectionBody(
  name: string,
  queries: readonly NewSavedQuery[],
  sql: readonly { name: string; sql: string }[],
): CollectionBody {
  return {
    name,
    queries: queries.map((query) => {
      const { collection: _collection, ...rest } = queryBody(query);
      return { ...rest, name: query.name };
    }),
    sql: sql.map((saved) => ({ name: saved.name, sql: saved.sql })),
  };
}

export function queryBody(query: NewSavedQuery): QueryBody {
  return {
    lookupId: query.lookupId,
    operationId: query.operationId,
    search: query.search,
    collection: query.collection,
    ...(query.note && { note: query.note }),
  };
}

/** The address of the page that opens a query, or undefined for a lookup this app does not have. */
export function queryHref(body: Pick<QueryBody, 'lookupId' | 'search'>): string | undefined {
  const entry = catalogEntryOf(body.lookupId);
  return entry && savedQueryHref(entry.slug, body);
}

/** Where opening an item goes, for the kinds that open another page (a snapshot and a collection show on /shared). */
export function openedHref(kind: TeamItemKind, body: ItemBody): string | undefined {
  if (kind === 'query') {
    const query = queryBodySchema.safeParse(body);
    return query.success ? queryHref(query.data) : undefined;
  }
  if (kind === 'sql') {
    const sql = sqlBodySchema.safeParse(body);
    return sql.success ? savedSqlHref(sql.data) : undefined;
  }
  if (kind === 'dossier') {
    const dossier = dossierBodySchema.safeParse(body);
    return dossier.success ? `/dossier${dossier.data.search}` : undefined;
  }
  return undefined;
}

export const KIND_NAMES: Record<TeamItemKind, string> = {
  query: 'Saved query',
  collection: 'Collection',
  dossier: 'Dossier',
  sql: 'SQL query',
  snapshot: 'Answer snapshot',
};
