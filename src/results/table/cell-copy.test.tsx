import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { person } from '../testing/fixtures.ts';
import { captureDownloads, setupViewerTests } from '../testing/render-viewer.tsx';
import { RecordTable, ROW_HEIGHT } from './record-table.tsx';

setupViewerTests();

const people = Array.from({ length: 200 }, (_, index) => ({ ...person(index), note: index === 1 ? 'two\tparts' : `n${index}` }));

function renderTable(records: readonly unknown[]) {
  const onSelect = vi.fn();
  render(<RecordTable records={records} selectedIndex={undefined} onSelect={onSelect} fileStem="lookup-l-incidents-2026-11-22" />);
  return onSelect;
}

/** A cell by its text: a role query names every cell of the table, seconds on a busy machine. */
const cellWith = (text: string) => screen.getByText(text, { selector: 'td' });
const rowWith = (text: string) => cellWith(text).closest('tr')!;

const highlighted = () => [...document.querySelectorAll('td[data-in-range]')].map((cell) => cell.textContent);

describe('RecordTable cell selection', () => {
  it('selects a range with shift+arrows from the focused row, copies it as TSV with Ctrl+C and says so', async () => {
    const user = userEvent.setup();
    const onSelect = renderTable(people);
    await user.click(cellWith('Name 0'));
    expect(onSelect).toHaveBeenLastCalledWith(0); // the click still selects the row for the map
    expect(rowWith('Name 0')).toHaveFocus();
    expect(highlighted()).toEqual(['Name 0']);

    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowDown}{/Shift}');
    expect(highlighted()).toEqual(['Name 0', 'user0@mail.test', 'Aachen', 'Name 1', 'user1@mail.test', 'Berlin']);
    expect(rowWith('Name 1')).toHaveFocus();
    expect(screen.getByText(/^Selected 2 rows × 3 columns \(rows 1–2 of the table, name to city\)/)).toHaveAttribute('aria-live', 'polite');
    expect(onSelect).toHaveBeenCalledTimes(1); // extending the range never changes the map's row

    await user.keyboard('{Control>}c{/Control}');
    expect(await navigator.clipboard.readText()).toBe('Name 0\tuser0@mail.test\tAachen\r\nName 1\tuser1@mail.test\tBerlin');
    expect(screen.getByText('Copied 2 × 3 cells.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Copy with column names' }));
    rowWith('Name 1').focus();
    await user.keyboard('{Control>}c{/Control}');
    expect(await navigator.clipboard.readText()).toBe(
      'name\temail\tcity\r\nName 0\tuser0@mail.test\tAachen\r\nName 1\tuser1@mail.test\tBerlin',
    );

    await user.keyboard('{Escape}');
    expect(highlighted()).toEqual([]);
  });

  it('copies a range over rows the virtualised table has not rendered, from the model', async () => {
    const user = userEvent.setup();
    renderTable(people);
    await user.click(cellWith('n0'));
    // Scroll far down (the virtualiser drops the first rows), then shift+click the name cell of row 151.
    const scroller = document.querySelector<HTMLElement>('.table-scroll')!;
    scroller.scrollTop = 140 * ROW_HEIGHT;
    fireEvent.scroll(scroller);
    const far = await screen.findByText('Name 150', { selector: 'td' });
    expect(screen.queryByText('Name 10', { selector: 'td' })).not.toBeInTheDocument();
    await user.keyboard('{Shift>}');
    await user.click(far);
    await user.keyboard('{/Shift}');
    // What the range says, waited for as a condition: no clock.
    expect(await screen.findByText(/^Selected 151 rows × 6 columns \(rows 1–151 of the table, name to note\)/)).toBeInTheDocument();
    await user.keyboard('{Control>}c{/Control}');
    const lines = (await navigator.clipboard.readText()).split('\r\n');
    expect(lines).toHaveLength(151);
    expect(lines[0]).toBe('Name 0\tuser0@mail.test\tAachen\t52\t13\tn0');
    expect(lines[1]).toBe('Name 1\tuser1@mail.test\tBerlin\t52.001\t13\t"two\tparts"');
    expect(lines[10]!.startsWith('Name 10\t')).toBe(true);
    expect(screen.getByText('Copied 151 × 6 cells.')).toBeInTheDocument();
  });

  it('drops the range when the sort changes', async () => {
    const user = userEvent.setup();
    renderTable(people);
    await user.click(cellWith('Name 0'));
    expect(highlighted()).toEqual(['Name 0']);
    await user.click(within(screen.getByRole('columnheader', { name: /name/ })).getByRole('button'));
    expect(highlighted()).toEqual([]);
  });

  it('exports XLSX of the same records as the CSV: the filtered ones, sheet named after the lookup', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    render(
      <RecordTable
        records={people}
        selectedIndex={undefined}
        onSelect={vi.fn()}
        fileStem="lookup-l-incidents-2026-11-22"
        view={{ filters: { city: { equals: ['Berlin'] } } }}
        onViewChange={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Export XLSX (filtered)' }));
    await vi.waitFor(() => expect(downloads.files).toHaveLength(1));
    const file = downloads.files[0]!;
    expect(file.name).toBe('lookup-l-incidents-2026-11-22-filtered.xlsx');
    expect(file.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const parts = unzipSync(new Uint8Array(await file.blob.arrayBuffer()));
    expect(strFromU8(parts['xl/workbook.xml']!)).toContain('<sheet name="lookup-l-incidents"');
    const rows = strFromU8(parts['xl/worksheets/sheet1.xml']!).match(/<row /g)!;
    expect(rows).toHaveLength(1 + people.filter((record) => record.city === 'Berlin').length);
    downloads.restore();
  });
});
