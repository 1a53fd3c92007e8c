// What the team server's workspace API and the page agree on (issue 35): who is signed in, and the
// items a user keeps on the server (saved queries, collections, dossiers, SQL queries, answer
// snapshots), private or shared with the team. Written once for both sides, as jobs-wire.ts is.
// Only a team server (an access mode) answers these paths; a single-user server answers 404, and the
// page then stays local-first.
import { z } from 'zod';

/** `GET /me`: the signed-in user. 404 on a server without an access mode; 401 when not signed in. */
export const IDENTITY_PATH = '/me';

/** The team server's sign-in page, and where a same-origin form POST ends the session on every instance. */
export const SIGN_IN_PATH = '/sign-in';
export const SIGN_OUT_PATH = '/sign-out';

export const identitySchema = z.object({
  user: z.string().min(1),
  /** Named as an admin in the tokens file: may edit and delete any team item. */
  admin: z.boolean(),
});
export type Identity = z.output<typeof identitySchema>;

/** The workspace's items: `GET` lists, `POST` creates; `/team/items/:id` reads, `PUT` edits, `DELETE` deletes. */
export const TEAM_ITEMS_PATH = '/team/items';

export const TEAM_ITEM_KINDS = ['query', 'collection', 'dossier', 'sql', 'snapshot'] as const;
export const teamItemKindSchema = z.enum(TEAM_ITEM_KINDS);
export type TeamItemKind = z.output<typeof teamItemKindSchema>;

/** private: its owner alone sees it; team: every signed-in member sees it, only its owner (or an admin) changes it. */
export const visibilitySchema = z.enum(['private', 'team']);
export type Visibility = z.output<typeof visibilitySchema>;

export const TITLE_MAX = 200;
export const titleSchema = z.string().trim().min(1, 'a title is needed').max(TITLE_MAX, `at most ${TITLE_MAX} characters`);

/**
 * What the browser stores, as it keeps the thing itself: a saved query, a collection, a dossier's
 * plan and view, an SQL query, or (snapshot) the answers as the sender saw them, already masked.
 * The server keeps it as JSON text, checks only that it is an object within the size limit, and
 * never reads a parameter value out of it (audit lines name the item, not its contents); of a
 * saved query it reads the lookup's id (`lookupId`), for the summary's `lookup`.
 */
export const itemBodySchema = z.record(z.string(), z.unknown());
export type ItemBody = z.output<typeof itemBodySchema>;

/** An item without its body, as lists carry it. */
export const teamItemSummarySchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  kind: teamItemKindSchema,
  visibility: visibilitySchema,
  title: z.string(),
  owner: z.string(),
  /** 1 when created, one more on every edit; an edit names the version it was made from. */
  version: z.number().int().positive(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The body's size as stored (UTF-8 bytes of its JSON), which the per-user quota counts. */
  bytes: z.number().int().nonnegative(),
  /** A saved query's lookup (its body's `lookupId`), so a lookup's page can list the saved queries of it. */
  lookup: z.string().optional(),
});
export type TeamItemSummary = z.output<typeof teamItemSummarySchema>;

export const teamItemSchema = teamItemSummarySchema.extend({ body: itemBodySchema });
export type TeamItem = z.output<typeof teamItemSchema>;

/**
 * `GET /team/items?kind=<kind>&scope=<mine|team>&cursor=<cursor>`: the user's own items (mine: private
 * and team) or every team item (team), newest edit first, read from an index (never a filtered window
 * of everyone's items). `next` is the cursor of the following page, absent on the last.
 * `&lookup=<id>` with `kind=query`: the saved queries of that lookup (its page's preview), the user's own or the team's.
 */
export const ITEM_SCOPES = ['mine', 'team'] as const;
export const itemScopeSchema = z.enum(ITEM_SCOPES);
export type ItemScope = z.output<typeof itemScopeSchema>;
export const ITEMS_PAGE_SIZE = 100;
export const teamItemListSchema = z.object({
  items: z.array(teamItemSummarySchema),
  next: z.string().optional(),
});
export type TeamItemList = z.output<typeof teamItemListSchema>;

/** `POST /team/items`: 201 with the whole item (version 1). */
export const createItemSchema = z.object({
  kind: teamItemKindSchema,
  visibility: visibilitySchema,
  title: titleSchema,
  body: itemBodySchema,
});
export type CreateItem = z.input<typeof createItemSchema>;

/** `PUT /team/items/:id`: the edit and the version it was made from; 200 with the item at its new version. */
export const editItemSchema = z.object({
  visibility: visibilitySchema,
  title: titleSchema,
  body: itemBodySchema,
  version: z.number().int().positive(),
});
export type EditItem = z.input<typeof editItemSchema>;

/**
 * 409 to a `PUT` or `DELETE` (`?version=<n>`) made from a version that is no longer the current one:
 * both versions, so the page can show them side by side and let the user choose.
 */
export const staleEditSchema = z.object({
  error: z.object({ code: z.literal('stale_version'), message: z.string() }),
  current: teamItemSchema,
  yours: editItemSchema.partial({ body: true, title: true, visibility: true }),
});
export type StaleEdit = z.output<typeof staleEditSchema>;

/**
 * 429 when a per-user quota would be passed, in words that say which: `items` (how many a user
 * keeps), `item-bytes` (their total size), `jobs` (jobs running at once), `job-rows` (rows per day).
 */
export const QUOTAS = ['items', 'item-bytes', 'jobs', 'job-rows'] as const;
export const quotaRefusalSchema = z.object({
  error: z.object({ code: z.literal('quota'), quota: z.enum(QUOTAS), message: z.string(), limit: z.number(), used: z.number() }),
});
export type QuotaRefusal = z.output<typeof quotaRefusalSchema>;

/** The app's address that opens a shared snapshot for any team member: `/shared/<id>`. */
export const SHARED_ROUTE = '/shared';
export const sharedItemUrl = (id: string): string => `${SHARED_ROUTE}/${encodeURIComponent(id)}`;
/** A map's `layers=` entry that names a team snapshot rather than a layer in this browser. */
export const SNAPSHOT_LAYER_PREFIX = 'team:';
