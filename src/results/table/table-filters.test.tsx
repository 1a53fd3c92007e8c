// The filter row, the facets and the filtered exports, through the table as a user meets them;
// and the map and the selection following the filter in the viewer.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MapSlotProps } from '../slots.ts';
import { ResultViewer } from '../result-viewer.tsx';
import { makeResponse, peopleBody, person } from '../testing/fixtures.ts';
import { captureDownloads, renderViewer, setupViewerTests } from '../testing/render-viewer.tsx';
import { RecordTable } from './record-table.tsx';

setupViewerTests();

// Six people: ids 0–5, cities Aachen (even ids) and Berlin (odd), one without an e-mail.
const people = Array.from({ length: 6 }, (_, index) => (index === 4 ? { ...person(index), email: null } : person(index)));

function renderTable(onViewChange?: (change: unknown) => void) {
  render(<RecordTable records={people} selectedIndex={undefined} onSelect={vi.fn()} fileStem="people" onViewChange={onViewChange} />);
}

/** The "#" of each record row shown (the answer's numbering, 1-based). */
const shownNumbers = () =>
  screen
    .getAllByRole('row')
    .slice(2)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('filter row', () => {
  it('filters by text after a pause in typing, and says how many records show', async () => {
    const user = userEvent.setup();
    renderTable();
    expect(screen.getByRole('status')).toHaveTextContent('6 records');
    await user.type(screen.getByRole('searchbox', { name: 'Filter name: contains' }), 'name 3');
    // Not applied per keystroke: the rows change only once typing pauses.
    expect(shownNumbers()).toHaveLength(6);
    expect(await screen.findByText('Showing 1 of 6 records')).toBeInTheDocument();
    expect(shownNumbers()).toEqual(['4']);
    expect(screen.getByRole('list', { name: 'Active filters' })).toHaveTextContent('name contains “name 3”');
  });

  it('applies at once on Enter, and "Clear filters" empties the field and shows every record', async () => {
    const user = userEvent.setup();
    renderTable();
    const field = screen.getByRole('searchbox', { name: 'Filter email: contains' });
    await user.type(field, 'user1{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 of 6 records');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(field).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('6 records');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('bounds a number column, and says at the field when a bound is not a number', async () => {
    const user = userEvent.setup();
    renderTable();
    const min = screen.getByRole('textbox', { name: 'id at least' });
    await user.type(min, 'two{Enter}');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription('Not a number: no bound applied.');
    expect(shownNumbers()).toHaveLength(6);
    await user.clear(min);
    await user.type(min, '2{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'id at most' }), '3{Enter}');
    expect(min).toHaveAttribute('aria-invalid', 'false');
    expect(shownNumbers()).toEqual(['3', '4']);
    expect(screen.getByRole('list', { name: 'Active filters' })).toHaveTextContent('id ≥ 2, ≤ 3');
  });

  it('picks values of a few-valued column, "is one of" or "is none of", in a popover', async () => {
    const user = userEvent.setup();
    renderTable();
    const opener = screen.getByRole('button', { name: 'Filter city: Any' });
    // The browser's own popover, which jsdom hides but cannot open (hence `hidden: true` below):
    // e2e/table-filters.spec.ts opens it in Chromium, with the keyboard.
    const popover = document.getElementById(opener.getAttribute('popovertarget')!)!;
    expect(popover).toHaveAttribute('popover', 'auto');
    expect(popover).toHaveAttribute('aria-label', 'Filter city');
    await user.click(within(popover).getByRole('checkbox', { name: 'Berlin', hidden: true }));
    expect(opener).toHaveAccessibleName('Filter city: is Berlin');
    expect(shownNumbers()).toEqual(['2', '4', '6']);
    await user.click(within(popover).getByRole('radio', { name: 'is none of', hidden: true }));
    expect(shownNumbers()).toEqual(['1', '3', '5']);
    expect(screen.getByRole('list', { name: 'Active filters' })).toHaveTextContent('city is not Berlin');
    await user.click(screen.getByRole('button', { name: 'Remove filter: city is not Berlin' }));
    expect(shownNumbers()).toHaveLength(6);
  });

  it('says when nothing matches and offers to clear', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.type(screen.getByRole('searchbox', { name: 'Filter name: contains' }), 'nobody{Enter}');
    expect(screen.getByText('No record matches the filters.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(shownNumbers()).toHaveLength(6);
  });

  it('reports filter changes to a caller that keeps the view', async () => {
    const user = userEvent.setup();
    const onViewChange = vi.fn();
    render(
      <RecordTable
        records={people}
        selectedIndex={undefined}
        onSelect={vi.fn()}
        fileStem="people"
        view={{ facets: ['city'] }}
        onViewChange={onViewChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'city: Berlin, 3 records' }));
    expect(onViewChange).toHaveBeenLastCalledWith({ filters: { city: { equals: ['Berlin'] } } });
  });
});

describe('facets', () => {
  it('shows a picked column’s values with counts; a click filters, a second click removes the filter', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Facets' }), 'email');
    const facet = screen.getByRole('group', { name: 'Facet: email' });
    // Five distinct e-mails and one empty cell, shown as "(empty)" and listed last among equals.
    expect(
      within(facet)
        .getAllByRole('button', { name: /^email: / })
        .at(-1),
    ).toHaveTextContent('(empty)1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Facets' }), 'city');
    const berlin = within(screen.getByRole('group', { name: 'Facet: city' })).getByRole('button', { name: 'city: Berlin, 3 records' });
    await user.click(berlin);
    expect(berlin).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 3 of 6 records');
    expect(shownNumbers()).toEqual(['2', '4', '6']);
    // The email facet now counts only Berlin's records.
    expect(within(screen.getByRole('group', { name: 'Facet: email' })).getAllByRole('button', { name: /^email: / })).toHaveLength(3);

    await user.click(berlin);
    expect(berlin).toHaveAttribute('aria-pressed', 'false');
    expect(shownNumbers()).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Remove facet email' }));
    expect(screen.queryByRole('group', { name: 'Facet: email' })).not.toBeInTheDocument();
  });

  it('empty values filter as "(empty)"', async () => {
    const user = userEvent.setup();
    render(<RecordTable records={people} selectedIndex={undefined} onSelect={vi.fn()} fileStem="people" />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Facets' }), 'email');
    await user.click(screen.getByRole('button', { name: 'email: (empty), 1 record' }));
    expect(shownNumbers()).toEqual(['5']);
    expect(screen.getByRole('list', { name: 'Active filters' })).toHaveTextContent('email is (empty)');
  });
});

describe('filtered exports', () => {
  it('write only the filtered records, name the file -filtered and say so in the menu', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    try {
      render(
        <RecordTable
          records={people}
          selectedIndex={undefined}
          onSelect={vi.fn()}
          fileStem="people"
          view={{ filters: { city: { equals: ['Berlin'] } } }}
          onViewChange={vi.fn()}
        />,
      );
      await user.click(screen.getByText('Export options'));
      expect(screen.getByText('Exports the 3 filtered records (of 6).')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Export CSV (filtered)' }));
      await user.click(screen.getByRole('button', { name: 'Export JSON (filtered)' }));
      expect(downloads.files.map((file) => file.name)).toEqual(['people-filtered.csv', 'people-filtered.json']);
      const [csv, json] = await Promise.all(downloads.files.map((file) => file.blob.text()));
      expect(
        csv!
          .trim()
          .split('\r\n')
          .map((line) => line.split(',')[0]),
      ).toEqual(['id', '1', '3', '5']);
      expect((JSON.parse(json!) as Array<{ id: number }>).map((record) => record.id)).toEqual([1, 3, 5]);
    } finally {
      downloads.restore();
    }
  });
});

describe('the viewer under a filter', () => {
  it('gives the map every record with the filtered ones shown, numbered as the answer’s records', () => {
    let mapProps: MapSlotProps | undefined;
    const renderMap = (props: MapSlotProps) => {
      mapProps = props;
      return <p>map of {props.shown?.length ?? props.records.length}</p>;
    };
    const filters = { city: { equals: ['Berlin'] } };
    const { props, rerender } = renderViewer({
      response: makeResponse(peopleBody(6)),
      renderMap,
      view: { tab: 'map', filters },
      onViewChange: vi.fn(),
    });
    expect(screen.getByText('map of 3')).toBeInTheDocument();
    expect(mapProps!.records).toHaveLength(6);
    expect(mapProps!.shown!.map((index) => (mapProps!.records[index] as { id: number }).id)).toEqual([1, 3, 5]);

    // The map's point of the answer's record 3 is row "#4" in the table.
    act(() => mapProps!.onOpenTable(3));
    expect(props.onViewChange).toHaveBeenLastCalledWith({ tab: 'table' });
    expect(mapProps!.selectedIndex).toBe(3);
    rerender(<ResultViewer {...props} view={{ tab: 'table', filters }} />);
    const selected = screen.getAllByRole('row').filter((row) => row.getAttribute('aria-selected') === 'true');
    expect(selected.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['4']);

    // A selection the filter hides is no selection, for the map as for the table.
    rerender(<ResultViewer {...props} view={{ tab: 'map', filters: { city: { equals: ['Aachen'] } } }} />);
    expect(mapProps!.selectedIndex).toBeUndefined();
    act(() => mapProps!.onSelect(2));
    expect(mapProps!.selectedIndex).toBe(2);
  });

  it('leaves the map every record, unnumbered differently, when nothing is filtered', () => {
    let mapProps: MapSlotProps | undefined;
    renderViewer({
      response: makeResponse(peopleBody(4)),
      renderMap: (props) => ((mapProps = props), (<p>map</p>)),
      view: { tab: 'map', filters: { missing_column: { contains: 'x' } } },
      onViewChange: vi.fn(),
    });
    expect(mapProps!.records).toHaveLength(4);
    expect(mapProps!.shown).toBeUndefined();
  });
});
