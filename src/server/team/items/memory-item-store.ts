// The team's items in this process's memory: for a team server of one process without Redis (its
// items end when it stops; start-up says so) and for the tests of a single instance. The same
// indexes as on Redis (item-store.ts), each a map of id to the time of its last edit.
import {
  editedAt,
  indexesOf,
  indexName,
  newerFirst,
  summaryOf,
  type ItemCursor,
  type ItemStore,
  type ItemUsage,
  type StoredItem,
} from './item-store.ts';

export function createMemoryItemStore(): ItemStore {
  const items = new Map<string, StoredItem>();
  const indexes = new Map<string, Map<string, number>>();
  const usages = new Map<string, ItemUsage>();

  const usageOf = (owner: string) => usages.get(owner) ?? { items: 0, bytes: 0 };
  const unindex = (item: StoredItem) => {
    for (const index of indexesOf(item)) indexes.get(indexName(index))?.delete(item.id);
  };
  const index = (item: StoredItem) => {
    for (const each of indexesOf(item)) {
      const name = indexName(each);
      const entries = indexes.get(name) ?? new Map<string, number>();
      entries.set(item.id, editedAt(item));
      indexes.set(name, entries);
    }
  };
  const staleOrMissing = (id: string, fromVersion: number) => {
    const current = items.get(id);
    if (!current) return { ok: false, reason: 'missing' } as const;
    if (current.version !== fromVersion) return { ok: false, reason: 'stale', current: { ...current } } as const;
    return current;
  };

  return {
    async create(item, quota) {
      const used = usageOf(item.owner);
      if (used.items + 1 > quota.items) return { ok: false, reason: 'quota', quota: 'items', used: used.items, limit: quota.items };
      if (used.bytes + item.bytes > quota.bytes)
        return { ok: false, reason: 'quota', quota: 'item-bytes', used: used.bytes, limit: quota.bytes };
      items.set(item.id, { ...item });
      index(item);
      usages.set(item.owner, { items: used.items + 1, bytes: used.bytes + item.bytes });
      return { ok: true };
    },
    async get(id) {
      const item = items.get(id);
      return item && { ...item };
    },
    async replace(next, fromVersion, quota) {
      const current = staleOrMissing(next.id, fromVersion);
      if ('reason' in current) return current;
      const used = usageOf(current.owner);
      const bytes = used.bytes - current.bytes + next.bytes;
      if (next.bytes > current.bytes && bytes > quota.bytes)
        return { ok: false, reason: 'quota', quota: 'item-bytes', used: used.bytes, limit: quota.bytes };
      unindex(current);
      items.set(next.id, { ...next });
      index(next);
      usages.set(current.owner, { items: used.items, bytes });
      return { ok: true };
    },
    async remove(id, fromVersion) {
      const current = staleOrMissing(id, fromVersion);
      if ('reason' in current) return current;
      unindex(current);
      items.delete(id);
      const used = usageOf(current.owner);
      usages.set(current.owner, { items: used.items - 1, bytes: used.bytes - current.bytes });
      return { ok: true };
    },
    async page(index, after, size) {
      const entries = [...(indexes.get(indexName(index)) ?? new Map<string, number>())].map(([id, at]) => ({ id, at }));
      const ordered = entries.sort(newerFirst).filter((entry) => !after || newerFirst(after, entry) < 0);
      const shown = ordered.slice(0, size);
      const last = shown.at(-1);
      return {
        items: shown.map((entry) => summaryOf(items.get(entry.id)!)),
        ...(ordered.length > size && last && { next: { at: last.at, id: last.id } satisfies ItemCursor }),
      };
    },
    async usage(owner) {
      return { ...usageOf(owner) };
    },
    async close() {
      items.clear();
      indexes.clear();
    },
  };
}
