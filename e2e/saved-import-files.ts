// Files and stores of saved queries at the sizes the red team used (issue 22, item 9): a
// collections file of any number of entries, a Postman collection nested any number of folders
// deep, an invalid JSON file of any size, and the saved-query database as a browser that imported
// 100,000 before the cap would hold it. Every query is a valid one of the movie lookup.
import type { Page } from '@playwright/test';

export const MOVIE = { lookupId: 'A', slug: 'a', operationId: 'details' } as const;

/** Entry `index` of a generated set: spread over 40 collections, every tenth with a note. */
export function generatedQuery(index: number) {
  const number = String(index).padStart(6, '0');
  return {
    id: `generated-${number}`,
    name: `Movie query ${number}`,
    ...(index % 10 === 0 && { note: `Generated entry ${index}` }),
    collection: `Collection ${String(index % 40).padStart(2, '0')}`,
    lookupId: MOVIE.lookupId,
    operationId: MOVIE.operationId,
    search: `?movie_id=${(index % 9000) + 1}`,
    createdAt: 1_700_000_000_000 + index,
    updatedAt: 1_700_000_000_000 + index,
  };
}

/** A collections file (lookup-explorer-collections, version 1) of `count` queries. */
export function collectionsFile(count: number): string {
  const byCollection = new Map<string, object[]>();
  for (let index = 1; index <= count; index++) {
    const { collection, ...query } = generatedQuery(index);
    byCollection.set(collection, [...(byCollection.get(collection) ?? []), query]);
  }
  const collections = [...byCollection].map(([name, queries]) => ({ name, queries }));
  return JSON.stringify({ format: 'lookup-explorer-collections', version: 1, exportedAt: '2026-11-01T00:00:00.000Z', collections });
}

/** A Postman collection whose one request sits `depth` folders deep. */
export function deepPostmanFile(depth: number): string {
  const request = { name: 'Deep', request: { method: 'GET', url: `{{baseUrl}}/proxy/${MOVIE.slug}/3/movie/550` } };
  const open = '{"name":"Folder","item":['.repeat(depth);
  const close = ']}'.repeat(depth);
  return `{"info":{"name":"Deep","schema":"https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},"item":[${open}${JSON.stringify(request)}${close}]}`;
}

/** A collections file of about `bytes` that is valid JSON up to its last line, where a comma is missing. */
export function invalidJsonFile(bytes: number): { text: string; line: number } {
  const lines = ['{"format":"lookup-explorer-collections","version":1,"collections":[{"name":"Big","queries":['];
  let size = lines[0]!.length;
  for (let index = 1; size < bytes; index++) {
    const line = `${JSON.stringify(generatedQuery(index))},`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.push('{"id":"last" "name":"missing comma"}]}]}');
  return { text: lines.join('\n'), line: lines.length };
}

/**
 * Writes `count` saved queries straight into the browser's saved-query database, as version 1 of
 * its schema (before this fix) had it, so the app meets them as an old import left them. Run on a
 * page of the app's origin that does not open the database itself (e.g. /healthz).
 */
export async function seedOldSavedQueries(page: Page, count: number): Promise<void> {
  // One JSON string crosses to the page faster than 100,000 serialised objects.
  const queries = JSON.stringify(Array.from({ length: count }, (_, index) => generatedQuery(index + 1)));
  await page.evaluate(async (json) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('lookup-explorer-saved', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('queries', { keyPath: 'id' }).createIndex('lookupId', 'lookupId');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const transaction = db.transaction('queries', 'readwrite');
    for (const query of JSON.parse(json) as object[]) transaction.objectStore('queries').put(query);
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    db.close();
  }, queries);
}
