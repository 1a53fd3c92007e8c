import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageInfo, WindowSplit } from '../lookups/define-lookup.ts';
import { pageNumberPaging } from '../lookups/adapters.ts';
import type { SplitOutcome, SplitState } from '../api/split-windows.ts';
import type { FetchAllState, PagesOutcome } from '../api/fetch-all-pages.ts';
import { PagingBar } from './paging-bar.tsx';

const windowSplit: WindowSplit = {
  fromParam: 'from',
  untilParam: 'until',
  windows: 4,
  total: 24_672,
  perAnswer: 10_000,
  noun: 'calls',
  newestFirst: true,
  identity: String,
  body: (records) => records,
};

const cut: PageInfo = {
  summary: '10,000 of 24,672 calls shown (the newest)',
  narrowing: {
    reason: 'The spec gives M no page parameter: the other 14,672 cannot be fetched with this time window.',
    advice: 'Use a shorter time window, or split this one into 4 consecutive windows.',
    split: windowSplit,
  },
};

function control(state: SplitState = { status: 'idle' }) {
  return { state, start: vi.fn(), cancel: vi.fn(), discard: vi.fn() };
}

const outcome = (records: number): SplitOutcome => ({
  response: {} as SplitOutcome['response'],
  windows: [
    { window: { from: 0, until: 9 }, url: '/proxy/m/a', records: 12_000 },
    { window: { from: 10, until: 19 }, url: '/proxy/m/b', records: records - 12_000 },
  ],
  duplicates: 0,
  records,
});

describe('PagingBar where the lookup pages', () => {
  it('reaches the first, previous, next, last and any numbered page', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    render(<PagingBar info={pageNumberPaging(3, 7, { q: 'x', page: 3 }, 'page')} onNavigate={onNavigate} disabled={false} />);
    const bar = screen.getByRole('navigation', { name: 'Pages' });
    expect(bar).toHaveTextContent('Page 3 of 7');
    await user.click(within(bar).getByRole('button', { name: '« First' }));
    await user.click(within(bar).getByRole('button', { name: '← Previous' }));
    await user.click(within(bar).getByRole('button', { name: 'Next →' }));
    await user.click(within(bar).getByRole('button', { name: 'Last »' }));
    const input = within(bar).getByRole('spinbutton', { name: 'Page number' });
    expect(input).toHaveValue(3);
    await user.clear(input);
    await user.type(input, '5{Enter}');
    expect(onNavigate.mock.calls.map(([params]) => params)).toEqual([
      { q: 'x', page: 1 },
      { q: 'x', page: 2 },
      { q: 'x', page: 4 },
      { q: 'x', page: 7 },
      { q: 'x', page: 5 },
    ]);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('disables moves past either end, and while a page loads', () => {
    const { rerender } = render(<PagingBar info={pageNumberPaging(1, 2, {}, 'page')} onNavigate={vi.fn()} disabled={false} />);
    expect(screen.getByRole('button', { name: '« First' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '← Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last »' })).toBeEnabled();
    rerender(<PagingBar info={pageNumberPaging(1, 2, {}, 'page')} onNavigate={vi.fn()} disabled />);
    expect(screen.getByRole('button', { name: 'Last »' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Go' })).toBeDisabled();
  });

  it('refuses a page number out of range or not whole at the box, in words, and sends nothing', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    render(<PagingBar info={pageNumberPaging(2, 659, {}, 'page')} onNavigate={onNavigate} disabled={false} />);
    const input = screen.getByRole('spinbutton', { name: 'Page number' });
    for (const typed of ['99999', '0', '2.5']) {
      await user.clear(input);
      await user.type(input, `${typed}{Enter}`);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('Enter a whole page number from 1 to 659.');
    }
    await user.clear(input);
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.type(input, '659');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(onNavigate.mock.calls).toEqual([[{ page: 659 }]]);
  });

  it('says a page past the last one is past it, and leads back', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    render(<PagingBar info={pageNumberPaging(700, 659, { q: 'x' }, 'page')} onNavigate={onNavigate} disabled={false} />);
    expect(screen.getByRole('note')).toHaveTextContent('Page 700 is past the last page (659): there are no records here.');
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Last »' }));
    await user.click(screen.getByRole('button', { name: '← Previous' }));
    expect(onNavigate.mock.calls.map(([params]) => params)).toEqual([
      { q: 'x', page: 659 },
      { q: 'x', page: 659 },
    ]);
  });

  it('names no field "page": the form above has one', () => {
    const { container } = render(<PagingBar info={pageNumberPaging(2, 3, {}, 'page')} onNavigate={vi.fn()} disabled={false} />);
    expect(container.querySelector('[name]')).toBeNull();
  });

  it('keeps Previous/Next for a lookup that pages by neighbours only', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    render(<PagingBar info={{ summary: 'Results 1–10 of 12', next: { offset: 10 } }} onNavigate={onNavigate} disabled={false} />);
    expect(screen.getByRole('button', { name: '← Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next →' }));
    expect(onNavigate).toHaveBeenCalledWith({ offset: 10 });
  });
});

describe('PagingBar where the lookup cannot page', () => {
  it('says so plainly and offers no page controls', () => {
    render(<PagingBar info={cut} onNavigate={vi.fn()} disabled={false} split={control()} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('10,000 of 24,672 calls shown (the newest)');
    expect(screen.queryByRole('button', { name: /Next|Previous|Last/ })).not.toBeInTheDocument();
    const note = screen.getByRole('note', { name: 'Not every record can be fetched' });
    expect(note).toHaveTextContent('cannot be fetched with this time window');
    expect(note).toHaveTextContent('Use a shorter time window');
  });

  it('resends the narrower query in one click (B halves its radius)', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    const info: PageInfo = {
      summary: '20 stations shown (the nearest); more lie within the circle',
      narrowing: {
        reason: 'No page parameter.',
        advice: 'Use a smaller radius.',
        resend: { label: 'Halve the radius (3,000 m → 1,500 m)', params: { prox: '52.52,13.4,1500' } },
      },
    };
    render(<PagingBar info={info} onNavigate={onNavigate} disabled={false} />);
    await user.click(screen.getByRole('button', { name: 'Halve the radius (3,000 m → 1,500 m)' }));
    expect(onNavigate).toHaveBeenCalledWith({ prox: '52.52,13.4,1500' });
  });

  it('starts a window split, shows its progress and cancels it', async () => {
    const user = userEvent.setup();
    const idle = control();
    const { rerender } = render(<PagingBar info={cut} onNavigate={vi.fn()} disabled={false} split={idle} />);
    await user.click(screen.getByRole('button', { name: 'Split into 4 windows' }));
    expect(idle.start).toHaveBeenCalledWith(windowSplit);

    const running = control({ status: 'running', progress: { done: 1, planned: 4, records: 8_123 }, noun: 'calls' });
    rerender(<PagingBar info={cut} onNavigate={vi.fn()} disabled={false} split={running} />);
    expect(screen.getByRole('status')).toHaveTextContent('Window 2 of 4 · 8,123 calls so far');
    expect(screen.getByRole('progressbar', { name: 'Window queries answered' })).toHaveAttribute('value', '1');
    expect(screen.getByRole('button', { name: 'Split into 4 windows' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(running.cancel).toHaveBeenCalled();

    rerender(
      <PagingBar
        info={cut}
        onNavigate={vi.fn()}
        disabled={false}
        split={control({ status: 'cancelled', progress: { done: 1, planned: 4, records: 8_123 }, noun: 'calls' })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Split cancelled after 1 of 4 windows; the answer above is still the cut one.');
    expect(screen.getByRole('button', { name: 'Split into 4 windows' })).toBeEnabled();
  });

  it('reports the merged answer against the total the cut one reported, and can go back', async () => {
    const user = userEvent.setup();
    const done = control({ status: 'done', outcome: outcome(24_672), reported: 24_672, noun: 'calls' });
    const merged: PageInfo = { summary: '24,672 calls' };
    const { rerender } = render(<PagingBar info={merged} onNavigate={vi.fn()} disabled={false} split={done} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('24,672 calls');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Merged 2 window queries: 24,672 calls, every one of the 24,672 the query matched.',
    );
    expect(screen.getByText('/proxy/m/b')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the cut answer' }));
    expect(done.discard).toHaveBeenCalled();

    rerender(
      <PagingBar
        info={merged}
        onNavigate={vi.fn()}
        disabled={false}
        split={control({ status: 'done', outcome: outcome(24_670), reported: 24_672, noun: 'calls' })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('24,670 calls (the cut answer reported 24,672');
  });

  it('says why a split stopped', () => {
    render(
      <PagingBar
        info={cut}
        onNavigate={vi.fn()}
        disabled={false}
        split={control({ status: 'failed', message: 'The window … failed: HTTP 503' })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The split stopped: The window … failed: HTTP 503 The answer shown is still the cut one.',
    );
    expect(screen.getByRole('button', { name: 'Split into 4 windows' })).toBeEnabled();
  });
});

describe('PagingBar: fetch all pages', () => {
  const merge = { noun: 'incidents', total: 544, body: (records: readonly unknown[]) => records };
  /** Page `page` of `last`, whose pages merge. */
  const paged = (page: number, last: number): PageInfo => {
    const info = pageNumberPaging(page, last, { q: 'x', page }, 'page');
    return { ...info, pages: { ...info.pages!, merge } };
  };
  const pages = (state: FetchAllState = { status: 'idle' }) => ({ state, start: vi.fn(), cancel: vi.fn(), discard: vi.fn() });
  const pagesOutcome = (records: number): PagesOutcome => ({
    response: {} as PagesOutcome['response'],
    pages: Array.from({ length: 11 }, (_, index) => ({ page: index + 1, url: `/proxy/l/p?page=${index + 1}`, records: 50 })),
    duplicates: 1,
    records,
    covered: 11,
    last: 11,
    total: 544,
  });

  it('offers the pages and the records, and asks before more than a few calls', async () => {
    const user = userEvent.setup();
    const control = pages();
    render(<PagingBar info={paged(1, 11)} onNavigate={vi.fn()} disabled={false} allPages={control} />);
    expect(screen.getByText(/544 incidents in all/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fetch all 11 pages' }));
    expect(control.start).not.toHaveBeenCalled();
    const confirm = screen.getByRole('group', { name: 'Confirm fetching every page' });
    expect(confirm).toHaveTextContent('This sends up to 10 more requests, 2 at a time; each may be a paid call to the provider.');
    await user.click(within(confirm).getByRole('button', { name: 'Not now' }));
    expect(control.start).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Fetch all 11 pages' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Fetch all 11 pages' }));
    await user.click(screen.getByRole('button', { name: 'Fetch 10 pages' }));
    expect(control.start).toHaveBeenCalledWith(expect.objectContaining({ page: 1, last: 11, merge }));
  });

  it('starts at once for a few calls, and bounds a long answer at 50 pages, saying so', async () => {
    const user = userEvent.setup();
    const few = pages();
    const { rerender } = render(<PagingBar info={paged(2, 3)} onNavigate={vi.fn()} disabled={false} allPages={few} />);
    await user.click(screen.getByRole('button', { name: 'Fetch all 3 pages' }));
    expect(few.start).toHaveBeenCalledTimes(1);
    // The action gives way to the run's Cancel, and keyboard focus follows it.
    rerender(
      <PagingBar
        info={paged(2, 3)}
        onNavigate={vi.fn()}
        disabled={false}
        allPages={pages({ status: 'running', progress: { done: 1, planned: 3, records: 50 } })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    rerender(<PagingBar info={paged(1, 120)} onNavigate={vi.fn()} disabled={false} allPages={pages()} />);
    expect(screen.getByRole('button', { name: 'Fetch the first 50 of 120 pages' })).toBeEnabled();
    expect(screen.getByText(/At most 50 pages are merged/)).toBeInTheDocument();
  });

  it('offers nothing where the pages do not merge', () => {
    render(<PagingBar info={pageNumberPaging(1, 7, {}, 'page')} onNavigate={vi.fn()} disabled={false} allPages={pages()} />);
    expect(screen.queryByRole('button', { name: /^Fetch/ })).not.toBeInTheDocument();
  });

  it('shows the progress with Cancel, then what a cancel kept', async () => {
    const user = userEvent.setup();
    const running = pages({ status: 'running', progress: { done: 7, planned: 23, records: 3_400 } });
    const { rerender } = render(<PagingBar info={paged(1, 23)} onNavigate={vi.fn()} disabled={false} allPages={running} />);
    expect(screen.getByRole('status')).toHaveTextContent('Page 7 of 23 · 3,400 records');
    expect(screen.getByRole('progressbar', { name: 'Pages fetched' })).toHaveAttribute('value', '7');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(running.cancel).toHaveBeenCalled();
    rerender(
      <PagingBar
        info={paged(1, 23)}
        onNavigate={vi.fn()}
        disabled={false}
        allPages={pages({ status: 'cancelled', progress: { done: 7, planned: 23, records: 3_400 } })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Cancelled after 7 of 23 pages. Nothing was merged: the answer shown is still page 1.',
    );
    expect(screen.getByRole('button', { name: 'Fetch all 23 pages' })).toBeEnabled();
  });

  it('names the page that failed and retries', async () => {
    const user = userEvent.setup();
    const failed = pages({ status: 'failed', page: 7, message: 'Page 7 could not be fetched: HTTP 503' });
    render(<PagingBar info={paged(2, 23)} onNavigate={vi.fn()} disabled={false} allPages={failed} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Page 7 could not be fetched: HTTP 503. Nothing was merged: the answer shown is still page 2.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(failed.start).toHaveBeenCalledWith(expect.objectContaining({ page: 2, last: 23 }));
  });

  it('says the answer is merged, in place of the page controls, and goes back to page by page', async () => {
    const user = userEvent.setup();
    const done = pages({ status: 'done', outcome: pagesOutcome(544) });
    render(<PagingBar info={{ summary: 'Page 1 of 1' }} onNavigate={vi.fn()} disabled={false} allPages={done} />);
    const bar = screen.getByRole('navigation', { name: 'Pages' });
    expect(bar).toHaveTextContent('All 11 pages merged · 544 records');
    expect(within(bar).queryByRole('button', { name: 'Next →' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Merged 11 pages: 544 records, every one of the 544 the query matched. 1 seen on two pages were kept once.',
    );
    await user.click(within(bar).getByRole('button', { name: 'Back to page by page' }));
    expect(done.discard).toHaveBeenCalled();
  });
});
