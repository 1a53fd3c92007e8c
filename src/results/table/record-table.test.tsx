import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { person } from '../testing/fixtures.ts';
import { captureDownloads, setupViewerTests } from '../testing/render-viewer.tsx';
import { RecordTable } from './record-table.tsx';
import { INITIAL_COLUMNS } from './use-table-model.ts';

setupViewerTests();

const people = [person(0), person(1), person(2)].map((record, index) => ({ ...record, score: [30, 4, 100][index] }));

function renderTable(records: readonly unknown[], selectedIndex?: number) {
  const onSelect = vi.fn();
  render(<RecordTable records={records} selectedIndex={selectedIndex} onSelect={onSelect} fileStem="people" />);
  return onSelect;
}

/** A single record opens as a field list; these tests are about its one-row table. */
async function asTableRow(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Show as a table row' }));
}

/** The record rows: the header row and the filter row come first. */
const bodyRows = () => screen.getAllByRole('row').slice(2);
const column = (name: string) =>
  bodyRows().map(
    (row) =>
      within(row).getAllByRole('cell')[[...screen.getAllByRole('columnheader')].findIndex((th) => th.textContent?.trim().startsWith(name))]!
        .textContent,
  );

describe('RecordTable', () => {
  it('sorts by a header click: ascending, descending, then back, with aria-sort', async () => {
    const user = userEvent.setup();
    renderTable(people);
    const header = screen.getByRole('columnheader', { name: /score/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(column('score')).toEqual(['4', '30', '100']);
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(column('score')).toEqual(['100', '30', '4']);
    await user.click(within(header).getByRole('button'));
    expect(column('score')).toEqual(['30', '4', '100']);
  });

  it('hides and shows columns from the column menu', async () => {
    const user = userEvent.setup();
    renderTable(people);
    await user.click(screen.getByText('Columns (7 of 7)'));
    await user.click(screen.getByRole('checkbox', { name: 'email' }));
    expect(screen.queryByRole('columnheader', { name: /email/ })).not.toBeInTheDocument();
    expect(screen.getByText('Columns (6 of 7)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide all' }));
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(screen.getAllByRole('columnheader')).toHaveLength(8);
  });

  it('exports every column in the answer’s order by default, whatever the table hides or sorts', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    renderTable(people);
    await user.click(screen.getByText('Columns (7 of 7)'));
    await user.click(screen.getByRole('checkbox', { name: 'email' }));
    await user.click(within(screen.getByRole('columnheader', { name: /score/ })).getByRole('button'));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(downloads.files.map((file) => file.name)).toEqual(['people.csv', 'people.json']);
    const csv = await downloads.files[0]!.blob.text();
    expect(csv.split('\r\n')).toEqual([
      'id,name,email,city,lat,lon,score',
      '0,Name 0,user0@mail.test,Aachen,52,13,30',
      '1,Name 1,user1@mail.test,Berlin,52.001,13,4',
      '2,Name 2,user2@mail.test,Aachen,52.002,13,100',
      '',
    ]);
    expect(downloads.files[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const json = JSON.parse(await downloads.files[1]!.blob.text());
    expect(json).toEqual(people);
    downloads.restore();
  });

  it('exports only the visible columns, in the table’s sort order and with a BOM, when chosen', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    renderTable(people);
    await user.click(screen.getByText('Columns (7 of 7)'));
    await user.click(screen.getByRole('checkbox', { name: 'email' }));
    await user.click(within(screen.getByRole('columnheader', { name: /score/ })).getByRole('button'));

    await user.click(screen.getByText('Export options'));
    expect(screen.getByRole('radio', { name: 'Every column (7)' })).toBeChecked();
    expect(
      screen.getByText(/arrays, and objects nested more than six levels deep, are written as compact JSON in one cell/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Visible columns only (6)' }));
    // The column chooser shows the same choice.
    expect(screen.getByRole('checkbox', { name: /Export visible columns only/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'As sorted in the table' }));
    await user.click(screen.getByRole('checkbox', { name: /CSV for Excel/ }));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    const csv = await downloads.files[0]!.blob.text();
    // Blob.text() decodes UTF-8 and drops the mark; the bytes hold it.
    expect([...new Uint8Array(await downloads.files[0]!.blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'id,name,city,lat,lon,score',
      '1,Name 1,Berlin,52.001,13,4',
      '0,Name 0,Aachen,52,13,30',
      '2,Name 2,Aachen,52.002,13,100',
      '',
    ]);
    const json = JSON.parse(await downloads.files[1]!.blob.text());
    expect(json.map((record: { id: number }) => record.id)).toEqual([1, 0, 2]);
    expect(json[0].email).toBe('user1@mail.test');

    // Unticked in the column chooser: every column again.
    await user.click(screen.getByRole('checkbox', { name: /Export visible columns only/ }));
    expect(screen.getByRole('radio', { name: 'Every column (7)' })).toBeChecked();
    downloads.restore();
  });

  it('writes nested arrays as compact JSON and neutralises formula cells in the exported CSV', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    renderTable([{ id: 1, note: '=HYPERLINK("http://x.example","open")', lon: -122.4, connectors: [{ type: 'CCS' }, { type: 'Type 2' }] }]);
    await asTableRow(user);
    expect(screen.getByRole('cell', { name: '[2 items]' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.files[0]!.blob.text();
    expect(csv).toBe(
      'id,note,lon,connectors\r\n1,"\'=HYPERLINK(""http://x.example"",""open"")",-122.4,"[{""type"":""CCS""},{""type"":""Type 2""}]"\r\n',
    );
    downloads.restore();
  });

  it('shows the first columns of wide records and offers the rest, and still exports all of them', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    renderTable([Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`field${index}`, index]))]);
    await asTableRow(user);
    expect(screen.getAllByRole('columnheader')).toHaveLength(INITIAL_COLUMNS + 1);
    expect(screen.getByText(`Columns (${INITIAL_COLUMNS} of 30)`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const [header] = (await downloads.files[0]!.blob.text()).split('\r\n');
    expect(header!.split(',')).toHaveLength(30);
    downloads.restore();
  });

  it('renders 10,000 records with a small DOM and keeps them all reachable', async () => {
    const records = Array.from({ length: 10_000 }, (_, index) => person(index));
    renderTable(records);
    expect(screen.getByText('10,000 records')).toBeInTheDocument();
    expect(bodyRows().length).toBeLessThan(60);
    expect(document.querySelectorAll('*').length).toBeLessThan(3000);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '10002'); // header, filter row, records

    const scroller = screen.getByRole('region', { name: 'Records' });
    scroller.scrollTop = 9_999 * 34;
    scroller.dispatchEvent(new Event('scroll'));
    expect(await screen.findByText('Name 9999')).toBeInTheDocument();
    expect(document.querySelectorAll('*').length).toBeLessThan(3000);
  });

  it('selects rows by click and keyboard, and highlights the selected one', async () => {
    const user = userEvent.setup();
    const onSelect = renderTable(people, 1);
    expect(screen.getByRole('row', { selected: true })).toHaveTextContent('Name 1');
    await user.click(screen.getByRole('cell', { name: 'Name 2' }));
    expect(onSelect).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('cell', { name: 'Name 1' }));
    expect(onSelect).toHaveBeenLastCalledWith(undefined);
    bodyRows()[0]!.focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(0);
  });

  it('says so clearly when there are no records', () => {
    renderTable([]);
    expect(screen.getByText('No records in this answer.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reads a single record as a field list of every field, with a switch to the one-row table and back', async () => {
    const user = userEvent.setup();
    const record = {
      ...Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`field${index}`, index])),
      tags: ['a', 'b'],
      address: { city: 'Aachen' },
    };
    renderTable([record]);
    const sheet = screen.getByRole('table', { name: 'Record 1, every field' });
    // Every field, not only the first twelve columns; nested objects as paths, arrays whole.
    expect(within(sheet).getAllByRole('rowheader')).toHaveLength(42);
    expect(within(sheet).getByRole('row', { name: 'field39 39' })).toBeInTheDocument();
    expect(within(sheet).getByRole('row', { name: 'tags ["a","b"]' })).toBeInTheDocument();
    expect(within(sheet).getByRole('row', { name: 'address.city Aachen' })).toBeInTheDocument();
    expect(screen.getByText('1 record')).toBeInTheDocument();

    await asTableRow(user);
    expect(screen.queryByRole('table', { name: 'Record 1, every field' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(INITIAL_COLUMNS + 1);
    await user.click(screen.getByRole('button', { name: 'Show as a field list' }));
    expect(screen.getByRole('table', { name: 'Record 1, every field' })).toBeInTheDocument();
  });

  it('keeps several records a table', () => {
    renderTable(people);
    expect(screen.queryByRole('button', { name: /Show as/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Records' })).toBeInTheDocument();
  });

  it('lets a cut-off cell be read: a title with the full text and a keyboard-reachable “…” that opens it', async () => {
    const user = userEvent.setup();
    const long = 'Caller reports a loud disturbance near the corner of Fifth and Main, two people involved';
    const onSelect = renderTable([
      { id: 1, call_description: long },
      { id: 2, call_description: 'short' },
    ]);
    const cell = screen.getByTitle(long);
    expect(cell.tagName).toBe('TD');
    // Short values have neither.
    expect(screen.getByRole('cell', { name: 'short' })).not.toHaveAttribute('title');
    expect(screen.getAllByRole('button', { name: /^Full value of/ })).toHaveLength(1);

    const expand = within(cell).getByRole('button', { name: 'Full value of call_description, row 1' });
    expand.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'call_description, row 1' });
    expect(dialog).toHaveTextContent(long);
    expect(dialog).toHaveFocus();
    // Opening the value is not a row selection.
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(expand).toHaveFocus();

    await user.click(expand);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('takes its sort and columns from the caller when given, and reports changes instead of keeping them', async () => {
    const user = userEvent.setup();
    const onViewChange = vi.fn();
    render(
      <RecordTable
        records={people}
        selectedIndex={undefined}
        onSelect={vi.fn()}
        fileStem="people"
        view={{ sort: { column: 'score', direction: 'descending' }, columns: ['name', 'score', 'not-in-this-answer'] }}
        onViewChange={onViewChange}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼\s]/g, ''))).toEqual(['#', 'name', 'score']);
    expect(column('score')).toEqual(['100', '30', '4']);
    await user.click(within(screen.getByRole('columnheader', { name: /score/ })).getByRole('button'));
    expect(onViewChange).toHaveBeenLastCalledWith({ sort: undefined });
    await user.click(screen.getByText('Columns (2 of 7)'));
    await user.click(screen.getByRole('checkbox', { name: 'city' }));
    expect(onViewChange).toHaveBeenLastCalledWith({ columns: ['name', 'city', 'score'] });
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(onViewChange).toHaveBeenLastCalledWith({ columns: 'all' });
    // Nothing changed on screen: the caller owns the state.
    expect(column('score')).toEqual(['100', '30', '4']);
  });
});
