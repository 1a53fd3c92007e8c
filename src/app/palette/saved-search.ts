// The palette's search over saved queries: the items built and their words split once, then
// each query scores them all and keeps only the few the palette lists. With 100,000 saved this
// runs in a worker (saved-search.worker.ts), so the palette never holds the whole list.
import { words } from '../catalog-filter.ts';
import type { SavedQuery } from '../../workbench/saved/saved-store.ts';
import { savedItems, type LookupNaming } from './palette-items.ts';
import { indexItem, scoreItem, type IndexedItem, type PaletteItem } from './palette-match.ts';

export interface SavedMatches {
  /** The best `limit` matches, best first (with no query, the first in the list's order). */
  items: PaletteItem[];
  /** How many saved queries match in all. */
  total: number;
}

export class SavedSearchIndex {
  private readonly entries: ReadonlyArray<{ item: PaletteItem; indexed: IndexedItem }>;

  constructor(saved: readonly SavedQuery[], catalog: readonly LookupNaming[]) {
    this.entries = savedItems(saved, catalog).map((item) => ({ item, indexed: indexItem(item) }));
  }

  get size(): number {
    return this.entries.length;
  }

  search(query: string, limit: number): SavedMatches {
    const terms = words(query);
    if (terms.length === 0) return { items: this.entries.slice(0, limit).map((entry) => entry.item), total: this.entries.length };
    // The best `limit` kept in order as the list is scanned: no sort of every match.
    const best: Array<{ item: PaletteItem; score: number }> = [];
    let total = 0;
    for (const { item, indexed } of this.entries) {
      const score = scoreItem(item, terms, indexed);
      if (score === undefined) continue;
      total++;
      if (best.length === limit && score <= best[limit - 1]!.score) continue;
      // Later items with an equal score go after earlier ones, as in the full ranking.
      let at = best.length;
      while (at > 0 && best[at - 1]!.score < score) at--;
      best.splice(at, 0, { item, score });
      if (best.length > limit) best.pop();
    }
    return { items: best.map((entry) => entry.item), total };
  }
}
