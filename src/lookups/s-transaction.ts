import { z } from 'zod';
import { defineLookup, defineOperation } from './define-lookup.ts';
import { param } from './param.ts';
import { isRecord, readPath } from './adapters.ts';
import { firstTextAt } from './error-text.ts';

export const BLOCKCHAINS = [
  'bitcoin',
  'bitcoin-cash',
  'litecoin',
  'dogecoin',
  'dash',
  'ethereum',
  'ethereum-classic',
  'zcash',
  'binance-smart-chain',
  'xrp',
] as const;
export type Blockchain = (typeof BLOCKCHAINS)[number];

/** Chains whose transaction ids are written with a 0x prefix (the EVM family). */
export const EVM_CHAINS: readonly Blockchain[] = ['ethereum', 'ethereum-classic', 'binance-smart-chain'];
/** Chains that spend unspent outputs (vin/vout); the rest are account-based. */
export const UTXO_CHAINS: readonly Blockchain[] = ['bitcoin', 'bitcoin-cash', 'litecoin', 'dogecoin', 'dash', 'zcash'];

const amount = z.looseObject({ address: z.string(), amount: z.string() });
const script = z.looseObject({ asm: z.string(), hex: z.string(), type: z.string() });

const vin = z.looseObject({
  addresses: z.array(z.string()),
  coinbase: z.string(),
  scriptSig: script,
  sequence: z.number().int(),
  txid: z.string(),
  txinwitness: z.array(z.string()),
  value: z.string(),
  vout: z.number().int(),
});

const vout = z.looseObject({
  isSpent: z.boolean(),
  scriptPubKey: z.looseObject({
    addresses: z.array(z.string()),
    asm: z.string(),
    hex: z.string(),
    reqSigs: z.number().int(),
    type: z.string(),
  }),
  value: z.string(),
});

// The spec shows the UTXO shape only; account-based chains send other fields. Each UTXO field is
// optional but typed, so a UTXO body is still checked field by field and any other shape passes.
const blockchainSpecific = z.looseObject({
  locktime: z.number().int().optional(),
  size: z.number().int().optional(),
  vSize: z.number().int().optional(),
  version: z.number().int().optional(),
  vin: z.array(vin).optional(),
  vout: z.array(vout).optional(),
});

export const transactionItem = z.looseObject({
  index: z.number().int(),
  isConfirmed: z.boolean(),
  minedInBlockHash: z.string(),
  minedInBlockHeight: z.number().int(),
  recipients: z.array(amount),
  senders: z.array(amount),
  timestamp: z.number().int(),
  transactionHash: z.string(),
  transactionId: z.string(),
  fee: z.looseObject({ amount: z.string(), unit: z.string() }),
  blockchainSpecific,
});

const envelope = {
  apiVersion: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  requestId: z.string(),
  context: z.string(),
};

export const transactionResponse = z.looseObject({
  ...envelope,
  data: z.looseObject({ item: transactionItem }),
});

/** The provider's error body (404 for an unknown transaction); context and requestId are still present. */
export const transactionErrorResponse = z.looseObject({
  ...envelope,
  error: z.looseObject({ code: z.string(), message: z.string() }),
});

export const transaction = defineLookup({
  id: 'S',
  title: 'Blockchain transaction',
  keywords: ['crypto', 'cryptocurrency', 'blockchain', 'nft', 'bitcoin', 'ethereum', 'wallet', 'transfer'],
  catalog: {
    subject: 'Details of one blockchain transaction, by transaction id',
    coverage: 'global',
    version: 'no version in the path; apiVersion (a date YYYY-MM-DD) in the body',
    price: 'monthly from $99; yearly from $990',
    trial: 'free',
  },
  keyTransport: { param: 'api_key' },
  personalData: [],
  operations: [
    defineOperation({
      id: 'details',
      label: 'Transaction details',
      method: 'GET',
      path: '/blockchain-data/{blockchain}/{network}/transactions/{transactionId}',
      format: 'json',
      example: {
        blockchain: 'bitcoin',
        network: 'mainnet',
        transactionId: '4b66461bf88b61e1e4326356534c135129defb504c7acb2fd6c92697d79eb250',
        context: 'explorer-demo',
      },
      params: z
        .object({
          blockchain: param.enum({
            in: 'path',
            title: 'Blockchain',
            help: 'The chain that holds the transaction.',
            required: true,
            options: BLOCKCHAINS,
            example: 'bitcoin',
          }),
          network: param.enum({
            in: 'path',
            title: 'Network',
            help: 'mainnet for the production chain, testnet for its test network.',
            required: true,
            options: ['mainnet', 'testnet'],
            example: 'mainnet',
          }),
          transactionId: param.text({
            in: 'path',
            title: 'Transaction id',
            help: 'The transaction hash: 64 hex digits, with a 0x prefix on ethereum, ethereum-classic and binance-smart-chain.',
            required: true,
            pattern: /^(0x)?[0-9a-fA-F]{64}$/,
            patternMessage: 'must be 64 hex digits, optionally after 0x',
            example: '4b66461bf88b61e1e4326356534c135129defb504c7acb2fd6c92697d79eb250',
          }),
          context: param.text({
            in: 'query',
            title: 'Context',
            help: 'Any text of yours, echoed back in the answer to match answers to requests.',
            maxLength: 100,
            example: 'explorer-demo',
          }),
        })
        .superRefine((params, ctx) => {
          if (!params.blockchain || !params.transactionId) return;
          const evm = EVM_CHAINS.includes(params.blockchain);
          const prefixed = params.transactionId.startsWith('0x');
          if (evm && !prefixed)
            ctx.addIssue({ code: 'custom', path: ['transactionId'], message: `must start with 0x on ${params.blockchain}` });
          if (!evm && prefixed)
            ctx.addIssue({ code: 'custom', path: ['transactionId'], message: `must not start with 0x on ${params.blockchain}` });
        }),
      response: transactionResponse,
      identity: ['role', 'address'],
      adapters: {
        // Errors: {apiVersion, requestId, context, error:{code, message}}.
        errorMessage: (body) => firstTextAt(body, ['error.message', 'error.code']),
        success: (body) => {
          const error = readPath(body, 'error');
          if (error === undefined) return { ok: true };
          return { ok: false, message: String(readPath(error, 'message') ?? readPath(error, 'code') ?? 'The provider reported an error') };
        },
        // The table lists who sent and who received what: senders first, each tagged with its side.
        records: (body) => {
          const item = readPath(body, 'data.item');
          if (!isRecord(item)) return undefined;
          const side = (role: string, entries: unknown) =>
            Array.isArray(entries) ? entries.map((entry) => ({ role, ...(isRecord(entry) ? entry : { value: entry }) })) : [];
          return [...side('sender', item.senders), ...side('recipient', item.recipients)];
        },
        label: (record) => (isRecord(record) ? `${String(record.role ?? '')} ${String(record.address ?? '')}`.trim() : ''),
      },
      notes: [
        'transactionId is 64 hex digits; the EVM chains (ethereum, ethereum-classic, binance-smart-chain) write it with 0x, the others without.',
        'context is optional free text up to 100 characters; the answer always carries a context field, empty when none was sent.',
        'blockchainSpecific: the spec shows the UTXO shape (locktime, size, vSize, version, vin, vout); for account-based chains its shape is not shown, so those fields are optional and any other fields pass.',
        "Errors follow the provider convention {apiVersion, requestId, context, error:{code, message}}, 404 for an unknown transaction. The demo knows every id that looks like a real one (a hash); an id with fewer than 10 different hex digits, or one digit 8 times in a row (64 a's, deadbeef repeated, …00000000), is unknown and answers 404.",
      ],
    }),
  ],
  notes: ['Blockchain addresses are public pseudonymous identifiers and are not masked as personal data.'],
});
