// Reading a collections file (collection-format.ts writes it). Reading is zod-checked and forgiving
// where it can be: a file that is not JSON, or not this format, is refused with the line and column
// or the field and reason; inside a good envelope each entry stands alone, so a partly valid file
// yields its valid entries and the rest with their reasons.
import { z } from 'zod';
import type { AnyLookup, LookupId } from '../../lookups/define-lookup.ts';
import { lookups } from '../../lookups/registry.ts';
import type { SavedQuery } from './saved-store.ts';
import type { SavedSql } from './saved-sql.ts';
import { checkSavedQuery } from './saved-validity.ts';
import { overImportCap } from './import-limits.ts';
import { COLLECTIONS_FORMAT, COLLECTIONS_VERSION, formatPath, type ReadFile, type RejectedEntry } from './collection-format.ts';

export type { ReadFile, RejectedEntry } from './collection-format.ts';

const entrySchema = z.object({
  id: z.string().min(1, 'must not be empty').max(200),
  name: z.string().trim().min(1, 'must not be empty').max(200),
  note: z.string().max(5000).optional(),
  lookupId: z.string().min(1, 'must not be empty'),
  operationId: z.string().min(1, 'must not be empty'),
  search: z.string().startsWith('?', 'must start with “?”').max(20000),
  createdAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative(),
});

/** A saved SQL query of a collection (absent from files written before SQL could be saved). */
const sqlEntrySchema = z.object({
  id: z.string().min(1, 'must not be empty').max(200),
  name: z.string().trim().min(1, 'must not be empty').max(200),
  sql: z.string().trim().min(1, 'must not be empty').max(100000),
  createdAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative(),
});

const envelopeSchema = z.object({
  format: z.literal(COLLECTIONS_FORMAT, `must be “${COLLECTIONS_FORMAT}”`),
  version: z.number().refine((version) => version === COLLECTIONS_VERSION, {
    error: (issue) => `is ${String(issue.input)}; this app reads version ${COLLECTIONS_VERSION}`,
  }),
  collections: z.array(
    z.object({
      name: z.string().trim().min(1, 'must not be empty').max(200),
      // Entries are checked one by one below, so one bad entry does not refuse the file.
      queries: z.array(z.unknown()),
      sql: z.array(z.unknown()).optional(),
    }),
  ),
});

function issueText(error: z.ZodError, prefix: readonly PropertyKey[] = []): string {
  const issue = error.issues[0]!;
  const where = formatPath([...prefix, ...issue.path]);
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Reads a collections file already parsed as JSON. */
export function readCollectionsValue(value: unknown): ReadFile {
  const envelope = envelopeSchema.safeParse(value);
  if (!envelope.success) return { ok: false, message: `This is not a collections file: ${issueText(envelope.error)}.` };
  const over = overImportCap(
    envelope.data.collections.reduce((sum, collection) => sum + collection.queries.length + (collection.sql?.length ?? 0), 0),
    'saved queries',
  );
  if (over) return { ok: false, message: over };
  const queries: SavedQuery[] = [];
  const rejected: RejectedEntry[] = [];
  const seenIds = new Set<string>();
  const sql: SavedSql[] = [];
  const seenSqlIds = new Set<string>();
  envelope.data.collections.forEach((collection, c) => {
    collection.sql?.forEach((raw, q) => {
      const where = `collections[${c}].sql[${q}]`;
      const entry = sqlEntrySchema.safeParse(raw);
      if (!entry.success) {
        const name =
          typeof raw === 'object' && raw !== null && typeof (raw as { name?: unknown }).name === 'string'
            ? (raw as { name: string }).name
            : undefined;
        rejected.push({ where, ...(name && { name }), reason: issueText(entry.error, ['collections', c, 'sql', q]) });
      } else if (seenSqlIds.has(entry.data.id)) {
        rejected.push({ where, name: entry.data.name, reason: `id “${entry.data.id}” appears earlier in the file` });
      } else {
        seenSqlIds.add(entry.data.id);
        sql.push({ ...entry.data, collection: collection.name });
      }
    });
  });
  envelope.data.collections.forEach((collection, c) => {
    collection.queries.forEach((raw, q) => {
      const where = `collections[${c}].queries[${q}]`;
      const name =
        typeof raw === 'object' && raw !== null && typeof (raw as { name?: unknown }).name === 'string'
          ? (raw as { name: string }).name
          : undefined;
      const entry = entrySchema.safeParse(raw);
      if (!entry.success) {
        rejected.push({ where, ...(name && { name }), reason: issueText(entry.error, ['collections', c, 'queries', q]) });
        return;
      }
      const query: SavedQuery = { ...entry.data, lookupId: entry.data.lookupId as SavedQuery['lookupId'], collection: collection.name };
      if (query.note === undefined) delete query.note;
      const validity = checkSavedQuery(query, registeredLookup(query.lookupId));
      if (!validity.ok) {
        rejected.push({ where, name: query.name, reason: validity.problems.join('; ') });
        return;
      }
      if (seenIds.has(query.id)) {
        rejected.push({ where, name: query.name, reason: `id “${query.id}” appears earlier in the file` });
        return;
      }
      seenIds.add(query.id);
      queries.push(query);
    });
  });
  return { ok: true, kind: 'collections file', queries, sql, rejected };
}

/** Any registered lookup by its id: importing may meet all twenty, so this module has the registry. */
export function registeredLookup(id: string): AnyLookup | undefined {
  return Object.hasOwn(lookups, id) ? (lookups[id as LookupId] as AnyLookup) : undefined;
}
