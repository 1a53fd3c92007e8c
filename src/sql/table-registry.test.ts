// The engine itself runs in Chromium (e2e/sql.spec.ts); here it is replaced by a record of calls.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const engine = vi.hoisted(() => ({ generation: 0, put: [] as string[], dropped: [] as string[] }));
vi.mock('./engine.ts', () => ({
  engineGeneration: () => engine.generation,
  putTable: (name: string) => Promise.resolve(void engine.put.push(name)),
  dropTable: (name: string) => Promise.resolve(void engine.dropped.push(name)),
}));

const { dropUnmaskedTables, ensureTables } = await import('./table-registry.ts');

const table = (name: string, key: unknown, unmasked = false) => ({
  name,
  key,
  unmasked,
  rows: () => ({ columns: ['n'], rows: [{ n: 1 }] }),
});

describe('the table registry', () => {
  beforeEach(() => {
    engine.put = [];
    engine.dropped = [];
  });

  it('loads a table once for the same source, again when its source changes or the engine restarts', async () => {
    const key = {};
    await ensureTables([table('reg_a', key)]);
    await ensureTables([table('reg_a', key)]);
    expect(engine.put).toEqual(['reg_a']);
    await ensureTables([table('reg_a', {})]);
    expect(engine.put).toEqual(['reg_a', 'reg_a']);
    engine.generation += 1;
    await ensureTables([table('reg_a', key)]);
    expect(engine.put).toEqual(['reg_a', 'reg_a', 'reg_a']);
  });

  it('drops the tables that hold unmasked data when masking is switched on, and only those', async () => {
    await ensureTables([table('reg_masked', 1), table('reg_open', 2, true)]);
    await dropUnmaskedTables();
    expect(engine.dropped).toEqual(['reg_open']);
    // Dropped means forgotten: asked for again, it is loaded again.
    engine.put = [];
    await ensureTables([table('reg_masked', 1), table('reg_open', 2, true)]);
    expect(engine.put).toEqual(['reg_open']);
  });
});
