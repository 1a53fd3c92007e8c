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

const bodyRows = () => screen.getAllByRole('row').slice(1);
const column = (name: string) => bodyRows().map((row) => within(row).getAllByRole('cell')[[...screen.getAllByRole('columnheader')].findIndex((th) => th.textContent?.trim().startsWith(name))]!.textContent);

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

  it('hides and shows columns from the column menu, and exports what is shown in the shown order', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    renderTable(people);
    await user.click(screen.getByText('Columns (7 of 7)'));
    await user.click(screen.getByRole('checkbox', { name: 'email' }));
    expect(screen.queryByRole('columnheader', { name: /email/ })).not.toBeInTheDocument();
    expect(screen.getByText('Columns (6 of 7)')).toBeInTheDocument();
    await user.click(within(screen.getByRole('columnheader', { name: /score/ })).getByRole('button'));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(downloads.files.map((file) => file.name)).toEqual(['people.csv', 'people.json']);
    const csv = await downloads.files[0]!.blob.text();
    expect(csv.split('\r\n')).toEqual(['id,name,city,lat,lon,score', '1,Name 1,Berlin,52.001,13,4', '0,Name 0,Aachen,52,13,30', '2,Name 2,Aachen,52.002,13,100', '']);
    const json = JSON.parse(await downloads.files[1]!.blob.text());
    expect(json.map((record: { id: number }) => record.id)).toEqual([1, 0, 2]);
    expect(json[0].email).toBe('user1@mail.test');

    await user.click(screen.getByRole('button', { name: 'Hide all' }));
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(screen.getAllByRole('columnheader')).toHaveLength(8);
    downloads.restore();
  });

  it('shows the first columns of wide records and offers the rest', () => {
    renderTable([Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`field${index}`, index]))]);
    expect(screen.getAllByRole('columnheader')).toHaveLength(INITIAL_COLUMNS + 1);
    expect(screen.getByText(`Columns (${INITIAL_COLUMNS} of 30)`)).toBeInTheDocument();
  });

  it('renders 10,000 records with a small DOM and keeps them all reachable', async () => {
    const records = Array.from({ length: 10_000 }, (_, index) => person(index));
    renderTable(records);
    expect(screen.getByText('10,000 records')).toBeInTheDocument();
    expect(bodyRows().length).toBeLessThan(60);
    expect(document.querySelectorAll('*').length).toBeLessThan(3000);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '10001');

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
});
