// Per-chain facts the S demo needs to look like each chain: unit, decimals, address formats,
// block heights and whether inputs carry witnesses.
import type { Faker } from '@faker-js/faker';
import type { Blockchain } from '../lookups/s-transaction.ts';

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export interface ChainFacts {
  unit: string;
  /** Decimal places of the smallest unit the demo counts in (satoshi 8, gwei 9, drops 6). */
  decimals: number;
  /** Address prefixes on mainnet and testnet, followed by `length` characters of `alphabet`. */
  prefix: { mainnet: string; testnet: string };
  alphabet: string;
  length: number;
  heights: readonly [min: number, max: number];
  /** Typical transfer size in the smallest unit, [min, max]. */
  transfer: readonly [min: number, max: number];
  segwit: boolean;
}

const utxo = (
  unit: string,
  prefix: ChainFacts['prefix'],
  alphabet: string,
  length: number,
  heights: ChainFacts['heights'],
  transfer: ChainFacts['transfer'],
  segwit = false,
): ChainFacts => ({
  unit,
  decimals: 8,
  prefix,
  alphabet,
  length,
  heights,
  transfer,
  segwit,
});
const evm = (unit: string, heights: ChainFacts['heights']): ChainFacts => ({
  unit,
  decimals: 9,
  prefix: { mainnet: '0x', testnet: '0x' },
  alphabet: '0123456789abcdef',
  length: 40,
  heights,
  transfer: [1_000_000, 5_000_000_000],
  segwit: false,
});

export const CHAINS: Readonly<Record<Blockchain, ChainFacts>> = {
  bitcoin: utxo('BTC', { mainnet: 'bc1q', testnet: 'tb1q' }, BECH32, 38, [650_000, 870_000], [10_000, 300_000_000], true),
  'bitcoin-cash': utxo('BCH', { mainnet: 'bitcoincash:q', testnet: 'bchtest:q' }, BECH32, 41, [650_000, 870_000], [100_000, 2_000_000_000]),
  litecoin: utxo('LTC', { mainnet: 'ltc1q', testnet: 'tltc1q' }, BECH32, 38, [2_000_000, 2_700_000], [100_000, 5_000_000_000], true),
  dogecoin: utxo('DOGE', { mainnet: 'D', testnet: 'n' }, BASE58, 33, [3_500_000, 5_300_000], [100_000_000, 5_000_000_000_000]),
  dash: utxo('DASH', { mainnet: 'X', testnet: 'y' }, BASE58, 33, [1_400_000, 2_100_000], [1_000_000, 10_000_000_000]),
  zcash: utxo('ZEC', { mainnet: 't1', testnet: 'tm' }, BASE58, 33, [1_000_000, 2_600_000], [1_000_000, 10_000_000_000]),
  ethereum: evm('ETH', [12_000_000, 21_000_000]),
  'ethereum-classic': evm('ETC', [12_000_000, 20_000_000]),
  'binance-smart-chain': evm('BNB', [10_000_000, 44_000_000]),
  xrp: {
    unit: 'XRP',
    decimals: 6,
    prefix: { mainnet: 'r', testnet: 'r' },
    alphabet: BASE58,
    length: 33,
    heights: [60_000_000, 92_000_000],
    transfer: [1_000_000, 50_000_000_000],
    segwit: false,
  },
};

export function chainAddress(faker: Faker, facts: ChainFacts, network: string): string {
  const prefix = network === 'testnet' ? facts.prefix.testnet : facts.prefix.mainnet;
  return prefix + faker.string.fromCharacters(facts.alphabet, facts.length);
}

/** A count of the smallest unit as decimal text with trailing zeros dropped: 1254310 sat → "0.0125431". */
export function formatUnits(count: number, decimals: number): string {
  const negative = count < 0;
  const digits = String(Math.abs(Math.round(count))).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Block heights map onto time linearly between these two instants (Unix seconds). */
const FIRST_SECOND = Date.UTC(2020, 0, 1) / 1000;
const LAST_SECOND = Date.UTC(2025, 5, 1) / 1000;

export function timestampAtHeight(facts: ChainFacts, height: number): number {
  const [min, max] = facts.heights;
  return Math.round(FIRST_SECOND + ((height - min) / (max - min)) * (LAST_SECOND - FIRST_SECOND));
}
