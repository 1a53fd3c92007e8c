// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BLOCKCHAINS, transaction, transactionErrorResponse, transactionResponse } from '../lookups/s-transaction.ts';
import { isUnknownTransaction, transactionDemo } from './s-transaction.ts';
import { createRng } from './seeded.ts';
import { formatUnits } from './s-transaction-chains.ts';
import { demoAsker } from './testing/ask-demo.ts';

const operation = transaction.operations[0];
const BTC_ID = '4b66461bf88b61e1e4326356534c135129defb504c7acb2fd6c92697d79eb250';
const ETH_ID = '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b';

/** An id like a real one: 64 random hex digits. */
const hashLike = (seed: number) => {
  const rng = createRng(seed);
  return Array.from({ length: 64 }, () => '0123456789abcdef'[rng.int(0, 15)]).join('');
};

type Side = Array<{ address: string; amount: string }>;
type Item = { senders: Side; recipients: Side; fee: { amount: string; unit: string }; [key: string]: unknown };

const askDemo = demoAsker(transactionDemo, transaction);
const ask = (input: Record<string, string>, requestId = 'req-1') => askDemo(input, { requestId });

function item(input: Record<string, string>): Item {
  const response = ask(input);
  expect(response.status).toBe(200);
  expect(transactionResponse.safeParse(response.body).success).toBe(true);
  return (response.body as { data: { item: Item } }).data.item;
}

const sum = (values: string[]) => values.reduce((total, value) => total + Math.round(Number(value) * 1e8), 0);

describe('S demo', () => {
  it('answers the example with a transaction whose records adapter finds senders and recipients', () => {
    const body = askDemo(operation.example, { requestId: 'r' }).body;
    expect(transactionResponse.safeParse(body).success).toBe(true);
    expect(operation.adapters.records(body)!.length).toBeGreaterThanOrEqual(2);
    expect(operation.adapters.success(body)).toEqual({ ok: true });
  });

  it('echoes context, takes requestId from the request and dates apiVersion', () => {
    const body = ask({ blockchain: 'bitcoin', network: 'mainnet', transactionId: BTC_ID, context: 'batch-7' }, 'abc123').body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ requestId: 'abc123', context: 'batch-7' });
    expect(body.apiVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((ask({ blockchain: 'bitcoin', network: 'mainnet', transactionId: BTC_ID }).body as Record<string, unknown>).context).toBe('');
  });

  it('gives UTXO chains balanced vin/vout: inputs = outputs + fee', () => {
    const tx = item({ blockchain: 'bitcoin', network: 'mainnet', transactionId: BTC_ID });
    const specific = tx.blockchainSpecific as { vin: Array<{ value: string }>; vout: Array<{ value: string }> };
    expect(specific.vin.length).toBe(tx.senders.length);
    expect(specific.vout.length).toBe(tx.recipients.length);
    expect(sum(specific.vin.map((input) => input.value))).toBe(sum(specific.vout.map((output) => output.value)) + sum([tx.fee.amount]));
    expect(tx.fee.unit).toBe('BTC');
    expect(tx.transactionId).toBe(BTC_ID);
  });

  it('gives account-based chains one sender and one recipient, with hash equal to id', () => {
    for (const blockchain of ['ethereum', 'ethereum-classic', 'binance-smart-chain'] as const) {
      const tx = item({ blockchain, network: 'mainnet', transactionId: ETH_ID });
      expect(tx.senders).toHaveLength(1);
      expect(tx.recipients).toHaveLength(1);
      expect(tx.transactionHash).toBe(ETH_ID);
      expect(tx.blockchainSpecific).not.toHaveProperty('vin');
    }
    const xrp = item({ blockchain: 'xrp', network: 'mainnet', transactionId: BTC_ID.toUpperCase() });
    expect(xrp.fee.unit).toBe('XRP');
    expect(xrp.senders).toHaveLength(1);
  });

  it('answers every chain and network with a body the schema accepts', () => {
    for (const blockchain of BLOCKCHAINS)
      for (const network of ['mainnet', 'testnet']) {
        const id = ['ethereum', 'ethereum-classic', 'binance-smart-chain'].includes(blockchain) ? ETH_ID : BTC_ID;
        item({ blockchain, network, transactionId: id });
      }
  });

  it('uses testnet address formats on testnet', () => {
    const tx = item({ blockchain: 'bitcoin', network: 'testnet', transactionId: BTC_ID });
    expect(tx.senders[0]!.address).toMatch(/^tb1q/);
  });

  it('is deterministic per (blockchain, network, id) and differs across them', () => {
    const input = { blockchain: 'litecoin', network: 'mainnet', transactionId: BTC_ID };
    expect(JSON.stringify(ask(input))).toBe(JSON.stringify(ask(input)));
    expect(JSON.stringify(item(input))).not.toBe(JSON.stringify(item({ ...input, network: 'testnet' })));
    expect(JSON.stringify(item(input))).not.toBe(JSON.stringify(item({ ...input, blockchain: 'dash' })));
  });

  it('knows every id that looks like a hash and no made-up one, as the notes say', () => {
    // Real ids (hashes) are known; the notes' examples of made-up ones are not.
    for (let seed = 0; seed < 500; seed++) expect(isUnknownTransaction(hashLike(seed))).toBe(false);
    for (const id of [BTC_ID, ETH_ID, BTC_ID.toUpperCase()]) expect(isUnknownTransaction(id)).toBe(false);
    for (const id of [
      'a'.repeat(64),
      'deadbeef'.repeat(8),
      `${BTC_ID.slice(0, 56)}00000000`,
      '0123456789'.repeat(6) + 'abcd',
      `0x${'5e'.repeat(30)}a1b2`,
    ]) {
      const expected = new Set(id.replace(/^0x/, '')).size < 10 || /(.)\1{7}/.test(id);
      expect(isUnknownTransaction(id), id).toBe(expected);
    }
    expect(isUnknownTransaction('0123456789'.repeat(6) + 'abcd')).toBe(false);
  });

  it("answers a made-up id (64 a's) with a provider-style 404", () => {
    const unknown = 'a'.repeat(64);
    const response = ask({ blockchain: 'bitcoin', network: 'mainnet', transactionId: unknown, context: 'c1' }, 'r9');
    expect(response.status).toBe(404);
    expect(transactionErrorResponse.safeParse(response.body).success).toBe(true);
    expect(response.body).toMatchObject({ requestId: 'r9', context: 'c1', error: { code: 'resource_not_found' } });
    expect(operation.adapters.success(response.body).ok).toBe(false);
  });

  it('marks a share of transactions unconfirmed, without block data', () => {
    const items = Array.from({ length: 200 }, (_, i) => item({ blockchain: 'bitcoin', network: 'mainnet', transactionId: hashLike(i) }));
    const unconfirmed = items.filter((tx) => !tx.isConfirmed);
    expect(unconfirmed.length).toBeGreaterThan(0);
    expect(unconfirmed.length).toBeLessThan(40);
    for (const tx of unconfirmed) expect(tx).toMatchObject({ minedInBlockHash: '', minedInBlockHeight: 0 });
  });

  it('formats smallest units as trimmed decimal text', () => {
    expect(formatUnits(1_254_310, 8)).toBe('0.0125431');
    expect(formatUnits(100_000_000, 8)).toBe('1');
    expect(formatUnits(21_000 * 40, 9)).toBe('0.00084');
  });
});
