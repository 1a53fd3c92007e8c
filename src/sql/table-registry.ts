// Which tables the engine holds, and of what: a table is loaded again only when its source changed
// (a new answer, masking switched) or the engine was restarted. Tables that hold personal data
// unmasked are remembered as such, so switching masking on can drop them at once.
import type { FlatTable } from '../results/table-api.ts';
import { toArrowTable } from './arrow-columns.ts';
import { dropTable, engineGeneration, putTable } from './engine.ts';

export interface TableSource {
  name: string;
  /** Identifies what the table holds: the same key means the loaded table is still right. */
  key: unknown;
  /** Whether the rows show personal data unmasked. */
  unmasked: boolean;
  rows: () => FlatTable | Promise<FlatTable>;
}

const loaded = new Map<string, { key: unknown; generation: number; unmasked: boolean }>();
// One change at a time, so two views asking for the same table load it once.
let queue: Promise<unknown> = Promise.resolve();

function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

/** Loads each source whose table is missing or stale. */
export function ensureTables(sources: readonly TableSource[]): Promise<void> {
  return inTurn(async () => {
    for (const source of sources) {
      const current = loaded.get(source.name);
      if (current && current.key === source.key && current.generation === engineGeneration()) continue;
      const { arrow } = toArrowTable(await source.rows());
      await putTable(source.name, arrow);
      loaded.set(source.name, { key: source.key, generation: engineGeneration(), unmasked: source.unmasked });
    }
  });
}

/** Drops every table that holds personal data unmasked (masking was switched on). */
export function dropUnmaskedTables(): Promise<void> {
  return inTurn(async () => {
    for (const [name, table] of [...loaded]) {
      if (!table.unmasked) continue;
      loaded.delete(name);
      if (table.generation === engineGeneration()) await dropTable(name);
    }
  });
}
