// A body holding every field of the spec's "S. Transaction details response" (the UTXO shape of
// blockchainSpecific, as in the spec's example), as the provider would send it.
import { transaction } from '../../s-transaction.ts';
import { defineSamples } from '../define-samples.ts';
export const transactionSample = {
  apiVersion: '2024-12-12',
  requestId: '601c1710034ed6d407996b30',
  context: 'explorer-demo',
  data: {
    item: {
      index: 27,
      isConfirmed: true,
      minedInBlockHash: '00000000000000000002b8c4a2e6f0d9e1d5b3a7c9e8f7a6b5c4d3e2f1a0b9c8',
      minedInBlockHeight: 781245,
      recipients: [{ address: 'bc1qf8w0yq6m6ld2cw8m3z2ckaxnvz3s3q3gx7zqp5', amount: '0.0125' }],
      senders: [{ address: 'bc1q9d4ywgfnd8h43da5tpcxcn6ajv590cg6d3tg6a', amount: '0.0125431' }],
      timestamp: 1679042011,
      transactionHash: '8a1c5f5dd3e6a9b0f4c2e7d1a3b5c7e9f0d2a4c6e8b0d2f4a6c8e0b2d4f6a8c0',
      transactionId: '4b66461bf88b61e1e4326356534c135129defb504c7acb2fd6c92697d79eb250',
      fee: { amount: '0.0000431', unit: 'BTC' },
      blockchainSpecific: {
        locktime: 781244,
        size: 222,
        vSize: 141,
        version: 2,
        vin: [
          {
            addresses: ['bc1q9d4ywgfnd8h43da5tpcxcn6ajv590cg6d3tg6a'],
            coinbase: '',
            scriptSig: { asm: '', hex: '', type: 'witness_v0_keyhash' },
            sequence: 4294967293,
            txid: 'c2f4e6a8b0d2f4a6c8e0b2d4f6a8c0e2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2a4',
            txinwitness: [
              '3044022047ac8e878352d3ebbde1c94ce3a10d057c24175747116f8288e5d794d12d482f0220217f36a485cae903c713331d877c1f64677e3622ad4010726870540656fe9dcb01',
              '02a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d3e5f7a9b1c3d5e7f9a1b3c5d7e9f1a3b5',
            ],
            value: '0.0125431',
            vout: 1,
          },
        ],
        vout: [
          {
            isSpent: false,
            scriptPubKey: {
              addresses: ['bc1qf8w0yq6m6ld2cw8m3z2ckaxnvz3s3q3gx7zqp5'],
              asm: '0 49dcf2035bd7daac70fb895158db5ad8c6c8225c',
              hex: '001449dcf2035bd7daac70fb895158db5ad8c6c8225c',
              reqSigs: 1,
              type: 'witness_v0_keyhash',
            },
            value: '0.0125',
          },
        ],
      },
    },
  },
};

export const samples = defineSamples(transaction, { details: [transactionSample] });
