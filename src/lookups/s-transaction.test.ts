import { describe, expect, it } from 'vitest';
import { transaction, transactionErrorResponse, transactionResponse } from './s-transaction.ts';
import { specFieldProblems, type SpecField } from './testing/spec-fields.ts';
import { buildRequest, requestTarget } from './request.ts';
import { transactionSample } from './testing/samples/s-transaction.sample.ts';

// Transcribed from the spec's "S. Transaction details response" and its Transaction table.
const spec: SpecField[] = [
  ['apiVersion', 'string'],
  ['requestId', 'string'],
  ['context', 'string'],
  ['data', 'object'],
  ['data.item', 'object'],
  ['data.item.index', 'integer'],
  ['data.item.isConfirmed', 'boolean'],
  ['data.item.minedInBlockHash', 'string'],
  ['data.item.minedInBlockHeight', 'integer'],
  ['data.item.recipients[].address', 'string'],
  ['data.item.recipients[].amount', 'string'],
  ['data.item.senders[].address', 'string'],
  ['data.item.senders[].amount', 'string'],
  ['data.item.timestamp', 'integer'],
  ['data.item.transactionHash', 'string'],
  ['data.item.transactionId', 'string'],
  ['data.item.fee.amount', 'string'],
  ['data.item.fee.unit', 'string'],
  ['data.item.blockchainSpecific', 'object'],
  ['data.item.blockchainSpecific.locktime', 'integer'],
  ['data.item.blockchainSpecific.size', 'integer'],
  ['data.item.blockchainSpecific.vSize', 'integer'],
  ['data.item.blockchainSpecific.version', 'integer'],
  ['data.item.blockchainSpecific.vin[].addresses[]', 'string'],
  ['data.item.blockchainSpecific.vin[].coinbase', 'string'],
  ['data.item.blockchainSpecific.vin[].scriptSig.asm', 'string'],
  ['data.item.blockchainSpecific.vin[].scriptSig.hex', 'string'],
  ['data.item.blockchainSpecific.vin[].scriptSig.type', 'string'],
  ['data.item.blockchainSpecific.vin[].sequence', 'integer'],
  ['data.item.blockchainSpecific.vin[].txid', 'string'],
  ['data.item.blockchainSpecific.vin[].txinwitness[]', 'string'],
  ['data.item.blockchainSpecific.vin[].value', 'string'],
  ['data.item.blockchainSpecific.vin[].vout', 'integer'],
  ['data.item.blockchainSpecific.vout[].isSpent', 'boolean'],
  ['data.item.blockchainSpecific.vout[].scriptPubKey.addresses[]', 'string'],
  ['data.item.blockchainSpecific.vout[].scriptPubKey.asm', 'string'],
  ['data.item.blockchainSpecific.vout[].scriptPubKey.hex', 'string'],
  ['data.item.blockchainSpecific.vout[].scriptPubKey.reqSigs', 'integer'],
  ['data.item.blockchainSpecific.vout[].scriptPubKey.type', 'string'],
  ['data.item.blockchainSpecific.vout[].value', 'string'],
];

const operation = transaction.operations[0];
const adapters = operation.adapters;
const BTC_ID = '4b66461bf88b61e1e4326356534c135129defb504c7acb2fd6c92697d79eb250';

function messages(input: Record<string, string>) {
  const result = operation.params.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('S transaction', () => {
  it('has every field of the spec with its type and nullability', () => {
    expect(specFieldProblems(transactionResponse, spec)).toEqual([]);
  });

  it('parses a sample body holding every field, keeping unknown fields', () => {
    const parsed = transactionResponse.parse({ ...transactionSample, extra: true });
    expect(parsed).toMatchObject({ context: 'explorer-demo', extra: true });
    expect(parsed.data.item.blockchainSpecific.vin?.[0]?.txinwitness).toHaveLength(2);
  });

  it('accepts an account-based blockchainSpecific, whose shape the spec does not show', () => {
    const item = { ...transactionSample.data.item, blockchainSpecific: { gasLimit: '21000', nonce: 4 } };
    expect(transactionResponse.safeParse({ ...transactionSample, data: { item } }).success).toBe(true);
  });

  it('reports a wrong type at its path, inside blockchainSpecific too', () => {
    const bad = structuredClone(transactionSample) as unknown as {
      data: { item: { blockchainSpecific: { vout: Array<{ isSpent: unknown }> } } };
    };
    bad.data.item.blockchainSpecific.vout[0]!.isSpent = 'no';
    expect(transactionResponse.safeParse(bad).error?.issues[0]?.path).toEqual(['data', 'item', 'blockchainSpecific', 'vout', 0, 'isSpent']);
    const noDate = transactionResponse.safeParse({ ...transactionSample, apiVersion: 'v2' });
    expect(noDate.error?.issues[0]?.path).toEqual(['apiVersion']);
  });

  it('describes the error body with context and requestId', () => {
    const error = { apiVersion: '2024-12-12', requestId: 'r', context: '', error: { code: 'resource_not_found', message: 'gone' } };
    expect(transactionErrorResponse.safeParse(error).success).toBe(true);
  });

  it('builds the request with chain, network and id in the path and context in the query', () => {
    const params = operation.params.parse({ blockchain: 'bitcoin', network: 'mainnet', transactionId: BTC_ID, context: 'batch 7' });
    expect(requestTarget(buildRequest(operation, params))).toBe(
      `/blockchain-data/bitcoin/mainnet/transactions/${BTC_ID}?context=batch%207`,
    );
  });

  it('refuses bad parameters with messages per field', () => {
    expect(messages({ blockchain: 'solana', network: 'devnet', transactionId: 'xyz' })).toEqual({
      blockchain:
        'must be one of bitcoin, bitcoin-cash, litecoin, dogecoin, dash, ethereum, ethereum-classic, zcash, binance-smart-chain, xrp',
      network: 'must be one of mainnet, testnet',
      transactionId: 'must be 64 hex digits, optionally after 0x',
    });
    expect(messages({ blockchain: 'bitcoin', network: 'mainnet', transactionId: BTC_ID, context: 'x'.repeat(101) })).toEqual({
      context: 'must be at most 100 characters',
    });
  });

  it('checks the 0x prefix against the chain', () => {
    expect(messages({ blockchain: 'ethereum', network: 'mainnet', transactionId: BTC_ID })).toEqual({
      transactionId: 'must start with 0x on ethereum',
    });
    expect(messages({ blockchain: 'dogecoin', network: 'testnet', transactionId: `0x${BTC_ID}` })).toEqual({
      transactionId: 'must not start with 0x on dogecoin',
    });
    expect(messages({ blockchain: 'binance-smart-chain', network: 'mainnet', transactionId: `0x${BTC_ID}` })).toEqual({});
  });

  it('reads success from the absence of an error member', () => {
    expect(adapters.success(transactionSample)).toEqual({ ok: true });
    const error = {
      apiVersion: '2024-12-12',
      requestId: 'r',
      context: '',
      error: { code: 'resource_not_found', message: 'Transaction not found.' },
    };
    expect(adapters.success(error)).toEqual({ ok: false, message: 'Transaction not found.' });
  });

  it('lists senders then recipients as records, tagged with their side', () => {
    const records = adapters.records(transactionSample);
    expect(records).toEqual([
      { role: 'sender', address: 'bc1q9d4ywgfnd8h43da5tpcxcn6ajv590cg6d3tg6a', amount: '0.0125431' },
      { role: 'recipient', address: 'bc1qf8w0yq6m6ld2cw8m3z2ckaxnvz3s3q3gx7zqp5', amount: '0.0125' },
    ]);
    expect(adapters.label(records![0])).toBe('sender bc1q9d4ywgfnd8h43da5tpcxcn6ajv590cg6d3tg6a');
    expect(adapters.records({ error: {} })).toBeUndefined();
  });
});
