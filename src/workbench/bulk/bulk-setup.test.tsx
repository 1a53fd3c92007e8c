import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findOperation } from '../../lookups/define-lookup.ts';
import { everyWidgetLookup } from '../../form/testing/every-widget-lookup.ts';
import { handOverRows, peekHandedRows } from './rows-handover.ts';
import { BulkSetup } from './bulk-setup.tsx';
import { createMergeClient } from './merge-client.ts';

const operation = findOperation(everyWidgetLookup, 'search');
const formValues = { start_date: '2024-01-01', end_date: '2024-01-31' };

function setup() {
  const onStart = vi.fn();
  render(
    <BulkSetup
      lookupId={everyWidgetLookup.id}
      operation={operation}
      formValues={formValues}
      mask
      merger={createMergeClient()}
      onStart={onStart}
    />,
  );
  return { onStart, user: userEvent.setup() };
}

describe('BulkSetup', () => {
  it('lists invalid rows before anything is sent, and starts only once they are skipped explicitly', async () => {
    const { onStart, user } = setup();
    const csv = 'Region,limit\nnorth,5\nsouth,500\nnorth,5\n';
    await user.upload(screen.getByLabelText('Upload a CSV or JSON file'), new File([csv], 'regions.csv', { type: 'text/csv' }));

    const problems = await screen.findByRole('table', { name: 'Invalid rows' });
    const cells = within(problems)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['line 3', 'limit', '"500"', expect.stringMatching(/^limit /)]);
    expect(screen.getByText(/1 query to send \(a duplicate row is not sent again\)/)).toBeInTheDocument();
    // The columns were matched by name, ignoring case; the dates are the form's constants.
    expect(screen.getByLabelText('Column for region')).toHaveValue('Region');
    expect(screen.getByLabelText('Constant start_date')).toHaveValue('2024-01-01');

    const start = screen.getByRole('button', { name: 'Start run' });
    expect(start).toBeDisabled();
    await user.click(screen.getByLabelText(/Skip the invalid row/));
    await user.click(start);
    expect(onStart).toHaveBeenCalledTimes(1);
    const [run, jobs] = onStart.mock.calls[0]!;
    expect(run).toMatchObject({
      fileName: 'regions.csv',
      columns: ['Region', 'limit'],
      mapping: { region: 'Region', limit: 'limit' },
      skippedInvalid: 1,
      duplicates: 1,
      concurrency: 4,
    });
    expect(jobs).toHaveLength(1);
  });

  it('refuses a file that is not UTF-8, and sends nothing', async () => {
    const { onStart, user } = setup();
    await user.upload(
      screen.getByLabelText('Upload a CSV or JSON file'),
      new File([Uint8Array.from([0x72, 0x65, 0x67, 0x69, 0x6f, 0x6e, 0x0a, 0xfc])], 'latin1.csv'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/not UTF-8.*Nothing was sent/);
    expect(screen.queryByRole('button', { name: 'Start run' })).not.toBeInTheDocument();
    expect(onStart).not.toHaveBeenCalled();
  });

  it('checks a long file in slices, with its progress in view, and keeps Start off until the check of the latest mapping is done', async () => {
    const { onStart, user } = setup();
    const rows = Array.from({ length: 4000 }, (_, index) => `r${index},${(index % 9) + 1}`).join('\n');
    await user.upload(
      screen.getByLabelText('Upload a CSV or JSON file'),
      new File([`region,limit\n${rows}\n`], 'long.csv', { type: 'text/csv' }),
    );

    // The page answered while the rows were being checked: the progress was rendered.
    expect(await screen.findByText(/Checking rows: [\d,]+ of 4,000…/)).toBeInTheDocument();
    expect(await screen.findByText(/4,000 queries to send/, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Checking rows/)).not.toBeInTheDocument();
    const start = screen.getByRole('button', { name: 'Start run' });
    expect(start).toBeEnabled();

    // A new mapping: the last check stays in view, but Start waits for the new one. (fireEvent, not
    // userEvent: its pauses between events would let the whole check finish before the assertions.)
    fireEvent.change(screen.getByLabelText('Column for limit'), { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Start run' })).toBeDisabled();
    expect(screen.getByText(/Checking rows: [\d,]+ of 4,000…/)).toBeInTheDocument();
    expect(screen.getByText(/4,000 queries to send/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start run' })).toBeEnabled(), { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Start run' }));
    expect(onStart.mock.calls[0]![0]).toMatchObject({ mapping: { region: 'region' } });
  });
});

describe('BulkSetup with rows handed over', () => {
  it('reads rows handed over by "Run over these results" as its input, with the columns mapped, once', async () => {
    handOverRows(
      everyWidgetLookup.id,
      [{ start_date: '2024-02-01', end_date: '2024-02-03', source_lookup: 'X', source_record: 'r1' }],
      'X answer (list), 1 row',
    );
    setup();
    expect(await screen.findByText(/^Rows from X answer \(list\), 1 row/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'X answer (list), 1 row: 1 row, columns start_date, end_date, source_lookup, source_record.',
    );
    expect(peekHandedRows(everyWidgetLookup.id)).toBeUndefined();
  });
});
