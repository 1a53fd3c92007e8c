import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { createHistoryStore, type HistoryStore } from './history-store.ts';
import { newEntry, personalLookup, plainLookup } from './history-testing.ts';

let opened: HistoryStore[] = [];
let databases = 0;
function store(options: Parameters<typeof createHistoryStore>[0] = {}): HistoryStore {
  databases += 1;
  const created = createHistoryStore({ databaseName: `history-test-${databases}`, ...options });
  opened.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(opened.map((each) => each.close()));
  opened = [];
});

describe('history store', () => {
  it('lists newest first and gives back the stored answer parsed like a fresh one', async () => {
    const history = store();
    const first = await history.add(newEntry(1000, { params: { q: 'first' } }));
    const second = await history.add(newEntry(2000, { params: { q: 'second' } }));
    expect((await history.list()).map((entry) => entry.id)).toEqual([second.id, first.id]);
    expect(await history.get(first.id)).toMatchObject({ params: { q: 'first' }, bodyStored: true });
    const response = await history.getStoredResponse(first.id);
    expect(response).toMatchObject({ status: 200, source: 'demo', contentType: 'application/json' });
    expect(response!.body).toEqual({ pad: '' });
  });

  it('keeps metadata only for a body over the per-entry cap', async () => {
    const history = store({ maxEntryBytes: 100 });
    const small = await history.add(newEntry(1, { bytes: 100 }));
    const large = await history.add(newEntry(2, { bytes: 101 }));
    expect(small.bodyStored).toBe(true);
    expect(large.bodyStored).toBe(false);
    expect(await history.get(large.id)).toMatchObject({ bodyStored: false, sizeBytes: 101 });
    expect(await history.getStoredResponse(large.id)).toBeUndefined();
  });

  it('keeps a large answer compressed, counts its stored bytes against the caps, and gives it back whole', async () => {
    // 1 MB of repetitive JSON compresses far under a 100 kB cap that it would pass as received.
    const history = store({ maxEntryBytes: 100_000, maxTotalBytes: 250_000 });
    const big = await history.add(newEntry(1, { bytes: 1_000_000 }));
    expect(big).toMatchObject({ bodyStored: true, sizeBytes: 1_000_000 });
    expect(big.storedBytes).toBeLessThan(100_000);
    const response = await history.getStoredResponse(big.id);
    expect(response!.text).toHaveLength(1_000_000);
    expect(response!.body).toEqual({ pad: 'x'.repeat(1_000_000 - 10) });
    // Its stored size, not its size as received, is what the total counts: three more fit beside it.
    for (let i = 2; i <= 4; i++) await history.add(newEntry(i, { bytes: 1_000_000 }));
    expect((await history.list()).every((entry) => entry.bodyStored)).toBe(true);
  });

  it('keeps metadata only for an answer larger as received than the store will compress', async () => {
    const history = store({ maxReceivedBytes: 500_000 });
    const huge = await history.add(newEntry(1, { bytes: 500_001 }));
    expect(huge.bodyStored).toBe(false);
    expect(await history.getStoredResponse(huge.id)).toBeUndefined();
  });

  it('evicts the oldest bodies first once the total cap is passed, keeping their metadata', async () => {
    const history = store({ maxEntryBytes: 100, maxTotalBytes: 250 });
    const a = await history.add(newEntry(1, { bytes: 100 }));
    const b = await history.add(newEntry(2, { bytes: 100 }));
    const c = await history.add(newEntry(3, { bytes: 100 }));
    const kept = new Map((await history.list()).map((entry) => [entry.id, entry.bodyStored]));
    expect(kept).toEqual(
      new Map([
        [c.id, true],
        [b.id, true],
        [a.id, false],
      ]),
    );
    expect(await history.getStoredResponse(a.id)).toBeUndefined();
    expect(await history.getStoredResponse(b.id)).toBeDefined();
    // A newer small body fits beside the newest one; the next oldest goes.
    const d = await history.add(newEntry(4, { bytes: 60 }));
    const after = new Map((await history.list()).map((entry) => [entry.id, entry.bodyStored]));
    expect(after).toEqual(
      new Map([
        [d.id, true],
        [c.id, true],
        [b.id, false],
        [a.id, false],
      ]),
    );
  });

  it('keeps its running total of body bytes through deletes, so the cap counts only what is kept', async () => {
    const history = store({ maxEntryBytes: 100, maxTotalBytes: 250 });
    const a = await history.add(newEntry(1, { bytes: 100 }));
    const b = await history.add(newEntry(2, { bytes: 100 }));
    await history.remove(b.id);
    const c = await history.add(newEntry(3, { bytes: 100 }));
    expect((await history.list()).every((entry) => entry.bodyStored)).toBe(true);
    const d = await history.add(newEntry(4, { bytes: 100 }));
    const kept = new Map((await history.list()).map((entry) => [entry.id, entry.bodyStored]));
    expect(kept).toEqual(
      new Map([
        [d.id, true],
        [c.id, true],
        [a.id, false],
      ]),
    );
    await history.clear();
    const e = await history.add(newEntry(5, { bytes: 100 }));
    const f = await history.add(newEntry(6, { bytes: 100 }));
    expect((await history.list()).map((entry) => [entry.id, entry.bodyStored])).toEqual([
      [f.id, true],
      [e.id, true],
    ]);
  });

  it('counts the bodies of a database written before the running total existed', async () => {
    databases += 1;
    const databaseName = `history-test-${databases}`;
    const old = await openDB(databaseName, 1, {
      upgrade(database) {
        database.createObjectStore('entries', { keyPath: 'id' }).createIndex('sentAt', 'sentAt');
        database.createObjectStore('bodies', { keyPath: 'id' });
      },
    });
    const earlier = newEntry(1, { bytes: 100 });
    await old.put('entries', { ...earlier.entry, id: 'earlier', bodyStored: true });
    await old.put('bodies', { id: 'earlier', answer: earlier.answer });
    old.close();
    const history = createHistoryStore({ databaseName, maxEntryBytes: 100, maxTotalBytes: 250 });
    opened.push(history);
    const b = await history.add(newEntry(2, { bytes: 100 }));
    expect(await history.getStoredResponse('earlier')).toBeDefined();
    const c = await history.add(newEntry(3, { bytes: 100 }));
    const kept = new Map((await history.list()).map((entry) => [entry.id, entry.bodyStored]));
    expect(kept).toEqual(
      new Map([
        [c.id, true],
        [b.id, true],
        ['earlier', false],
      ]),
    );
  });

  it('deletes the oldest entries beyond the entry count', async () => {
    const history = store({ maxEntries: 2 });
    await history.add(newEntry(1));
    const b = await history.add(newEntry(2));
    const c = await history.add(newEntry(3));
    expect((await history.list()).map((entry) => entry.id)).toEqual([c.id, b.id]);
  });

  it('deletes one, clears all, and tells listeners after each change', async () => {
    const history = store();
    let changes = 0;
    const stop = history.onChange(() => (changes += 1));
    const a = await history.add(newEntry(1));
    await history.add(newEntry(2));
    await history.remove(a.id);
    expect(await history.get(a.id)).toBeUndefined();
    expect(await history.getStoredResponse(a.id)).toBeUndefined();
    expect(await history.list()).toHaveLength(1);
    await history.clear();
    expect(await history.list()).toEqual([]);
    stop();
    expect(changes).toBe(4);
  });

  it('drops only the bodies that show personal data unmasked when masking is switched on', async () => {
    const history = store();
    const unmasked = await history.add(newEntry(1, { lookup: personalLookup, masked: false }));
    const masked = await history.add(newEntry(2, { lookup: personalLookup, masked: true }));
    const nothingToMask = await history.add(newEntry(3, { lookup: plainLookup, masked: false }));
    expect(await history.dropUnmaskedBodies()).toBe(1);
    expect(await history.get(unmasked.id)).toMatchObject({ bodyStored: false });
    expect(await history.getStoredResponse(unmasked.id)).toBeUndefined();
    expect(await history.getStoredResponse(masked.id)).toBeDefined();
    expect(await history.getStoredResponse(nothingToMask.id)).toBeDefined();
  });

  it('filters by lookup, words and outcome', async () => {
    const history = store();
    await history.add(newEntry(1, { lookup: plainLookup, params: { city: 'Springfield' } }));
    const failed = newEntry(2, { lookup: personalLookup, params: { city: 'Shelbyville' } });
    await history.add({ ...failed, entry: { ...failed.entry, status: 500 } });
    expect((await history.list({ lookupId: personalLookup.id })).map((entry) => entry.params.city)).toEqual(['Shelbyville']);
    expect((await history.list({ text: 'springf' })).map((entry) => entry.params.city)).toEqual(['Springfield']);
    expect((await history.list({ status: 'failed' })).map((entry) => entry.params.city)).toEqual(['Shelbyville']);
    expect((await history.list({ status: 'ok' })).map((entry) => entry.params.city)).toEqual(['Springfield']);
  });
});
