// @vitest-environment node
// The defaults a definition may leave out, and the one adapter rule the type checker enforces:
// each `@ts-expect-error` below fails `npm run typecheck` if its line ever compiles.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_KEY_TRANSPORT, defineLookup, defineOperation } from './define-lookup.ts';
import { arrayAt } from './adapters.ts';
import { param } from './param.ts';

const base = {
  label: 'Things',
  method: 'GET',
  path: '/things',
  format: 'json',
  example: {},
  params: z.object({ q: param.text({ in: 'query', title: 'Query', help: 'Words to look for.' }) }),
  response: z.looseObject({ things: z.array(z.looseObject({ id: z.string() })) }),
} as const;

export const withIdentity = defineOperation({
  ...base,
  id: 'things',
  identity: 'id',
  adapters: { records: (body) => arrayAt(body, 'things') },
});

// @ts-expect-error A records adapter without an identity ("… required in type 'RecordsAdapterNeedsIdentity'").
export const withoutIdentity = defineOperation({ ...base, id: 'things', adapters: { records: (body) => arrayAt(body, 'things') } });

// No records adapter: the body is the one record, and no identity is needed.
export const noRecords = defineOperation({ ...base, id: 'things' });

describe('defineLookup', () => {
  const catalog = { subject: 's', coverage: 'c', version: 'none', price: 'p', trial: 't' };

  it('fills in the slug and the key transport a definition leaves out', () => {
    const lookup = defineLookup({ id: 'Z', title: 'Z', catalog, personalData: [], operations: [noRecords] });
    expect(lookup.slug).toBe('z');
    expect(lookup.keyTransport).toEqual(DEFAULT_KEY_TRANSPORT);
    expect(DEFAULT_KEY_TRANSPORT).toEqual({ param: 'api_key' });
  });

  it('keeps a slug and a key transport the definition gives', () => {
    const lookup = defineLookup({
      id: 'Z',
      slug: 'zed',
      title: 'Z',
      catalog,
      personalData: [],
      keyTransport: { header: 'X-Key' },
      operations: [withIdentity],
    });
    expect(lookup.slug).toBe('zed');
    expect(lookup.keyTransport).toEqual({ header: 'X-Key' });
  });

  it('keeps the operation as written, its adapters callable', () => {
    expect(withIdentity.identity).toBe('id');
    expect(withIdentity.adapters.records({ things: [{ id: 'a' }] })).toEqual([{ id: 'a' }]);
    expect(noRecords.adapters).toEqual({});
  });
});
