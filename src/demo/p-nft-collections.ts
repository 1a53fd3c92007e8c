// Demo upstream for P: a fixed corpus of collections per protocol and network, searched by name.
import type { Faker } from '@faker-js/faker';
import { NFT_PAGE_SIZE_DEFAULT, type nftCollection } from '../lookups/p-nft-collections.ts';
import type { z } from 'zod';
import { nftCollections } from '../lookups/p-nft-collections.ts';
import { json, providerError, defineDemo } from './demo-types.ts';
import { seededFaker } from './seeded.ts';

type Collection = z.infer<typeof nftCollection>;

/** Networks each chain answers for; anything else is refused as the provider would. */
export const NFT_NETWORKS: Readonly<Record<string, readonly string[]>> = {
  ethereum: ['mainnet', 'sepolia', 'holesky'],
  polygon: ['mainnet', 'amoy'],
  arbitrum: ['mainnet', 'sepolia'],
  optimism: ['mainnet', 'sepolia'],
  base: ['mainnet', 'sepolia'],
  avalanche: ['mainnet', 'fuji'],
  bsc: ['mainnet', 'testnet'],
  solana: ['mainnet', 'devnet'],
};

const PREFIXES = [
  'Bored',
  'Mutant',
  'Cosmic',
  'Pixel',
  'Lazy',
  'Crypto',
  'Neon',
  'Degen',
  'Cool',
  'Wild',
  'Tiny',
  'Golden',
  'Doodle',
  'Moon',
  'Cyber',
  'Azuki',
  'Chill',
  'Rare',
  'Lucky',
  'Meta',
];
const NOUNS = [
  'Apes',
  'Punks',
  'Cats',
  'Penguins',
  'Kittens',
  'Lions',
  'Frogs',
  'Owls',
  'Wolves',
  'Robots',
  'Bears',
  'Dragons',
  'Foxes',
  'Ghosts',
  'Whales',
  'Monkeys',
  'Pandas',
  'Sharks',
  'Toads',
  'Aliens',
];
const SUFFIXES = ['', '', 'Club', 'Yacht Club', 'Society', 'Genesis', 'Collective', 'Originals', 'Kingdom', 'Squad'];
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function contractAddress(faker: Faker, protocol: string): string {
  return protocol === 'solana' ? faker.string.fromCharacters(BASE58, 44) : faker.finance.ethereumAddress();
}

function buildCorpus(protocol: string, network: string): Collection[] {
  const faker = seededFaker('P', protocol, network);
  const mainnet = network === 'mainnet';
  const seen = new Set<string>();
  const corpus: Collection[] = [];
  for (let i = 0; i < (mainnet ? 400 : 60); i++) {
    const base = [faker.helpers.arrayElement(PREFIXES), faker.helpers.arrayElement(NOUNS), faker.helpers.arrayElement(SUFFIXES)]
      .filter(Boolean)
      .join(' ');
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base} #${n}`;
    seen.add(name);
    const id = faker.string.uuid();
    corpus.push({
      id,
      name,
      logo: `https://nft-cdn.example.com/logos/${id}.png`,
      contracts: Array.from({ length: faker.number.int({ min: 1, max: faker.datatype.boolean(0.15) ? 3 : 1 }) }, () =>
        contractAddress(faker, protocol),
      ),
      verified: faker.datatype.boolean(mainnet ? 0.3 : 0.05),
    });
  }
  // Verified collections first, then by name: the order a collection search presents.
  return corpus.sort((a, b) => Number(b.verified) - Number(a.verified) || a.name.localeCompare(b.name, 'en'));
}

const corpora = new Map<string, Collection[]>();

function corpus(protocol: string, network: string): Collection[] {
  const key = `${protocol}/${network}`;
  let found = corpora.get(key);
  if (!found) corpora.set(key, (found = buildCorpus(protocol, network)));
  return found;
}

export const nftCollectionsDemo = defineDemo(nftCollections, ({ params }) => {
  const { protocol, network } = params;
  if (!NFT_NETWORKS[protocol]?.includes(network))
    return providerError(404, { error: { code: 404, message: `Network '${network}' is not supported for protocol '${protocol}'` } });
  const needle = (params.name ?? '').toLowerCase();
  const pageSize = params.page_size ?? NFT_PAGE_SIZE_DEFAULT;
  const data = corpus(protocol, network)
    .filter((collection) => collection.name.toLowerCase().includes(needle))
    .filter((collection) => params.verified === undefined || collection.verified === params.verified)
    .slice(0, pageSize);
  return json({ data });
});
