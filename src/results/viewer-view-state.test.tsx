// The viewer with the page's view state (tab, sort, columns held by the URL) and the out-of-date
// marker over an answer that no longer answers the form.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { captureDownloads, renderViewer, setupViewerTests } from './testing/render-viewer.tsx';
import { applyViewChange } from './view-state.ts';

setupViewerTests();

describe('ResultViewer with a view from its caller', () => {
  it('opens the tab, sort and columns it is given, and reports each change', async () => {
    const user = userEvent.setup();
    const onViewChange = vi.fn();
    renderViewer({
      renderOwnView: () => <p>own</p>,
      view: { tab: 'table', sort: { column: 'name', direction: 'descending' }, columns: ['name', 'city'] },
      onViewChange,
    });
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼\s]/g, ''))).toEqual(['#', 'name', 'city']);
    expect(screen.getByRole('columnheader', { name: /name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(screen.getAllByRole('row')[2]!).getAllByRole('cell')[1]).toHaveTextContent('Name 2');

    await user.click(screen.getByRole('tab', { name: 'Tree' }));
    expect(onViewChange).toHaveBeenLastCalledWith({ tab: 'tree' });
    await user.click(within(screen.getByRole('columnheader', { name: /city/ })).getByRole('button'));
    expect(onViewChange).toHaveBeenLastCalledWith({ sort: { column: 'city', direction: 'ascending' } });
  });

  it('falls back to the default tab when the given one does not exist for this answer', () => {
    renderViewer({ view: { tab: 'map' }, onViewChange: vi.fn() });
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
  });

  it('merges changes, and a part set to undefined returns to its default', () => {
    expect(applyViewChange({ tab: 'table', sort: { column: 'a', direction: 'ascending' } }, { sort: undefined, columns: 'all' })).toEqual({
      tab: 'table',
      columns: 'all',
    });
  });
});

describe('the out-of-date marker', () => {
  it('is absent while the answer answers the form', () => {
    renderViewer();
    expect(screen.queryByText(/Out of date/)).not.toBeInTheDocument();
  });

  it('names the values the answer is for, compactly, and says why; exports still work', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    const long = 'a very long value that goes on and on beyond any reasonable width';
    renderViewer({
      outOfDate: {
        reason: 'edited',
        sent: [
          ['city', 'Berlin'],
          ['q', long],
        ],
      },
    });
    const marker = screen.getByRole('status', { name: 'Out of date' });
    expect(marker).toHaveTextContent('Out of date — this answer is for city=Berlin · q=a very long value that goes on …');
    expect(marker).toHaveTextContent('The form has changed since it was sent');
    expect(within(marker).getByTitle(`city=Berlin · q=${long}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads.files).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Out of date' })).toBeVisible();
    downloads.restore();
  });

  it('says so when a send was refused, and while a newer answer loads', () => {
    const { unmount } = renderViewer({ outOfDate: { reason: 'refused', sent: [['city', 'Berlin']] } });
    expect(screen.getByRole('status', { name: 'Out of date' })).toHaveTextContent('The last send was refused');
    unmount();
    renderViewer({ isFetching: true, outOfDate: { reason: 'loading', sent: [] } });
    expect(screen.getByRole('status', { name: 'Out of date' })).toHaveTextContent(
      'this answer is for no parameters. The answer to the new query is loading.',
    );
  });
});
