// What the palette and its saved-search worker say to each other.
import type { PaletteItem } from './palette-match.ts';
import type { LookupNaming } from './palette-items.ts';

export interface SavedSearchRequest {
  /** Answers carry it back, so the palette keeps only the answer to its latest query. */
  id: number;
  query: string;
  limit: number;
  catalog: readonly LookupNaming[];
}

export type SavedSearchAnswer = { id: number; ok: true; items: PaletteItem[]; total: number } | { id: number; ok: false };
