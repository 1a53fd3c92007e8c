import { describe, expect, it } from 'vitest';
import { nftCollections, nftCollectionsResponse } from './p-nft-collections.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { nftCollectionsSample } from './testing/samples/p-nft-collections.sample.ts';

// Transcribed from the spec's "P. NFT collections response".
const spec: SpecField[] = [
  ['data', 'array'],
  ['data[].id', 'string'],
  ['data[].name', 'string'],
  ['data[].logo', 'string'],
  ['data[].contracts', 'array'],
  ['data[].contracts[]', 'string'],
  ['data[].verified', 'boolean'],
];

const operation = nftCollections.operations[0];
const adapters = operation.adapters;

function messages(input: Record<string, string>) {
  const result = operation.params.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('P NFT collections', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(nftCollectionsResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    const parsed = nftCollectionsResponse.parse({ ...nftCollectionsSample, cursor: 'abc' });
    expect(parsed).toMatchObject({ data: [{ name: 'Bored Ape Yacht Club' }], cursor: 'abc' });
  });

  it('reports a wrong type at its path', () => {
    const body = { data: [{ ...nftCollectionsSample.data[0], verified: 'yes' }] };
    const result = nftCollectionsResponse.safeParse(body);
    expect(result.error?.issues[0]?.path).toEqual(['data', 0, 'verified']);
  });

  it('builds the request with protocol and network in the path', () => {
    const params = operation.params.parse({ protocol: 'ethereum', network: 'mainnet', name: 'ape', verified: 'true', page_size: '5' });
    expect(requestTarget(buildRequest(operation, params))).toBe('/ethereum/mainnet/collections/search?name=ape&verified=true&page_size=5');
  });

  it('refuses bad parameters with messages per field', () => {
    expect(messages({ protocol: 'bitcoin', network: 'Main Net', verified: 'maybe', page_size: '0' })).toEqual({
      protocol: 'must be one of ethereum, polygon, arbitrum, optimism, base, avalanche, bsc, solana',
      network: 'must be a lowercase network name like mainnet',
      name: 'is required',
      verified: 'must be true or false',
      page_size: 'must be between 1 and 100',
    });
  });

  it('reads the collections as records with their names as labels', () => {
    const records = adapters.records(nftCollectionsSample);
    expect(records).toHaveLength(1);
    expect(adapters.label(records![0])).toBe('Bored Ape Yacht Club');
    expect(adapters.records({ error: { code: 404 } })).toBeUndefined();
  });

  it('summarises paging against page_size, without neighbours (the spec has no page parameter)', () => {
    const full = { data: Array.from({ length: 5 }, () => nftCollectionsSample.data[0]) };
    expect(adapters.paging(full, { page_size: 5 })?.summary).toBe('5 collections shown (page_size 5 reached), more may match');
    expect(adapters.paging(nftCollectionsSample, {})).toEqual({ summary: '1 collection, all matches' });
    expect(adapters.paging({ data: [] }, {})).toEqual({ summary: 'No collections match' });
  });
});
