// The team's items apart from HTTP (issue 35): list a user's own or the team's, create, read, edit
// and delete, with who may do what, the versions an edit names, the quotas and the size of one
// item. The /team/items routes (item-routes.ts) are a thin layer over these; the store is behind
// ItemStore (Redis or memory). Who sees what: an item's owner sees it; every member sees a team
// item; only its owner, or an admin (the tokens file), changes a team item. Another's private item
// is not there at all (404), so its existence says nothing.
import { randomBytes } from 'node:crypto';
import {
  ITEMS_PAGE_SIZE,
  type EditItem,
  type ItemScope,
  type StaleEdit,
  type TeamItem,
  type TeamItemKind,
  type TeamItemList,
  type TeamItemSummary,
  type Visibility,
} from '../../../lookups/team-wire.ts';
import { refusal, type Refusal } from '../../http/refusal.ts';
import {
  cursorText,
  lookupOf,
  summaryOf,
  type ItemCursor,
  type ItemIndex,
  type ItemStore,
  type ItemWrite,
  type StoredItem,
} from './item-store.ts';
import type { ItemSettings } from './item-settings.ts';

export const ITEM_NOT_FOUND = refusal(404, 'not_found', 'There is no such item, or it is not shared with you');

/** An edit or a delete made from a version that is no longer the item's: both versions. */
export interface StaleRefusal extends Refusal {
  stale: StaleEdit;
}

export type ItemOutcome = { ok: true; item: TeamItem } | Refusal | StaleRefusal;

/** What changed, for the audit log: who did it and which item (never its body). */
export interface ItemChange {
  user: string;
  /** `create` a team item; `share` an item made the team's; `edit` a team item (or one taken back to private); `delete` a team item. */
  action: 'create' | 'share' | 'edit' | 'delete';
  item: TeamItemSummary;
}

export interface ItemService {
  /** A page of the user's own items (`mine`) or of the team's (`team`), of one kind or all. */
  list(
    user: string,
    query: { scope: ItemScope; kind?: TeamItemKind | undefined; lookup?: string | undefined; cursor?: ItemCursor | undefined },
  ): Promise<TeamItemList>;
  create(
    user: string,
    input: { kind: TeamItemKind; visibility: Visibility; title: string; body: Record<string, unknown> },
  ): Promise<ItemOutcome>;
  /** The item when the user may see it. */
  find(user: string, id: string): Promise<TeamItem | undefined>;
  edit(user: string, id: string, edit: Required<EditItem>): Promise<ItemOutcome>;
  remove(user: string, id: string, version: number): Promise<ItemOutcome>;
}

export interface ItemServiceOptions {
  store: ItemStore;
  settings: ItemSettings;
  /** Whether the tokens file names this user an admin. */
  isAdmin: (user: string) => boolean;
  /** Told of every change to a team item (the audit log). */
  onChange?: (change: ItemChange) => void;
  now?: () => number;
}

const canSee = (user: string, item: TeamItemSummary) => item.owner === user || item.visibility === 'team';

/** A kept item as the wire carries it: its body parsed again. */
function itemOf(stored: StoredItem): TeamItem {
  return { ...summaryOf(stored), body: JSON.parse(stored.body) as Record<string, unknown> };
}

function sizeInWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

export function createItemService({ store, settings, isAdmin, onChange, now = Date.now }: ItemServiceOptions): ItemService {
  const quota = { items: settings.itemsPerUser, bytes: settings.bytesPerUser };

  /** 413 for a body past the size of one item; else its text and size. */
  const measured = (body: Record<string, unknown>): { text: string; bytes: number } | Refusal => {
    const text = JSON.stringify(body);
    const bytes = Buffer.byteLength(text);
    if (bytes > settings.maxItemBytes)
      return refusal(
        413,
        'item_too_large',
        `The item is ${sizeInWords(bytes)}; one item may be at most ${sizeInWords(settings.maxItemBytes)}`,
      );
    return { text, bytes };
  };

  /** The refusal a store's write came back with, in the wire's words. */
  const refused = (user: string, write: Exclude<ItemWrite, { ok: true }>, yours: StaleEdit['yours'], size = 0): Refusal | StaleRefusal => {
    if (write.reason === 'missing') return ITEM_NOT_FOUND;
    if (write.reason === 'stale') {
      // Taken out of the user's sight meanwhile (made private by its owner): not there for them.
      if (!canSee(user, write.current)) return ITEM_NOT_FOUND;
      const message = `The item was changed since version ${yours.version}: it is at version ${write.current.version} now`;
      return {
        ...refusal(409, 'stale_version', message),
        stale: { error: { code: 'stale_version', message }, current: itemOf(write.current), yours },
      };
    }
    const message =
      write.quota === 'items'
        ? `You keep ${write.used} items, the most one user may keep (${write.limit}): delete some to save another`
        : `Your items take ${sizeInWords(write.used)} of the ${sizeInWords(write.limit)} one user may keep; this one needs ${sizeInWords(size)}`;
    return refusal(429, 'quota', message, { details: { quota: write.quota, limit: write.limit, used: write.used } });
  };

  /** The item the user may change, or the refusal: 404 when they cannot see it, 403 when it is another's. */
  const changeable = async (user: string, id: string): Promise<StoredItem | Refusal> => {
    const current = await store.get(id);
    if (!current || !canSee(user, current)) return ITEM_NOT_FOUND;
    if (current.owner !== user && !isAdmin(user))
      return refusal(403, 'not_owner', `Only ${current.owner}, who shared this item, or an admin may change or delete it`);
    return current;
  };

  const tell = (user: string, action: ItemChange['action'], item: TeamItemSummary) => onChange?.({ user, action, item });

  return {
    async list(user, { scope, kind, lookup, cursor }) {
      const index: ItemIndex =
        scope === 'team'
          ? lookup
            ? { scope, kind: 'query', lookup }
            : { scope, ...(kind && { kind }) }
          : lookup
            ? { scope, owner: user, kind: 'query', lookup }
            : { scope, owner: user, ...(kind && { kind }) };
      const page = await store.page(index, cursor, ITEMS_PAGE_SIZE);
      return { items: page.items, ...(page.next && { next: cursorText(page.next) }) };
    },

    async create(user, { kind, visibility, title, body }) {
      const size = measured(body);
      if ('ok' in size) return size;
      const at = new Date(now()).toISOString();
      const item: StoredItem = {
        id: randomBytes(16).toString('base64url'),
        kind,
        visibility,
        title,
        owner: user,
        version: 1,
        createdAt: at,
        updatedAt: at,
        bytes: size.bytes,
        ...lookupOf(kind, body),
        body: size.text,
      };
      const write = await store.create(item, quota);
      if (!write.ok) return refused(user, write, { version: 1 }, size.bytes);
      if (visibility === 'team') tell(user, 'create', summaryOf(item));
      return { ok: true, item: itemOf(item) };
    },

    async find(user, id) {
      const item = await store.get(id);
      return item && canSee(user, item) ? itemOf(item) : undefined;
    },

    async edit(user, id, edit) {
      const current = await changeable(user, id);
      if ('ok' in current) return current;
      const size = measured(edit.body);
      if ('ok' in size) return size;
      const { lookup: _was, ...kept } = current;
      const next: StoredItem = {
        ...kept,
        ...lookupOf(current.kind, edit.body),
        visibility: edit.visibility,
        title: edit.title,
        version: edit.version + 1,
        updatedAt: new Date(Math.max(now(), Date.parse(current.updatedAt))).toISOString(),
        bytes: size.bytes,
        body: size.text,
      };
      const write = await store.replace(next, edit.version, quota);
      if (!write.ok) return refused(user, write, edit, Math.max(0, size.bytes - current.bytes));
      if (next.visibility === 'team') tell(user, current.visibility === 'team' ? 'edit' : 'share', summaryOf(next));
      else if (current.visibility === 'team') tell(user, 'edit', summaryOf(next));
      return { ok: true, item: itemOf(next) };
    },

    async remove(user, id, version) {
      const current = await changeable(user, id);
      if ('ok' in current) return current;
      const write = await store.remove(id, version);
      if (!write.ok) return refused(user, write, { version });
      if (current.visibility === 'team') tell(user, 'delete', summaryOf(current));
      return { ok: true, item: itemOf(current) };
    },
  };
}
