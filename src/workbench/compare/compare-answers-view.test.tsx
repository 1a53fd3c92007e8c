import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AnyLookup, LookupId } from '../../lookups/define-lookup.ts';
import { allLookups } from '../../lookups/registry.ts';
import { clearHistory, DEFAULT_HISTORY_CAPS, historyStore, type HistoryEntry } from '../history/history-store.ts';
import { answerOf } from '../history/history-testing.ts';
import { lookupQueryKey } from '../../api/lookup-query.ts';
import { CompareAnswersView, SAME_ANSWER_TEXT } from './compare-answers-view.tsx';

// A lookup whose body is its array of records, with a plain identity field (found, never named).
const lookup: AnyLookup = allLookups.find((candidate) => {
  const operation = candidate.operations[0];
  return (
    operation.format === 'json' &&
    typeof operation.identity === 'string' &&
    !operation.identity.includes('.') &&
    operation.adapters?.records?.([{}])?.length === 1
  );
})!;
const field = lookup.operations[0].identity as string;

async function keep(
  body: unknown,
  sentAt: number,
  params: Record<string, string> = {},
  { stored = true, sizeBytes }: { stored?: boolean; sizeBytes?: number } = {},
): Promise<HistoryEntry> {
  const { body: _body, parseError: _parseError, ...answer } = answerOf(JSON.stringify(body));
  return historyStore().add({
    entry: {
      lookupId: lookup.id as LookupId,
      operationId: lookup.operations[0].id,
      params,
      search: '?run',
      url: answer.url,
      method: 'GET',
      sentAt,
      status: 200,
      durationMs: answer.timeMs,
      sizeBytes: sizeBytes ?? answer.sizeBytes,
      source: 'demo',
      verdict: 'unchecked',
      recordCount: Array.isArray(body) ? body.length : undefined,
      masked: true,
    },
    // Metadata only, as for an answer over History's size cap.
    answer: stored ? answer : undefined,
  });
}

function show(props: { firstId?: string; secondId?: string; onChoose?: (a: string, b: string) => void; client?: QueryClient } = {}) {
  const client = props.client ?? new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <CompareAnswersView lookup={lookup} firstId={props.firstId} secondId={props.secondId} onChoose={props.onChoose ?? (() => {})} />
    </QueryClientProvider>,
  );
}

// IndexedDB, the lazy history read and the diff take a moment on a busy machine.
const WAIT = { timeout: 5000 };

const count = (name: string) => within(screen.getByText(name, { selector: 'dt' }).parentElement!).getByRole('definition').textContent;

afterEach(async () => {
  await clearHistory();
});

describe('CompareAnswersView', () => {
  it('compares the two newest kept answers by default: counts, field diffs, added and removed', async () => {
    await keep(
      [
        { [field]: 'a', n: 1 },
        { [field]: 'b', n: 2 },
      ],
      1000,
      { q: 'older' },
    );
    await keep(
      [
        { [field]: 'b', n: 3 },
        { [field]: 'c', n: 4 },
      ],
      2000,
      { q: 'newer' },
    );
    show();
    expect(await screen.findByText('Compared: 1 added, 1 removed, 1 changed, 0 unchanged records.', {}, WAIT)).toHaveAttribute(
      'role',
      'status',
    );
    expect(count('Added')).toBe('1');
    expect(count('Removed')).toBe('1');
    expect(count('Changed')).toBe('1');
    expect(screen.getByLabelText('First answer (before)')).toHaveDisplayValue(/q older/);
    expect(screen.getByLabelText('Second answer (after)')).toHaveDisplayValue(/^Current · .*q newer/);
    const changed = screen.getByRole('table');
    expect(within(changed).getByRole('row', { name: /n 2 3/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Added records (1)' })).toBeInTheDocument();
    expect(screen.getByText(`Records matched by their identity, ${field}. 2 records before, 2 after.`)).toBeInTheDocument();
  });

  it('reports a choice to the caller (who keeps it in the URL) and compares what the URL names', async () => {
    const one = await keep([{ [field]: 'a' }], 1000, { q: 'one' });
    const two = await keep([{ [field]: 'a' }, { [field]: 'b' }], 2000, { q: 'two' });
    const three = await keep([], 3000, { q: 'three' });
    const onChoose = vi.fn();
    show({ firstId: one.id, secondId: two.id, onChoose });
    expect(await screen.findByText(/Compared: 1 added, 0 removed/, {}, WAIT)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Second answer (after)'), three.id);
    expect(onChoose).toHaveBeenCalledWith(one.id, three.id);
    await userEvent.click(screen.getByRole('button', { name: 'Swap' }));
    expect(onChoose).toHaveBeenLastCalledWith(two.id, one.id);
  });

  it('compares whole bodies when the answers hold no records', async () => {
    await keep({ error: { code: 101, info: 'x' } }, 1000);
    await keep({ error: { code: 104, info: 'x' } }, 2000);
    show();
    expect(await screen.findByText('Compared the whole bodies: 0 paths added, 0 removed, 1 changed.', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'error.code changed 101 104' })).toBeInTheDocument();
  });

  it("compares an answer too large for History while this tab's query cache holds it", async () => {
    const operation = lookup.operations[0];
    await keep([{ [field]: 'a' }], 1000, { q: 'kept' });
    const big = await keep([{ [field]: 'a' }, { [field]: 'b' }], 2000, { q: 'big' }, { stored: false });
    await keep([{ [field]: 'z' }], 3000, { q: 'gone' }, { stored: false });
    const client = new QueryClient();
    // The lookup page's cache entry for the big answer: the very response History described.
    client.setQueryData(lookupQueryKey(lookup, operation, { q: 'big' }), answerOf(JSON.stringify([{ [field]: 'a' }, { [field]: 'b' }])));
    expect(big.bodyStored).toBe(false);
    show({ client, secondId: big.id });
    expect(await screen.findByText(/Compared: 1 added, 0 removed, 0 changed, 1 unchanged records/, {}, WAIT)).toBeInTheDocument();
    const options = within(screen.getByLabelText('Second answer (after)')).getAllByRole('option');
    expect(options.map((option) => [option.textContent, (option as HTMLOptionElement).disabled])).toEqual([
      [expect.stringMatching(/^Current · C · q gone · .*· body not kept$/), true],
      [expect.stringMatching(/q big .*· held in this tab only \(too large for History\)$/), false],
      [expect.stringMatching(/^C · q kept · .* · HTTP 200 · 1 records$/), false],
    ]);
  });

  it('says that two kept answers are needed', async () => {
    await keep([{ [field]: 'a' }], 1000);
    show();
    expect(
      await screen.findByText(/Comparing needs two answers of this lookup kept in History \(there is one\)/, {}, WAIT),
    ).toBeInTheDocument();
  });

  it('says when a link names an answer History no longer keeps', async () => {
    const kept = await keep([{ [field]: 'a' }], 1000);
    await keep([{ [field]: 'b' }], 2000);
    show({ firstId: 'gone', secondId: kept.id });
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('An answer named in the link is no longer kept in History');
  });

  it('reports the default pair once, so the page can put it in the URL', async () => {
    const older = await keep([{ [field]: 'a' }], 1000, { q: 'older' });
    const newer = await keep([{ [field]: 'b' }], 2000, { q: 'newer' });
    const onChoose = vi.fn();
    show({ onChoose });
    expect(await screen.findByText(/Compared: 1 added, 1 removed/, {}, WAIT)).toBeInTheDocument();
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose).toHaveBeenCalledWith(older.id, newer.id);
  });

  it('does not report a pair the URL already names', async () => {
    const older = await keep([{ [field]: 'a' }], 1000);
    const newer = await keep([{ [field]: 'b' }], 2000);
    const onChoose = vi.fn();
    show({ firstId: older.id, secondId: newer.id, onChoose });
    expect(await screen.findByText(/Compared: 1 added, 1 removed/, {}, WAIT)).toBeInTheDocument();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('flags the same answer on both sides instead of counting every record unchanged', async () => {
    const one = await keep([{ [field]: 'a' }, { [field]: 'b' }], 1000);
    await keep([{ [field]: 'c' }], 2000);
    show({ firstId: one.id, secondId: one.id });
    expect(await screen.findByText(SAME_ANSWER_TEXT, {}, WAIT)).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/unchanged/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Summary' })).not.toBeInTheDocument();
  });

  it('explains answers History lists whose bodies were too large to keep, rather than "there are none"', async () => {
    const big = DEFAULT_HISTORY_CAPS.maxEntryBytes + 1;
    await keep([{ [field]: 'a' }], 1000, { q: 'one' }, { stored: false, sizeBytes: big });
    await keep([{ [field]: 'b' }], 2000, { q: 'two' }, { stored: false, sizeBytes: big });
    show();
    const explanation = await screen.findByText(/History lists 2 more answers of this lookup/, {}, WAIT);
    expect(explanation).toHaveTextContent(
      'their bodies were not kept, because they were too large to keep (over History’s cap on one answer)',
    );
    expect(screen.getByText(/send those queries again from the lookup page/)).toBeInTheDocument();
  });

  it('offers the diff as CSV and JSON downloads once compared', async () => {
    await keep([{ [field]: 'a' }], 1000);
    await keep([{ [field]: 'b' }], 2000);
    show();
    const group = await screen.findByRole('group', { name: 'Export the diff' }, WAIT);
    expect(within(group).getByRole('button', { name: 'Download diff (CSV)' })).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'Download diff (JSON)' })).toBeEnabled();
  });
});
