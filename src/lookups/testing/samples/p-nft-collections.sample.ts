// A body holding every field of the spec's "P. NFT collections response", as the provider would send it.
import { nftCollections } from '../../p-nft-collections.ts';
import { defineSamples } from '../define-samples.ts';
export const nftCollectionsSample = {
  data: [
    {
      id: '3f1c9a52-7d0e-4b8a-9a61-0c2f5e8d7b14',
      name: 'Bored Ape Yacht Club',
      logo: 'https://nft-cdn.example.com/logos/3f1c9a52-7d0e-4b8a-9a61-0c2f5e8d7b14.png',
      contracts: ['0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d'],
      verified: true,
    },
  ],
};

export const samples = defineSamples(nftCollections, { search: [nftCollectionsSample] });
