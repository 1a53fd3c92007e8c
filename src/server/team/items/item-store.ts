// Where the team's items are kept, behind one interface: Redis for a team of instances
// (redis-item-store.ts) and in-process memory for one server process and the tests of a single
// instance (memory-item-store.ts). Lists are read from indexes, each ordered by the last edit:
// every user's own items, and the team's items, each also per kind, and saved queries per lookup,
// a user's own and the team's (a lookup's page shows them); a page starts after a cursor (the last edit's time and
// the id of the page's last item), so a colleague's many items never push a user's own out of a
// window. A write and its checks (the version it was made from, the
// owner's quota) are one atomic step on every store.
import { registryIndex } from '../../../lookups/registry.ts';
import type { ItemScope, TeamItemKind, TeamItemSummary } from '../../../lookups/team-wire.ts';

/** An item as kept: its summary, and its body as the JSON text the browser sent (never parsed here again). */
export interface StoredItem extends TeamItemSummary {
  body: string;
}

/** The owner's limits a create or an edit is checked against, in the same step as the write. */
export interface ItemQuota {
  items: number;
  bytes: number;
}

export type ItemWrite =
  | { ok: true }
  /** The owner would pass a quota: what they use now, and the limit. */
  | { ok: false; reason: 'quota'; quota: 'items' | 'item-bytes'; used: number; limit: number }
  /** The item is at another version than the edit was made from: the current one. */
  | { ok: false; reason: 'stale'; current: StoredItem }
  | { ok: false; reason: 'missing' };

/** One index: a user's own items, or the team's, of one kind or of all; a user's own or the team's saved queries of one lookup. */
export type ItemIndex =
  | { scope: Extract<ItemScope, 'mine'>; owner: string; kind?: TeamItemKind }
  | { scope: Extract<ItemScope, 'mine'>; owner: string; kind: 'query'; lookup: string }
  | { scope: Extract<ItemScope, 'team'>; kind?: TeamItemKind }
  | { scope: Extract<ItemScope, 'team'>; kind: 'query'; lookup: string };

/** Where a page starts: after the item edited at `at` (epoch ms) with this id, in the index's order. */
export interface ItemCursor {
  at: number;
  id: string;
}

export interface ItemPage {
  items: TeamItemSummary[];
  /** Absent on the last page. */
  next?: ItemCursor;
}

export interface ItemUsage {
  items: number;
  bytes: number;
}

export interface ItemStore {
  /** Keeps a new item (version 1) unless its owner would pass a quota. */
  create(item: StoredItem, quota: ItemQuota): Promise<ItemWrite>;
  get(id: string): Promise<StoredItem | undefined>;
  /** Replaces the item (same id, owner and kind) when it is still at `fromVersion` and its owner stays within the bytes quota. */
  replace(next: StoredItem, fromVersion: number, quota: ItemQuota): Promise<ItemWrite>;
  /** Deletes the item when it is still at `fromVersion`. */
  remove(id: string, fromVersion: number): Promise<ItemWrite>;
  /** Up to `size` items of the index, newest edit first, after `after`. */
  page(index: ItemIndex, after: ItemCursor | undefined, size: number): Promise<ItemPage>;
  /** What `owner` keeps now. */
  usage(owner: string): Promise<ItemUsage>;
  close(): Promise<void>;
}

/**
 * The indexes an item is in: its owner's, and the team's when shared; each for all kinds and its
 * own; and a saved query's of its lookup (lookupIndexesOf).
 */
export function indexesOf(item: Pick<StoredItem, 'owner' | 'kind' | 'visibility' | 'lookup'>): ItemIndex[] {
  const own: ItemIndex[] = [
    { scope: 'mine', owner: item.owner },
    { scope: 'mine', owner: item.owner, kind: item.kind },
  ];
  const team: ItemIndex[] = item.visibility === 'team' ? [{ scope: 'team' }, { scope: 'team', kind: item.kind }] : [];
  return [...own, ...team, ...lookupIndexesOf(item)];
}

/** A saved query's lookup: its body's `lookupId` when that names one (the page writes it); none for any other item. */
export function lookupOf(kind: TeamItemKind, body: Record<string, unknown>): { lookup?: string } {
  const id = body.lookupId;
  return kind === 'query' && typeof id === 'string' && registryIndex.lookup(id) ? { lookup: id } : {};
}

/** A saved query's indexes of its lookup: its owner's queries of it, and the team's when shared; none for any other item. */
export function lookupIndexesOf(item: Pick<StoredItem, 'owner' | 'kind' | 'visibility' | 'lookup'>): ItemIndex[] {
  if (item.kind !== 'query' || !item.lookup) return [];
  const own: ItemIndex = { scope: 'mine', owner: item.owner, kind: 'query', lookup: item.lookup };
  return item.visibility === 'team' ? [own, { scope: 'team', kind: 'query', lookup: item.lookup }] : [own];
}

/**
 * An index's name: a Redis key's tail, and the memory store's map key. The owner comes last: a
 * name holding `:` names no other index (a lookup's, `own:query@L:<owner>`, no kind's either).
 */
export function indexName(index: ItemIndex): string {
  const kind = 'lookup' in index ? `${index.kind}@${index.lookup}` : (index.kind ?? 'all');
  return index.scope === 'mine' ? `own:${kind}:${index.owner}` : `team:${kind}`;
}

/** The index's order: newest edit first, and among items edited in the same millisecond the greater id first (as Redis orders them). */
export function newerFirst(a: ItemCursor, b: ItemCursor): number {
  return b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** The time an item's index orders it by. */
export function editedAt(item: TeamItemSummary): number {
  return Date.parse(item.updatedAt);
}

/** The summary of a kept item (lists carry no bodies). */
export function summaryOf({ body: _body, ...summary }: StoredItem): TeamItemSummary {
  return summary;
}

const CURSOR = /^(\d{1,16})\.([A-Za-z0-9_-]{8,64})$/;

export function cursorText(cursor: ItemCursor): string {
  return `${cursor.at}.${cursor.id}`;
}

/** The cursor a `next` names, or undefined when it is not one. */
export function parseCursor(text: string): ItemCursor | undefined {
  const match = CURSOR.exec(text);
  return match ? { at: Number(match[1]), id: match[2]! } : undefined;
}
