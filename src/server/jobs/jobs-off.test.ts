// @vitest-environment node
// A server without jobs (no Redis): /jobs/config answers that it runs none, so the bulk page asks
// without an error in the console and offers no "Run on the server".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleHandlers } from '../assembly.ts';
import { parseServerConfig } from '../config.ts';
import { allLookups } from '../../lookups/registry.ts';
import { runChain } from '../http/handler-chain.ts';
import { rawRequest, serveHandler, type RunningServer } from '../testing/http-fixtures.ts';

let server: RunningServer;

beforeAll(async () => {
  const chain = assembleHandlers({ config: parseServerConfig({}, allLookups), log: () => undefined });
  expect(chain.jobs).toBeUndefined();
  server = await serveHandler((req, res) => {
    runChain(chain, req, res);
    return true;
  });
});
afterAll(() => server.close());

describe('a server without jobs', () => {
  it('says so at /jobs/config, and has no jobs API', async () => {
    const config = await rawRequest(server.port, 'GET', '/jobs/config', { headers: { accept: 'application/json' } });
    expect(config.status).toBe(200);
    expect(JSON.parse(config.text)).toEqual({ enabled: false });
    const list = await rawRequest(server.port, 'GET', '/jobs', { headers: { accept: 'application/json' } });
    expect(list.status).toBe(404);
  });
});
