// Demo upstream for S: a deterministic transaction per (blockchain, network, id). The demo's ledger
// holds every id that looks like a real one, a hash: an id with fewer than MIN_DISTINCT_DIGITS
// different hex digits or a run of RUN_LENGTH equal digits (64 a's, deadbeef repeated, …00000000)
// is unknown and answers 404, as the provider does for an unknown transaction, and the lookup's
// notes say so. UTXO chains get vin/vout; account-based chains one sender and one recipient. About
// one in twenty transactions is still unconfirmed (in the mempool).
import type { Faker } from '@faker-js/faker';
import type { z } from 'zod';
import { UTXO_CHAINS, type Blockchain, transaction, type transactionItem } from '../lookups/s-transaction.ts';
import { json, providerError, defineDemo } from './demo-types.ts';
import { seededFaker } from './seeded.ts';
import { CHAINS, chainAddress, formatUnits, timestampAtHeight, type ChainFacts } from './s-transaction-chains.ts';

type Transaction = z.infer<typeof transactionItem>;
type Core = Pick<Transaction, 'senders' | 'recipients' | 'fee' | 'blockchainSpecific'>;

export const S_API_VERSION = '2024-12-12';

/** A real id (a hash) has about 16 different hex digits; a made-up one has few. */
export const MIN_DISTINCT_DIGITS = 10;
/** In a real id a digit repeats this often in a row about once in 40 million ids. */
export const RUN_LENGTH = 8;

/** Whether the demo's ledger lacks the id: it does not look like a hash. */
export function isUnknownTransaction(transactionId: string): boolean {
  const hex = transactionId.toLowerCase().replace(/^0x/, '');
  return new Set(hex).size < MIN_DISTINCT_DIGITS || new RegExp(`([0-9a-f])\\1{${RUN_LENGTH - 1}}`).test(hex);
}

const hex = (faker: Faker, length: number) => faker.string.hexadecimal({ length, casing: 'lower', prefix: '' });

function utxoCore(faker: Faker, facts: ChainFacts, network: string, confirmed: boolean): Core {
  const inputs = Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () => ({
    address: chainAddress(faker, facts, network),
    value: faker.number.int({ min: facts.transfer[0], max: facts.transfer[1] }),
  }));
  const totalIn = inputs.reduce((sum, input) => sum + input.value, 0);
  const fee = Math.min(faker.number.int({ min: 200, max: 40_000 }), Math.floor(totalIn / 10));
  const outputCount = faker.number.int({ min: 1, max: 3 });
  let left = totalIn - fee;
  const outputs = Array.from({ length: outputCount }, (_, i) => {
    const value = i === outputCount - 1 ? left : Math.floor(left * faker.number.float({ min: 0.2, max: 0.8 }));
    left -= value;
    return { address: chainAddress(faker, facts, network), value };
  });
  const format = (value: number) => formatUnits(value, facts.decimals);
  const size = faker.number.int({ min: 190, max: 230 }) + 68 * (inputs.length - 1) + 34 * (outputCount - 1);
  const keyHashScript = (hash: string) =>
    facts.segwit
      ? { asm: `0 ${hash}`, hex: `0014${hash}`, type: 'witness_v0_keyhash' }
      : { asm: `OP_DUP OP_HASH160 ${hash} OP_EQUALVERIFY OP_CHECKSIG`, hex: `76a914${hash}88ac`, type: 'pubkeyhash' };
  return {
    senders: inputs.map((input) => ({ address: input.address, amount: format(input.value) })),
    recipients: outputs.map((output) => ({ address: output.address, amount: format(output.value) })),
    fee: { amount: format(fee), unit: facts.unit },
    blockchainSpecific: {
      locktime: faker.datatype.boolean(0.6) ? 0 : faker.number.int({ min: facts.heights[0], max: facts.heights[1] }),
      size,
      vSize: facts.segwit ? Math.ceil(size * 0.62) : size,
      version: faker.helpers.arrayElement([1, 2]),
      vin: inputs.map((input) => {
        const signature = `3044${hex(faker, 136)}01`;
        const publicKey = `02${hex(faker, 64)}`;
        return {
          addresses: [input.address],
          coinbase: '',
          scriptSig: facts.segwit
            ? { asm: '', hex: '', type: 'witness_v0_keyhash' }
            : { asm: `${signature} ${publicKey}`, hex: `47${signature}21${publicKey}`, type: 'pubkeyhash' },
          sequence: faker.helpers.arrayElement([4294967295, 4294967293]),
          txid: hex(faker, 64),
          txinwitness: facts.segwit ? [signature, publicKey] : [],
          value: format(input.value),
          vout: faker.number.int({ min: 0, max: 3 }),
        };
      }),
      vout: outputs.map((output) => ({
        isSpent: confirmed && faker.datatype.boolean(0.5),
        scriptPubKey: { addresses: [output.address], ...keyHashScript(hex(faker, 40)), reqSigs: 1 },
        value: format(output.value),
      })),
    },
  };
}

function accountCore(faker: Faker, facts: ChainFacts, blockchain: Blockchain, network: string, confirmed: boolean): Core {
  const value = faker.number.int({ min: facts.transfer[0], max: facts.transfer[1] });
  const format = (count: number) => formatUnits(count, facts.decimals);
  const from = chainAddress(faker, facts, network);
  const to = chainAddress(faker, facts, network);
  if (blockchain === 'xrp') {
    const fee = faker.number.int({ min: 10, max: 20 });
    return {
      senders: [{ address: from, amount: format(value + fee) }],
      recipients: [{ address: to, amount: format(value) }],
      fee: { amount: format(fee), unit: facts.unit },
      blockchainSpecific: {
        type: 'Payment',
        sequence: faker.number.int({ min: 1, max: 90_000_000 }),
        destinationTag: faker.number.int({ min: 1, max: 4_294_967_295 }),
        transactionStatus: confirmed ? 'tesSUCCESS' : 'pending',
      },
    };
  }
  // Counted in gwei. Unconfirmed EVM transactions report the maximum fee (gas limit × max price).
  const gasLimit = 21_000;
  const gasPrice = faker.number.int({ min: 3, max: 80 });
  const fee = gasLimit * gasPrice;
  return {
    senders: [{ address: from, amount: format(value + fee) }],
    recipients: [{ address: to, amount: format(value) }],
    fee: { amount: format(fee), unit: facts.unit },
    blockchainSpecific: {
      gasLimit: String(gasLimit),
      gasPrice: { amount: format(gasPrice), unit: facts.unit },
      gasUsed: confirmed ? String(gasLimit) : '0',
      inputData: '0x',
      nonce: faker.number.int({ min: 0, max: 5_000 }),
      transactionStatus: confirmed ? 'success' : 'pending',
    },
  };
}

export function demoTransaction(blockchain: Blockchain, network: string, transactionId: string): Transaction {
  const faker = seededFaker('S', blockchain, network, transactionId.toLowerCase());
  const facts = CHAINS[blockchain];
  const confirmed = faker.number.int({ min: 0, max: 19 }) !== 0;
  const height = faker.number.int({ min: facts.heights[0], max: facts.heights[1] });
  const utxo = UTXO_CHAINS.includes(blockchain);
  const core = utxo ? utxoCore(faker, facts, network, confirmed) : accountCore(faker, facts, blockchain, network, confirmed);
  return {
    index: confirmed ? faker.number.int({ min: 0, max: 2_500 }) : 0,
    isConfirmed: confirmed,
    // Unconfirmed: no block yet, so the block fields are empty and the time is the first mempool sighting.
    minedInBlockHash: confirmed ? (utxo ? `0000000000000000000${hex(faker, 45)}` : `0x${hex(faker, 64)}`) : '',
    minedInBlockHeight: confirmed ? height : 0,
    recipients: core.recipients,
    senders: core.senders,
    timestamp: timestampAtHeight(facts, height),
    // Segwit chains hash the witness too, so the hash differs from the id; elsewhere they are equal.
    transactionHash: facts.segwit ? hex(faker, 64) : transactionId,
    transactionId,
    fee: core.fee,
    blockchainSpecific: core.blockchainSpecific,
  };
}

export const transactionDemo = defineDemo(transaction, ({ params, requestId }) => {
  const { blockchain, network, transactionId } = params;
  const envelope = { apiVersion: S_API_VERSION, requestId, context: params.context ?? '' };
  if (isUnknownTransaction(transactionId))
    return providerError(404, {
      ...envelope,
      error: { code: 'resource_not_found', message: `Transaction ${transactionId} was not found on ${blockchain} ${network}.` },
    });
  return json({ ...envelope, data: { item: demoTransaction(blockchain, network, transactionId) } });
});
