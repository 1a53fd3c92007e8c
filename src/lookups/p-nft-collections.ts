import { z } from 'zod';
import { defineLookup, defineOperation, type PageInfo, type Params } from './define-lookup.ts';
import { param } from './param.ts';
import { arrayAt, isRecord, plural } from './adapters.ts';
import { textAt } from './error-text.ts';

/** Chains a collections index commonly covers; the path segment is the chain's lowercase name. */
export const NFT_PROTOCOLS = ['ethereum', 'polygon', 'arbitrum', 'optimism', 'base', 'avalanche', 'bsc', 'solana'] as const;

export const NFT_PAGE_SIZE_DEFAULT = 20;
export const NFT_PAGE_SIZE_MAX = 100;

export const nftCollection = z.looseObject({
  id: z.string(),
  name: z.string(),
  logo: z.string(),
  contracts: z.array(z.string()),
  verified: z.boolean(),
});

export const nftCollectionsResponse = z.looseObject({
  data: z.array(nftCollection),
});

/** P has no page parameter: the summary says whether the page_size cap was reached. */
function nftPaging(body: unknown, params: Params): PageInfo | undefined {
  const records = arrayAt(body, 'data');
  if (!records) return undefined;
  const pageSize = typeof params.page_size === 'number' ? params.page_size : NFT_PAGE_SIZE_DEFAULT;
  // The spec has page_size but no page parameter: past a full answer nothing can be fetched, so
  // the bar offers the largest page_size (one click), then a narrower search.
  if (records.length >= pageSize) {
    const larger = pageSize < NFT_PAGE_SIZE_MAX;
    return {
      summary: `${plural(records.length, 'collection')} shown (page_size ${pageSize} reached), more may match`,
      narrowing: {
        reason: 'The spec gives P page_size but no page parameter: collections past the first page_size cannot be fetched.',
        advice: larger
          ? `Raise page_size (up to ${NFT_PAGE_SIZE_MAX}), or search a longer part of the name.`
          : `Search a longer part of the name${params.verified === undefined ? ', or set verified' : ''}.`,
        ...(larger && {
          resend: { label: `Raise page_size to ${NFT_PAGE_SIZE_MAX}`, params: { ...params, page_size: NFT_PAGE_SIZE_MAX } },
        }),
      },
    };
  }
  return { summary: records.length === 0 ? 'No collections match' : `${plural(records.length, 'collection')}, all matches` };
}

export const nftCollections = defineLookup({
  id: 'P',
  title: 'NFT collections',
  keywords: ['crypto', 'cryptocurrency', 'blockchain', 'nft', 'token', 'web3', 'ethereum', 'marketplace'],
  catalog: {
    subject: 'NFT collections whose names match a search string',
    coverage: 'global',
    version: 'no version in the path',
    price: 'on request',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  personalData: [],
  operations: [
    defineOperation({
      id: 'search',
      label: 'Search collections',
      method: 'GET',
      path: '/{protocol}/{network}/collections/search',
      format: 'json',
      example: { protocol: 'ethereum', network: 'mainnet', name: 'ape', page_size: '20' },
      params: z.object({
        protocol: param.enum({
          in: 'path',
          title: 'Protocol',
          help: 'The blockchain whose collections are searched.',
          required: true,
          options: NFT_PROTOCOLS,
          example: 'ethereum',
        }),
        network: param.text({
          in: 'path',
          title: 'Network',
          help: 'The network of that chain: mainnet, or a test network such as sepolia.',
          required: true,
          pattern: /^[a-z0-9-]+$/,
          patternMessage: 'must be a lowercase network name like mainnet',
          maxLength: 40,
          example: 'mainnet',
        }),
        name: param.text({
          in: 'query',
          title: 'Collection name',
          help: 'Text the collection name contains (case does not matter).',
          required: true,
          maxLength: 100,
          example: 'ape',
        }),
        verified: param.boolean({
          in: 'query',
          title: 'Verified only',
          help: 'true for verified collections only, false for unverified only; leave empty for both.',
          example: 'true',
        }),
        page_size: param.integer({
          in: 'query',
          title: 'Page size',
          help: `How many collections to return at most (1 to ${NFT_PAGE_SIZE_MAX}).`,
          min: 1,
          max: NFT_PAGE_SIZE_MAX,
          example: '20',
          defaultHint: String(NFT_PAGE_SIZE_DEFAULT),
        }),
      }),
      response: nftCollectionsResponse,
      identity: 'id',
      adapters: {
        // Errors: {error:{code, message}}.
        errorMessage: (body) => textAt(body, 'error.message'),
        records: (body) => arrayAt(body, 'data'),
        paging: nftPaging,
        label: (record) => (isRecord(record) ? String(record.name ?? record.id) : ''),
      },
      notes: [
        'protocol is a choice of common chains (ethereum, polygon, arbitrum, optimism, base, avalanche, bsc, solana), as providers of collection indexes name them in the path.',
        'network is free text (mainnet, sepolia, devnet…) because the test networks differ per chain.',
        `page_size is bounded 1–${NFT_PAGE_SIZE_MAX} with ${NFT_PAGE_SIZE_DEFAULT} assumed when left out; the spec names the parameter but not its bounds or default.`,
      ],
    }),
  ],
  notes: ['Collections are public on-chain metadata: no field is treated as personal data.'],
});
