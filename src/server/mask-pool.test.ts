// @vitest-environment node
// The mask pool starts with the server (decision 035): every thread loaded before the first masked
// answer needs one, rather than the first answer waiting for a thread to load the registry.
import { afterAll, describe, expect, it } from 'vitest';
import { closeMaskPool, maskPool, startMaskPool } from './mask-pool.ts';

afterAll(() => closeMaskPool());

describe('the mask pool', () => {
  it('starts all its threads at once, each ready to mask, and is the pool masked answers use', async () => {
    const threads = await startMaskPool({ threads: 2 });
    expect(new Set(threads).size).toBe(2);
    expect(threads.every((thread) => thread > 0)).toBe(true);
    const result = await maskPool().run({
      lookupId: 'L',
      operationId: 'incidents',
      policy: 'always',
      secret: 'pool-test-secret-0123456789',
      // Memory of its own, moved to the thread (a small Buffer would be a view of Node's shared pool).
      body: new TextEncoder().encode('[{"incidents":[{"incident_address":"1 MAIN ST","incident_latitude":39.781234}]}]'),
      context: { source: 'live', status: 200, contentType: 'application/json', requestHeaders: {} },
    });
    expect(result.kind).toBe('body');
    const text = result.kind === 'body' ? Buffer.from(result.body).toString() : '';
    expect(text).toMatch(/^\[\{"incidents":\[\{"incident_address":"[^"]+","incident_latitude":39\.78\}\]\}\]$/);
    expect(text).not.toContain('MAIN ST');
  }, 120_000);
});
