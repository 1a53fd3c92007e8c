// The request history, kept in this browser's IndexedDB: one metadata row per request sent and,
// beside it, the answer itself when it fits the caps (16 MB per entry, 64 MB in all, as stored:
// a large answer's text is kept gzip-compressed; the oldest bodies are evicted first). Metadata and
// bodies are separate stores so listing never loads a body.
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { LookupResponse } from '../../api/lookup-response.ts';
import { parseBody } from '../../api/lookup-fetch.ts';
import { matchesHistoryFilter, type HistoryFilter } from './history-filter.ts';
import type { HistoryEntry } from './history-entry.ts';
import { holdsUnmaskedData } from './masking-rules.ts';
import { loadDefinition } from './lookup-facts.ts';
import { keepText, readKeptText, type KeptText } from './body-codec.ts';

export type { HistoryFilter } from './history-filter.ts';
export type { HistoryEntry } from './history-entry.ts';

/** The answer as received, without its parsed body (parsed again on reading, as a fresh one is). */
export type StoredAnswer = Omit<LookupResponse, 'body' | 'parseError'>;
/** The answer as the store holds it: its text as it came, or compressed (entries before compression hold `text`). */
type KeptAnswer = Omit<StoredAnswer, 'text'> & KeptText;

/** What the recorder hands to the store: an entry (without its id) and, when there is one, the answer. */
export interface NewHistoryEntry {
  entry: Omit<HistoryEntry, 'id' | 'bodyStored' | 'storedBytes'>;
  /** The answer to keep; undefined keeps metadata only. */
  answer: StoredAnswer | undefined;
}

export interface HistoryStoreOptions {
  /** IndexedDB database name (tests use their own). */
  databaseName?: string;
  /** A body that takes more than this (bytes, as stored) is not kept: metadata only. */
  maxEntryBytes?: number;
  /** All kept bodies together stay under this (bytes, as stored): the oldest bodies are dropped first. */
  maxTotalBytes?: number;
  /** A body larger than this as received (bytes) is not even compressed: metadata only. */
  maxReceivedBytes?: number;
  /** Entries beyond this many are deleted, oldest first. */
  maxEntries?: number;
}

export const DEFAULT_HISTORY_CAPS = {
  maxEntryBytes: 16 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
  maxReceivedBytes: 256 * 1024 * 1024,
  maxEntries: 1000,
} as const;
export const HISTORY_DATABASE = 'lookup-explorer-history';

/** The bytes of the bodies kept, so an add never walks the entries to learn it. */
interface Totals {
  key: 'totals';
  bodyBytes: number;
}

interface HistorySchema extends DBSchema {
  entries: { key: string; value: HistoryEntry; indexes: { sentAt: number } };
  bodies: { key: string; value: { id: string; answer: KeptAnswer } };
  meta: { key: 'totals'; value: Totals };
}

/** The bytes an entry's kept body takes (entries from before compression kept the text as it came). */
const storedSize = (entry: HistoryEntry): number => entry.storedBytes ?? entry.sizeBytes;

type WriteTx = IDBPTransaction<HistorySchema, Array<'entries' | 'bodies' | 'meta'>, 'readwrite'>;

/** The running total, counted once from the metadata when a database has none yet (version 1, or after a clear). */
async function readTotals(tx: WriteTx): Promise<Totals> {
  const stored = await tx.objectStore('meta').get('totals');
  if (stored) return stored;
  let bodyBytes = 0;
  for (let cursor = await tx.objectStore('entries').openCursor(); cursor; cursor = await cursor.continue()) {
    if (cursor.value.bodyStored) bodyBytes += storedSize(cursor.value);
  }
  return { key: 'totals', bodyBytes };
}

export interface HistoryStore {
  add(record: NewHistoryEntry): Promise<HistoryEntry>;
  list(filter?: HistoryFilter): Promise<HistoryEntry[]>;
  get(id: string): Promise<HistoryEntry | undefined>;
  getStoredResponse(id: string): Promise<LookupResponse | undefined>;
  remove(id: string): Promise<void>;
  clear(): Promise<void>;
  /** Masking was switched on: every body kept with unmasked personal data is dropped (its metadata stays). */
  dropUnmaskedBodies(): Promise<number>;
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

/** The answer as it will be stored, and the bytes that takes. */
async function pack(answer: StoredAnswer): Promise<{ answer: KeptAnswer; storedBytes: number }> {
  const { text, ...rest } = answer;
  const { kept, storedBytes } = await keepText(text, answer.sizeBytes);
  return { answer: { ...rest, ...kept }, storedBytes };
}

/** The answer as received, its text decompressed when it was kept compressed. */
async function unpack(kept: KeptAnswer): Promise<StoredAnswer> {
  const text = await readKeptText(kept);
  if (!('gzip' in kept)) return { ...kept, text };
  const { gzip: _gzip, ...rest } = kept;
  return { ...rest, text };
}

let counter = 0;
function newId(sentAt: number): string {
  counter = (counter + 1) % 1_000_000;
  return `${sentAt.toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function createHistoryStore(options: HistoryStoreOptions = {}): HistoryStore {
  const name = options.databaseName ?? HISTORY_DATABASE;
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_HISTORY_CAPS.maxEntryBytes;
  const maxTotalBytes = options.maxTotalBytes ?? DEFAULT_HISTORY_CAPS.maxTotalBytes;
  const maxReceivedBytes = options.maxReceivedBytes ?? DEFAULT_HISTORY_CAPS.maxReceivedBytes;
  const maxEntries = options.maxEntries ?? DEFAULT_HISTORY_CAPS.maxEntries;
  const listeners = new Set<() => void>();
  let opened: Promise<IDBPDatabase<HistorySchema>> | undefined;

  const db = () =>
    (opened ??= openDB<HistorySchema>(name, 2, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          database.createObjectStore('entries', { keyPath: 'id' }).createIndex('sentAt', 'sentAt');
          database.createObjectStore('bodies', { keyPath: 'id' });
        }
        // Version 2: the running total of the kept bodies (counted on the first add after the upgrade).
        if (oldVersion < 2) database.createObjectStore('meta', { keyPath: 'key' });
      },
    }));

  const writeTx = async (): Promise<WriteTx> => (await db()).transaction(['entries', 'bodies', 'meta'], 'readwrite');

  const changed = () => {
    for (const listener of listeners) listener();
  };

  return {
    async add({ entry, answer }) {
      // Compressed before the transaction opens: IndexedDB commits a transaction left waiting.
      const packed = answer && answer.sizeBytes <= maxReceivedBytes ? await pack(answer) : undefined;
      const keep = packed !== undefined && packed.storedBytes <= maxEntryBytes && packed.storedBytes <= maxTotalBytes;
      const full: HistoryEntry = {
        ...entry,
        id: newId(entry.sentAt),
        bodyStored: keep,
        ...(packed && { storedBytes: packed.storedBytes }),
      };
      const tx = await writeTx();
      const entries = tx.objectStore('entries');
      const bodies = tx.objectStore('bodies');
      const totals = await readTotals(tx);
      await entries.put(full);
      if (keep) {
        await bodies.put({ id: full.id, answer: packed.answer });
        totals.bodyBytes += packed.storedBytes;
      }
      // Only what is over a cap is visited, oldest first (the sentAt index): the entries beyond the
      // count go with their bodies, then the oldest bodies go until the rest fit the total.
      let over = (await entries.count()) - maxEntries;
      for (
        let cursor = await entries.index('sentAt').openCursor();
        cursor && (over > 0 || totals.bodyBytes > maxTotalBytes);
        cursor = await cursor.continue()
      ) {
        const row = cursor.value;
        if (over > 0) {
          over -= 1;
          if (row.bodyStored) {
            await bodies.delete(row.id);
            totals.bodyBytes -= storedSize(row);
          }
          await cursor.delete();
        } else if (row.bodyStored) {
          await bodies.delete(row.id);
          totals.bodyBytes -= storedSize(row);
          await cursor.update({ ...row, bodyStored: false });
        }
      }
      await tx.objectStore('meta').put(totals);
      await tx.done;
      changed();
      return full;
    },

    async list(filter) {
      const rows = await (await db()).getAllFromIndex('entries', 'sentAt');
      return rows.reverse().filter((entry) => matchesHistoryFilter(entry, filter));
    },

    async get(id) {
      return (await db()).get('entries', id);
    },

    async getStoredResponse(id) {
      const database = await db();
      const [entry, stored] = await Promise.all([database.get('entries', id), database.get('bodies', id)]);
      if (!entry || !stored) return undefined;
      const operation = (await loadDefinition(entry.lookupId))?.operations.find((candidate) => candidate.id === entry.operationId);
      if (!operation) return undefined;
      const answer = await unpack(stored.answer);
      return { ...answer, ...(await parseBody(answer.text, answer.contentType, operation)) };
    },

    async remove(id) {
      const tx = await writeTx();
      const totals = await readTotals(tx);
      const row = await tx.objectStore('entries').get(id);
      if (row?.bodyStored) totals.bodyBytes -= storedSize(row);
      await Promise.all([
        tx.objectStore('entries').delete(id),
        tx.objectStore('bodies').delete(id),
        tx.objectStore('meta').put(totals),
        tx.done,
      ]);
      changed();
    },

    async clear() {
      const tx = await writeTx();
      await Promise.all([
        tx.objectStore('entries').clear(),
        tx.objectStore('bodies').clear(),
        tx.objectStore('meta').put({ key: 'totals', bodyBytes: 0 }),
        tx.done,
      ]);
      changed();
    },

    async dropUnmaskedBodies() {
      const tx = await writeTx();
      const bodies = tx.objectStore('bodies');
      let dropped = 0;
      // This walk visits every entry anyway: the total is counted afresh from what stays.
      let bodyBytes = 0;
      let cursor = await tx.objectStore('entries').openCursor();
      while (cursor) {
        const row = cursor.value;
        if (row.bodyStored && holdsUnmaskedData(row)) {
          await bodies.delete(row.id);
          await cursor.update({ ...row, bodyStored: false });
          dropped += 1;
        } else if (row.bodyStored) bodyBytes += storedSize(row);
        cursor = await cursor.continue();
      }
      await tx.objectStore('meta').put({ key: 'totals', bodyBytes });
      await tx.done;
      if (dropped > 0) changed();
      return dropped;
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      if (opened) (await opened).close();
      opened = undefined;
    },
  };
}

// ---- The app's one history (the shared contract other parts of the workbench read) ----------

let shared: HistoryStore | undefined;

/** The browser's history store, opened on first use. */
export function historyStore(): HistoryStore {
  return (shared ??= createHistoryStore());
}

/** Newest first. */
export async function listHistory(filter?: HistoryFilter): Promise<HistoryEntry[]> {
  return historyStore().list(filter);
}

export async function getHistoryEntry(id: string): Promise<HistoryEntry | undefined> {
  return historyStore().get(id);
}

/** The stored answer, parsed like a fresh one; undefined when no body was stored. */
export async function getStoredResponse(id: string): Promise<LookupResponse | undefined> {
  return historyStore().getStoredResponse(id);
}

export async function deleteHistoryEntry(id: string): Promise<void> {
  return historyStore().remove(id);
}

export async function clearHistory(): Promise<void> {
  return historyStore().clear();
}

/** Fires after any add, delete or clear. */
export function onHistoryChange(listener: () => void): () => void {
  return historyStore().onChange(listener);
}
