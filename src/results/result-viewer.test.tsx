import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OwnViewProps } from './slots.ts';
import { makeResponse, peopleBody, peopleOperation } from './testing/fixtures.ts';
import { captureDownloads, renderViewer, setupViewerTests } from './testing/render-viewer.tsx';

setupViewerTests();

function OwnView({ answer, selectedIndex, onSelect }: OwnViewProps) {
  return (
    <div>
      <p>
        Own view of {answer.records.length} people; selected {selectedIndex ?? 'none'}
      </p>
      <button type="button" onClick={() => onSelect(2)}>
        Pick the third
      </button>
    </div>
  );
}

describe('ResultViewer tabs', () => {
  it('opens on the own view when there is one, else on the table, else on the operation’s default', () => {
    const { unmount } = renderViewer({ renderOwnView: (props) => <OwnView {...props} /> });
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Own view of 3 people; selected none')).toBeInTheDocument();
    unmount();

    renderViewer({ renderMap: () => <p>the map</p> });
    expect(screen.queryByRole('tab', { name: 'Overview' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
  });

  it('honours defaultTab and moves between tabs with the arrow, Home and End keys', async () => {
    const user = userEvent.setup();
    renderViewer({
      operation: { ...peopleOperation, defaultTab: 'map' },
      renderMap: () => <p>the map</p>,
      renderOwnView: (props) => <OwnView {...props} />,
    });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Overview', 'Map', 'Table', 'Tree', 'Raw', 'Request']);
    const map = screen.getByRole('tab', { name: 'Map' });
    expect(map).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('the map');

    await user.click(map);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Request' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Map' })).toHaveAttribute('tabindex', '-1');
  });

  it('shares the selection: the own view’s pick is highlighted in the table, the map opens a row in the table', async () => {
    const user = userEvent.setup();
    renderViewer({
      response: makeResponse(peopleBody(5000)),
      renderOwnView: (props) => <OwnView {...props} />,
      renderMap: ({ onOpenTable, selectedIndex }) => (
        <button type="button" onClick={() => onOpenTable(4321)}>
          Show 4321 in table (map selected {selectedIndex ?? 'none'})
        </button>
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Pick the third' }));
    expect(screen.getByText(/selected 2$/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    expect(screen.getByRole('row', { selected: true })).toHaveTextContent('Name 2');

    await user.click(screen.getByRole('tab', { name: 'Map' }));
    expect(screen.getByRole('button', { name: /map selected 2/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Show 4321/ }));
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
    // Row 4321 is far below the fold: it is only in the DOM because the table scrolled to it.
    expect(await screen.findByRole('row', { selected: true })).toHaveTextContent('Name 4321');
  });

  it('keeps the page when one view throws, and offers to try it again', async () => {
    const user = userEvent.setup();
    const consoleError = console.error;
    console.error = () => {};
    function Broken(): never {
      throw new Error('chart exploded');
    }
    renderViewer({ renderOwnView: () => <Broken /> });
    console.error = consoleError;
    expect(screen.getByRole('alert')).toHaveTextContent('The Overview view could not be shown. chart exploded');
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});

describe('ResultViewer summary, schema check and paging', () => {
  it('shows status, time, size, source and the body’s verdict', () => {
    renderViewer();
    expect(screen.getByText('200 OK')).toBeInTheDocument();
    expect(screen.getByText('34 ms')).toBeInTheDocument();
    expect(screen.getByText('demo data')).toBeInTheDocument();
    expect(screen.getByText('success')).toBeInTheDocument();
    expect(screen.getByText(/the body matches the spec/)).toBeInTheDocument();
  });

  it('says a request is under way before the first answer', () => {
    renderViewer({ response: undefined, isFetching: true });
    expect(screen.getByRole('status')).toHaveTextContent('Sending request…');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('lists each schema issue with its path, without blocking the views', async () => {
    const body = peopleBody(2);
    const drifted = { ...body, page: 'one', people: [{ ...body.people[0], lat: 'north' }, body.people[1]] };
    renderViewer({ response: makeResponse(drifted) });
    const summary = await screen.findByText(/Schema check: 2 differences from the spec/);
    await userEvent.setup().click(summary);
    const details = summary.closest('details')!;
    expect(within(details).getByText('page')).toBeInTheDocument();
    expect(within(details).getByText('people.0.lat')).toBeInTheDocument();
    expect(details).toHaveTextContent(/expected number/);
    // The header row, the filter row and the two records.
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('pages with the adapter’s neighbours only', async () => {
    const user = userEvent.setup();
    const { props, unmount } = renderViewer();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: '← Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next →' }));
    expect(props.onNavigate).toHaveBeenCalledWith({ city: 'Berlin', page: 2 });
    unmount();

    const last = renderViewer({ response: makeResponse(peopleBody(3, 3, 3)), params: { city: 'Berlin', page: 3 } });
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '← Previous' }));
    expect(last.props.onNavigate).toHaveBeenCalledWith({ city: 'Berlin', page: 2 });
  });
});

describe('masking', () => {
  it('masks personal data in the table, the own view, the raw text and the exports', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    let ownBody: unknown;
    let ownTyped: unknown;
    renderViewer({
      masked: true,
      response: makeResponse({ ...peopleBody(3), people: [...peopleBody(2).people, peopleBody(1).people[0]] }),
      renderOwnView: (props) => {
        ownBody = props.answer.body;
        ownTyped = props.answer.typed.body;
        return <p>own</p>;
      },
    });
    expect(JSON.stringify(ownBody)).not.toContain('Name 0');
    expect(JSON.stringify(ownTyped)).not.toMatch(/Name \d|mail\.test/);
    expect(screen.getByText(/Personal data is masked/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    const rows = screen.getAllByRole('row').slice(2);
    // Masked in the browser (no x-lookup-masked header): numbered for this answer; longer than a column, so each cell has its "…".
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Person 1 (this answer)…',
      'Person 2 (this answer)…',
      'Person 1 (this answer)…',
    ]);
    expect(screen.queryByText('Name 0')).not.toBeInTheDocument();
    expect(screen.queryByText('user0@mail.test')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    const [csv, json] = await Promise.all(downloads.files.map((file) => file.blob.text()));
    expect(csv).toContain('0,Person 1 (this answer),••• masked contact 1 (this answer),Aachen');
    expect(csv).not.toContain('Name 0');
    expect(json).not.toMatch(/Name \d|mail\.test/);

    await user.click(screen.getByRole('tab', { name: 'Raw' }));
    expect(screen.getByLabelText('Raw body')).toHaveTextContent('Person 2 (this answer)');
    expect(screen.getByLabelText('Raw body')).not.toHaveTextContent('Name 1');
    downloads.restore();
  });

  it('shows the data as received when masking is off', () => {
    renderViewer({ masked: false });
    expect(screen.getByText('Name 0')).toBeInTheDocument();
    expect(screen.queryByText(/Personal data is masked/)).not.toBeInTheDocument();
  });
});
