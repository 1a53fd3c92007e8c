// Which palette items a query finds, best first. Every query word must begin a word of the item
// (its name, its keywords or its details); a word of the name weighs most, a keyword next, a
// detail least, so "crime" puts the lookup titled "Crime incidents" before one that only lists
// crime among its keywords. A lone letter that names a lookup puts that lookup first.
import { words } from '../catalog-filter.ts';

export type PaletteGroup = 'lookups' | 'saved' | 'history' | 'actions';

export const GROUP_LABELS: Readonly<Record<PaletteGroup, string>> = {
  lookups: 'Lookups',
  saved: 'Saved queries',
  history: 'Recent history',
  actions: 'Actions',
};

const GROUP_ORDER: readonly PaletteGroup[] = ['lookups', 'saved', 'history', 'actions'];

/** At most this many items of a group are listed (the lookups are never cut: there are twenty). */
export const GROUP_LIMIT: Readonly<Record<PaletteGroup, number>> = { lookups: Infinity, saved: 8, history: 8, actions: Infinity };

export type PaletteTarget = { kind: 'navigate'; to: string } | { kind: 'run'; run: () => void };

export interface PaletteItem {
  /** Unique across the palette; also the option's element id suffix. */
  id: string;
  group: PaletteGroup;
  label: string;
  /** A second line: a lookup's subject, a saved query's note, when a history entry was sent. */
  detail?: string;
  /** Words the item is found by besides its label and detail (a lookup's keywords, a saved query's values). */
  keywords?: readonly string[];
  /** A lookup's letter: that letter alone as the query puts it first. */
  letter?: string;
  target: PaletteTarget;
}

export interface PaletteSection {
  group: PaletteGroup;
  label: string;
  items: PaletteItem[];
}

const WEIGHT = { label: 3, keyword: 2, detail: 1 } as const;

/** An item's words, split once: a long list (100,000 saved queries) is scored on every keystroke. */
export interface IndexedItem {
  label: string[];
  keywords: string[];
  detail: string[];
  /** The label's words joined, for "the label starts with the whole query". */
  labelText: string;
}

export function indexItem(item: PaletteItem): IndexedItem {
  const label = words(item.label);
  return { label, keywords: words((item.keywords ?? []).join(' ')), detail: words(item.detail ?? ''), labelText: label.join(' ') };
}

/** How well one query word matches: the weight of the best field it begins a word of, 0 when none. */
function wordScore(indexed: IndexedItem, term: string): number {
  const begins = (list: string[]) => list.some((word) => word.startsWith(term));
  const exact = indexed.label.includes(term) ? 0.5 : 0;
  if (begins(indexed.label)) return WEIGHT.label + exact;
  if (begins(indexed.keywords)) return WEIGHT.keyword;
  if (begins(indexed.detail)) return WEIGHT.detail;
  return 0;
}

/** The item's score for the query words; undefined when a word matches nothing. */
export function scoreItem(item: PaletteItem, terms: readonly string[], indexed: IndexedItem = indexItem(item)): number | undefined {
  if (terms.length === 1 && item.letter && terms[0] === item.letter.toLowerCase()) return 100;
  let total = 0;
  for (const term of terms) {
    const score = wordScore(indexed, term);
    if (score === 0) return undefined;
    total += score;
  }
  // The label starting with the whole query ("crime inc…") beats the same words scattered.
  if (indexed.labelText.startsWith(terms.join(' '))) total += 1;
  return total;
}

/**
 * The sections to show for a query: matching items, best first within each group, and the group
 * holding the best match first, so the first option is always the best one. With no query, every
 * group in its usual order, items in the order given (the newest history first).
 */
export function rankItems(items: readonly PaletteItem[], query: string): PaletteSection[] {
  const terms = words(query);
  const scored = items
    .map((item, order) => ({ item, order, score: terms.length === 0 ? 0 : scoreItem(item, terms) }))
    .filter((entry): entry is { item: PaletteItem; order: number; score: number } => entry.score !== undefined);
  const sections = GROUP_ORDER.map((group) => {
    const inGroup = scored.filter((entry) => entry.item.group === group).sort((a, b) => b.score - a.score || a.order - b.order);
    return { group, best: inGroup[0]?.score ?? -1, items: inGroup.slice(0, GROUP_LIMIT[group]).map((entry) => entry.item) };
  }).filter((section) => section.items.length > 0);
  if (terms.length > 0) sections.sort((a, b) => b.best - a.best || GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group));
  return sections.map(({ group, items: listed }) => ({ group, label: GROUP_LABELS[group], items: listed }));
}
