// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nftCollections, nftCollectionsResponse } from '../lookups/p-nft-collections.ts';
import { nftCollectionsDemo } from './p-nft-collections.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = nftCollections.operations[0];

const ask = demoAsker(nftCollectionsDemo, nftCollections);

function names(input: Record<string, string>): string[] {
  const response = ask(input);
  expect(response.status).toBe(200);
  expect(nftCollectionsResponse.safeParse(response.body).success).toBe(true);
  return (response.body as { data: Array<{ name: string }> }).data.map((collection) => collection.name);
}

describe('P demo', () => {
  const base = { protocol: 'ethereum', network: 'mainnet' };

  it('answers the example with collections', () => {
    const body = ask(operation.example, { requestId: 'r' }).body;
    expect(nftCollectionsResponse.safeParse(body).success).toBe(true);
    expect(operation.adapters.records(body)!.length).toBeGreaterThan(0);
  });

  it('matches names case-insensitively by substring', () => {
    const found = names({ ...base, name: 'APE', page_size: '100' });
    expect(found.length).toBeGreaterThan(3);
    for (const name of found) expect(name.toLowerCase()).toContain('ape');
    expect(names({ ...base, name: 'no such collection zzz' })).toEqual([]);
  });

  it('applies the verified filter both ways', () => {
    const all = ask({ ...base, name: 'a', page_size: '100' }).body as { data: Array<{ verified: boolean }> };
    const verified = ask({ ...base, name: 'a', page_size: '100', verified: 'true' }).body as typeof all;
    const unverified = ask({ ...base, name: 'a', page_size: '100', verified: 'false' }).body as typeof all;
    expect(verified.data.length).toBeGreaterThan(0);
    expect(unverified.data.length).toBeGreaterThan(0);
    expect(verified.data.every((collection) => collection.verified)).toBe(true);
    expect(unverified.data.every((collection) => !collection.verified)).toBe(true);
    expect(all.data.some((collection) => collection.verified)).toBe(true);
  });

  it('returns at most page_size collections, 20 when it is left out', () => {
    expect(names({ ...base, name: 'e', page_size: '7' })).toHaveLength(7);
    expect(names({ ...base, name: 'e' })).toHaveLength(20);
  });

  it('keeps a corpus per protocol and network', () => {
    const ethereum = names({ ...base, name: 'o', page_size: '100' });
    const polygon = names({ protocol: 'polygon', network: 'mainnet', name: 'o', page_size: '100' });
    const sepolia = names({ protocol: 'ethereum', network: 'sepolia', name: 'o', page_size: '100' });
    expect(polygon).not.toEqual(ethereum);
    expect(sepolia.length).toBeLessThan(ethereum.length);
    const solana = ask({ protocol: 'solana', network: 'mainnet', name: 'a' }).body as { data: Array<{ contracts: string[] }> };
    expect(solana.data[0]!.contracts[0]).toMatch(/^[1-9A-HJ-NP-Za-km-z]{44}$/);
  });

  it('is deterministic: the same request gives the same bytes', () => {
    const input = { ...base, name: 'cat', verified: 'true' };
    expect(JSON.stringify(ask(input))).toBe(JSON.stringify(ask(input)));
  });

  it('refuses a network the chain does not have with a 404 error body', () => {
    const response = ask({ protocol: 'solana', network: 'sepolia', name: 'ape' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 404, message: "Network 'sepolia' is not supported for protocol 'solana'" } });
  });
});
