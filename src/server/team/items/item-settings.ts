// The team's shared items (issue 35): how many a user keeps and how large they are, read from the
// environment at start-up. Past the count or the total a save is refused with 429 naming the quota;
// past the size of one item, with 413.
import { ConfigError } from '../../config.ts';

export interface ItemSettings {
  /** LOOKUP_ITEMS_PER_USER: items one user keeps (private and team together). */
  itemsPerUser: number;
  /** LOOKUP_ITEM_BYTES_PER_USER: the total size of one user's items (their bodies as stored, UTF-8 JSON). */
  bytesPerUser: number;
  /** LOOKUP_ITEM_MAX_BYTES: the largest one item's body may be. */
  maxItemBytes: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_ITEM_SETTINGS: ItemSettings = { itemsPerUser: 1_000, bytesPerUser: 64 * MIB, maxItemBytes: 4 * MIB };

function wholeSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) throw new ConfigError(name, `must be a whole number from ${min} to ${max}`);
  return value;
}

export function parseItemSettings(env: NodeJS.ProcessEnv): ItemSettings {
  return {
    itemsPerUser: wholeSetting(env, 'LOOKUP_ITEMS_PER_USER', DEFAULT_ITEM_SETTINGS.itemsPerUser, 1, 1_000_000),
    bytesPerUser: wholeSetting(env, 'LOOKUP_ITEM_BYTES_PER_USER', DEFAULT_ITEM_SETTINGS.bytesPerUser, 1_024, 64 * 1024 * MIB),
    maxItemBytes: wholeSetting(env, 'LOOKUP_ITEM_MAX_BYTES', DEFAULT_ITEM_SETTINGS.maxItemBytes, 1_024, 512 * MIB),
  };
}

/** What a request may carry beyond the item's body: its title, kind, visibility and JSON's own marks. */
const ENVELOPE_BYTES = 64 * 1024;

/** The largest request body that can hold an item within the size of one. */
export function itemRequestLimit(settings: Pick<ItemSettings, 'maxItemBytes'>): number {
  return settings.maxItemBytes + ENVELOPE_BYTES;
}
