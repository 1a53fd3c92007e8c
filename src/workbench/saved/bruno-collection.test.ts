import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { registeredLookup } from './collection-file.ts';
import { BRUNO_ENVIRONMENT, writeBrunoCollection } from './bruno-collection.ts';
import { zipFiles } from './bruno-zip.ts';
import { writeBruFile } from './saved-export.ts';
import { pathLookup, postLookup, savedFrom } from './testing/saved-fixtures.ts';

const ORIGIN = 'http://127.0.0.1:4173/';

describe('exporting saved queries as a Bruno collection', () => {
  const get = savedFrom(pathLookup, { name: 'By path' });
  const twin = savedFrom(pathLookup, { name: 'by path' });
  const post = { ...savedFrom(postLookup, { name: 'Posted' }), collection: 'Second: posts' };
  const broken = savedFrom(pathLookup, { name: 'Broken', search: '?nothing=1' });

  it('writes bruno.json, the environment defining baseUrl as this origin, and one .bru per request at the root for one collection', () => {
    const { files, skipped } = writeBrunoCollection(
      'My queries',
      [{ name: 'My queries', queries: [get, twin, broken] }],
      registeredLookup,
      ORIGIN,
    );
    expect(skipped).toEqual([broken]);
    expect(files.map((file) => file.path)).toEqual([
      'my-queries/bruno.json',
      `my-queries/environments/${BRUNO_ENVIRONMENT}.bru`,
      'my-queries/by-path.bru',
      'my-queries/by-path-2.bru',
    ]);
    expect(JSON.parse(files[0]!.text)).toEqual({ version: '1', name: 'My queries', type: 'collection', ignore: ['node_modules', '.git'] });
    expect(files[1]!.text).toBe('vars {\n  baseUrl: http://127.0.0.1:4173\n}\n');
    expect(files[2]!.text).toBe(writeBruFile(get, pathLookup.lookup, 1));
    expect(files[3]!.text).toBe(writeBruFile(twin, pathLookup.lookup, 2));
    // Every request starts at the variable the environment defines.
    expect(files[2]!.text).toContain('url: {{baseUrl}}/proxy/');
  });

  it('puts each saved collection in a folder of its own, named in its folder.bru, when there are several', () => {
    const { files } = writeBrunoCollection(
      'All',
      [
        { name: 'My queries', queries: [get] },
        { name: 'Second: posts', queries: [post] },
      ],
      registeredLookup,
      ORIGIN,
    );
    expect(files.map((file) => file.path).slice(2)).toEqual([
      'all/my-queries/folder.bru',
      'all/my-queries/by-path.bru',
      'all/second-posts/folder.bru',
      'all/second-posts/posted.bru',
    ]);
    expect(files.find((file) => file.path === 'all/second-posts/folder.bru')!.text).toBe('meta {\n  name: Second: posts\n  seq: 2\n}\n');
  });

  it('zips the files as they are', () => {
    const { files } = writeBrunoCollection('My queries', [{ name: 'My queries', queries: [get, post] }], registeredLookup, ORIGIN);
    const unzipped = unzipSync(zipFiles(files));
    expect(Object.keys(unzipped)).toEqual(files.map((file) => file.path));
    for (const file of files) expect(strFromU8(unzipped[file.path]!)).toBe(file.text);
  });
});
