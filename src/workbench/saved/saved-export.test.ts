import { describe, expect, it } from 'vitest';
import {
  ALL_SAVED_NAME,
  POSTMAN_SCHEMA,
  fileStem,
  savedCurl,
  writeAllPostman,
  writeBruFile,
  writePostmanCollection,
} from './saved-export.ts';
import { allLookups } from '../../lookups/registry.ts';
import { sentQuerySearch } from '../../form/url-state.ts';
import { readImportFile } from './read-import-file.ts';
import { registeredLookup } from './collection-file.ts';
import { pathLookup, postLookup, savedFrom, secondOperation } from './testing/saved-fixtures.ts';
import { describeUpstreamRequest } from '../../results/request/describe-request.ts';
import { defaultKeyPlacement } from '../../lookups/wire.ts';
import { parseUrlQuery } from '../../form/url-state.ts';

const ORIGIN = 'http://127.0.0.1:4173';

function requestOf(query: ReturnType<typeof savedFrom>, from: typeof pathLookup) {
  const params = parseUrlQuery(from.lookup, query.search).submittedParams!;
  return describeUpstreamRequest(from.lookup, from.operation, params, defaultKeyPlacement(from.lookup.keyTransport));
}

describe('exporting saved queries', () => {
  const get = savedFrom(pathLookup, { name: 'By path', note: 'a note' });
  const post = savedFrom(postLookup, { name: 'Posted' });
  const broken = savedFrom(pathLookup, { name: 'Broken', search: '?nothing=1' });

  it('as curl: against this server’s proxy, or upstream with the key placeholder', () => {
    const proxy = savedCurl(get, pathLookup.lookup, { proxyOrigin: ORIGIN })!;
    expect(proxy).toBe(`curl -sS -X GET '${ORIGIN}${requestOf(get, pathLookup).proxyUrl}'`);
    const upstream = savedCurl(get, pathLookup.lookup, { upstream: { in: 'header', name: 'X-Key' } })!;
    expect(upstream).toContain(`-H 'X-Key: <API_KEY>'`);
    expect(upstream).toContain('{base_url}');
    expect(savedCurl(broken, pathLookup.lookup, { proxyOrigin: ORIGIN })).toBeUndefined();
  });

  it('as a Postman collection v2.1: one item per saved query, each calling the proxy at {{baseUrl}}', () => {
    const { collection, skipped } = writePostmanCollection('My queries', [get, post, broken], registeredLookup, `${ORIGIN}/`);
    expect(skipped).toEqual([broken]);
    expect(collection.info).toMatchObject({ name: 'My queries', schema: POSTMAN_SCHEMA });
    expect(collection.variable).toEqual([{ key: 'baseUrl', value: ORIGIN, type: 'string' }]);
    expect(collection.item.map((item) => item.name)).toEqual(['By path', 'Posted']);

    const getRequest = requestOf(get, pathLookup);
    const [getItem, postItem] = collection.item;
    expect(getItem!.request).toMatchObject({ method: 'GET', header: [], description: 'a note' });
    expect(getItem!.request.url.raw).toBe(`{{baseUrl}}${getRequest.proxyUrl}`);
    expect(getItem!.request.url.host).toEqual(['{{baseUrl}}']);
    expect(`/${getItem!.request.url.path.join('/')}`).toBe(getRequest.proxyUrl.split('?')[0]);
    const keyName = defaultKeyPlacement(pathLookup.lookup.keyTransport).name;
    expect(getItem!.request.url.query ?? []).toEqual(
      getRequest.query.filter(([name]) => name !== keyName).map(([key, value]) => ({ key, value })),
    );

    const postRequest = requestOf(post, postLookup);
    expect(postItem!.request.method).toBe('POST');
    expect(postItem!.request.header).toEqual([
      { key: 'Content-Type', value: 'application/json' },
      { key: 'Origin', value: '{{baseUrl}}' },
    ]);
    expect(JSON.parse(postItem!.request.body!.raw)).toEqual(postRequest.body);
    expect(postItem!.request.body!.options).toEqual({ raw: { language: 'json' } });
    // The whole is plain JSON.
    expect(JSON.parse(JSON.stringify(collection))).toEqual(collection);
  });

  it('keeps query values decoded, as Postman shows and edits them (it encodes them when sending)', () => {
    // A lookup whose example sends a date-time in the query: its colons must not read %3A.
    const withTime = allLookups
      .flatMap((lookup) => lookup.operations.map((operation) => ({ lookup, operation })))
      .find(
        ({ operation }) =>
          operation.method === 'GET' &&
          Object.values(operation.example as Record<string, unknown>).some((value) => /T\d\d:\d\d/.test(String(value))),
      )!;
    const query = savedFrom(withTime, {
      search: sentQuerySearch(withTime.lookup, withTime.operation, withTime.operation.example as Record<string, string>),
    });
    const { collection, skipped } = writePostmanCollection('Times', [query], registeredLookup, ORIGIN);
    expect(skipped).toEqual([]);
    const values = collection.item[0]!.request.url.query!.map((pair) => pair.value);
    expect(values.some((value) => /T\d\d:\d\d/.test(value))).toBe(true);
    expect(values.filter((value) => /%[0-9A-F]{2}/i.test(value))).toEqual([]);
  });

  it('exports every collection at once as one Postman collection, a folder per collection', () => {
    const other = { ...savedFrom(pathLookup, { name: 'Elsewhere' }), collection: 'Other' };
    const { collection, skipped } = writeAllPostman([get, other, post, broken], registeredLookup, ORIGIN);
    expect(skipped).toEqual([broken]);
    expect(collection.info).toMatchObject({ name: ALL_SAVED_NAME, schema: POSTMAN_SCHEMA });
    expect(collection.item.map((folder) => [folder.name, folder.item.map((item) => item.name)])).toEqual([
      [get.collection, ['By path', 'Posted']],
      ['Other', ['Elsewhere']],
    ]);
    // It imports back: each folder a sub-group of the imported collection.
    const read = readImportFile(JSON.stringify(collection), 5);
    expect(read.ok && read.queries.map((query) => [query.name, query.collection])).toEqual([
      ['By path', `${ALL_SAVED_NAME} / ${get.collection}`],
      ['Posted', `${ALL_SAVED_NAME} / ${get.collection}`],
      ['Elsewhere', `${ALL_SAVED_NAME} / Other`],
    ]);
  });

  it('imports its own Postman export back to the same lookups and queries', () => {
    const queries = [get, post, savedFrom(secondOperation)];
    const { collection } = writePostmanCollection('Round trip', queries, registeredLookup, ORIGIN);
    const read = readImportFile(JSON.stringify(collection), 5);
    expect(read.ok && read.rejected).toEqual([]);
    if (!read.ok) return;
    expect(read.kind).toBe('Postman collection');
    expect(
      read.queries.map(({ name, lookupId, operationId, search, collection: c, note }) => ({
        name,
        lookupId,
        operationId,
        search,
        collection: c,
        note,
      })),
    ).toEqual(
      queries.map(({ name, lookupId, operationId, search, note }) => ({
        name,
        lookupId,
        operationId,
        search,
        collection: 'Round trip',
        note,
      })),
    );
  });

  it('as a Bruno .bru file calling the proxy', () => {
    const bru = writeBruFile(post, postLookup.lookup, 3)!;
    const request = requestOf(post, postLookup);
    expect(bru).toContain(`meta {\n  name: Posted\n  type: http\n  seq: 3\n}`);
    expect(bru).toContain(`post {\n  url: {{baseUrl}}${request.proxyUrl}\n  body: json\n  auth: none\n}`);
    expect(bru).toContain(`headers {\n  Content-Type: application/json\n  Origin: {{baseUrl}}\n}`);
    expect(bru).toContain(`body:json {\n  ${JSON.stringify(request.body, null, 2).replace(/\n/g, '\n  ')}\n}`);
    const getBru = writeBruFile(get, pathLookup.lookup)!;
    expect(getBru).toContain('body: none');
    expect(getBru).toContain('docs {\n  a note\n}');
    expect(writeBruFile(broken, pathLookup.lookup)).toBeUndefined();
  });

  it('names files plainly', () => {
    expect(fileStem('Movie night: Fight Club!')).toBe('movie-night-fight-club');
    expect(fileStem('???')).toBe('saved-query');
  });
});
