// The engine runs in Chromium (e2e/sql.spec.ts); here run-query is a record of what was sent, so the
// workspace's own timing can be checked: Cancel while the engine still loads sends no query.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RunQuery from './run-query.ts';

const sent = vi.hoisted(() => ({ queries: [] as string[], cancels: 0 }));
vi.mock('./run-query.ts', async () => {
  const { QueryCancelled } = await vi.importActual<typeof RunQuery>('./run-query.ts');
  return {
    QueryCancelled,
    runQuery: (sql: string) => {
      sent.queries.push(sql);
      return new Promise(() => undefined);
    },
    cancelQuery: () => {
      sent.cancels += 1;
      return Promise.resolve();
    },
    parquetOf: () => Promise.reject(new Error('not in this test')),
  };
});

const { SqlWorkspace } = await import('./sql-workspace.tsx');

describe('the SQL workspace', () => {
  beforeEach(() => {
    sent.queries = [];
    sent.cancels = 0;
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it('offers Cancel after 2 s; pressed while the tables still load, it says cancelled and never sends the query', async () => {
    let tablesLoaded!: () => void;
    const prepare = () => new Promise<void>((resolve) => (tablesLoaded = resolve));
    render(<SqlWorkspace sql="select 1" onCommit={() => undefined} prepare={prepare} fileStem="t" placeholder="" />);

    expect(screen.getByRole('status')).toHaveTextContent('Running the query…');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('status')).toHaveTextContent('The query was cancelled.');

    await act(async () => tablesLoaded());
    expect(sent.queries).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('The query was cancelled.');
  });

  it('pressed while the query runs, it stops the query on the engine', async () => {
    render(<SqlWorkspace sql="select 2" onCommit={() => undefined} prepare={() => Promise.resolve()} fileStem="t" placeholder="" />);
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(sent.queries).toEqual(['select 2']);
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent.cancels).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('The query was cancelled.');
  });
});
