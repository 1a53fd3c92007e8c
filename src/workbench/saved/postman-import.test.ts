import { describe, expect, it } from 'vitest';
import { allLookups } from '../../lookups/registry.ts';
import { buildRequest } from '../../lookups/request.ts';
import { encodeQuery } from '../../lookups/request.ts';
import { parseUrlQuery, sentQuerySearch } from '../../form/url-state.ts';
import { readImportFile } from './read-import-file.ts';
import { POSTMAN_SCHEMA } from './saved-export.ts';
import { pathLookup, postLookup } from './testing/saved-fixtures.ts';

function collection(item: unknown[], name = 'From Postman') {
  return JSON.stringify({ info: { name, schema: POSTMAN_SCHEMA }, item });
}

const { lookup, operation } = pathLookup;
const exampleSearch = sentQuerySearch(lookup, operation, operation.example as Record<string, string>);
const exampleRequest = buildRequest(operation, parseUrlQuery(lookup, exampleSearch).submittedParams!);
const upstreamTarget = `${exampleRequest.path}?${encodeQuery([...exampleRequest.query, ['api_key', 'SECRET']])}`;

describe('importing a Postman collection', () => {
  it('matches every lookup’s own request, written as an upstream URL under a base path', () => {
    const items = allLookups.flatMap((each) =>
      each.operations.map((op) => {
        const search = sentQuerySearch(each, op, op.example as Record<string, string>);
        const request = buildRequest(op, parseUrlQuery(each, search).submittedParams!);
        const query = encodeQuery(request.query);
        return {
          name: `${each.title} ${op.id}`,
          request: {
            method: op.method,
            url: `https://api.example.test/base${request.path}${query ? `?${query}` : ''}`,
            ...(request.body && { body: { mode: 'raw', raw: JSON.stringify(request.body) } }),
          },
          expected: { lookupId: each.id, operationId: op.id, search },
        };
      }),
    );
    const read = readImportFile(collection(items.map(({ expected: _e, ...item }) => item)), 1);
    expect(read.ok && read.rejected).toEqual([]);
    expect(read.ok && read.queries.map(({ lookupId, operationId, search }) => ({ lookupId, operationId, search }))).toEqual(
      items.map((item) => item.expected),
    );
  });

  it('reads URL objects with path variables, disabled parameters, folders and descriptions; drops the key', () => {
    const read = readImportFile(
      collection([
        {
          name: 'Folder',
          item: [
            {
              name: 'With variables',
              request: {
                method: 'GET',
                description: { content: 'from a folder' },
                url: {
                  raw: 'ignored when path is given',
                  host: ['{{base_url}}'],
                  path: operation.path
                    .split('/')
                    .filter(Boolean)
                    .map((part) => part.replace(/^\{(.+)\}$/, ':$1')),
                  variable: Object.entries(parseUrlQuery(lookup, exampleSearch).values).map(([key, value]) => ({ key, value })),
                  query: [
                    ...exampleRequest.query.map(([key, value]) => ({ key, value: encodeURIComponent(value) })),
                    { key: 'api_key', value: 'SECRET' },
                    { key: 'unused', value: 'x', disabled: true },
                  ],
                },
              },
            },
          ],
        },
        { name: 'Raw string', request: `{{base_url}}${upstreamTarget}` },
      ]),
      1,
    );
    expect(read.ok && read.rejected).toEqual([]);
    expect(read.ok && read.queries).toEqual([
      expect.objectContaining({
        name: 'With variables',
        collection: 'From Postman / Folder',
        note: 'from a folder',
        lookupId: lookup.id,
        search: exampleSearch,
      }),
      expect.objectContaining({ name: 'Raw string', collection: 'From Postman', lookupId: lookup.id, search: exampleSearch }),
    ]);
  });

  it('puts a folder’s requests in a sub-group of the imported collection, however deep, never a top-level collection of the folder’s name', () => {
    const request = { method: 'GET', url: `{{base_url}}${upstreamTarget}` };
    const read = readImportFile(
      collection([
        { name: 'At the root', request },
        {
          name: 'Folder',
          item: [
            { name: 'In the folder', request },
            { name: 'Inner', item: [{ name: 'Deeper', request }] },
          ],
        },
      ]),
      1,
    );
    expect(read.ok && read.queries.map(({ name, collection: group }) => [name, group])).toEqual([
      ['At the root', 'From Postman'],
      ['In the folder', 'From Postman / Folder'],
      ['Deeper', 'From Postman / Folder / Inner'],
    ]);
  });

  it('lists what matches no lookup, or does not validate, as skipped with why', () => {
    const read = readImportFile(
      collection([
        { name: 'Elsewhere', request: { method: 'GET', url: 'https://example.test/nothing/here' } },
        { name: 'Wrong method', request: { method: 'DELETE', url: `https://example.test${exampleRequest.path}` } },
        {
          name: 'Bad body',
          request: { method: 'POST', url: `{{baseUrl}}${postLookup.operation.path}`, body: { mode: 'raw', raw: '{oops' } },
        },
        { name: 'Invalid', request: { method: 'POST', url: `{{baseUrl}}${postLookup.operation.path}`, body: { mode: 'raw', raw: '{}' } } },
        { name: 'Empty' },
        'not an item',
      ]),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.queries).toEqual([]);
    expect(read.rejected).toEqual([
      { where: 'item[0]', name: 'Elsewhere', reason: `GET /nothing/here matches none of the ${allLookups.length} lookups’ paths` },
      {
        where: 'item[1]',
        name: 'Wrong method',
        reason: `DELETE ${exampleRequest.path} matches none of the ${allLookups.length} lookups’ paths`,
      },
      { where: 'item[2]', name: 'Bad body', reason: 'the request body is not valid JSON' },
      { where: 'item[3]', name: 'Invalid', reason: expect.stringMatching(new RegExp(`^${postLookup.lookup.id}\\. .*is required`)) },
      { where: 'item[4]', name: 'Empty', reason: 'neither a request nor a folder' },
      { where: 'item[5]', reason: expect.stringMatching(/expected object/) },
    ]);
  });

  it('refuses a file that is not a Postman collection v2', () => {
    expect(readImportFile(JSON.stringify({ info: { name: 'x', schema: 'https://example.test/v1' }, item: [] }))).toEqual({
      ok: false,
      message: 'This is not a Postman collection: info.schema: must be a Postman collection v2.1 (or v2.0) schema URL.',
    });
  });
});
