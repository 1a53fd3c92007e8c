// Pages through a long list (10,000 changed records stay a few dozen DOM rows): "Showing 1–25 of
// 300" with previous and next buttons named after the list they page.
import { useState } from 'react';

export function usePage<T>(items: readonly T[], size: number) {
  const [page, setPage] = useState(0);
  const last = Math.max(0, Math.ceil(items.length / size) - 1);
  const current = Math.min(page, last);
  return { page: current, last, start: current * size, shown: items.slice(current * size, current * size + size), setPage };
}

interface PagerProps {
  /** What is paged, for the buttons' names: "changed records". */
  what: string;
  page: number;
  last: number;
  start: number;
  shownCount: number;
  total: number;
  setPage(page: number): void;
}

export function Pager({ what, page, last, start, shownCount, total, setPage }: PagerProps) {
  if (total === 0) return null;
  return (
    <div className="compare-pager">
      <span>
        Showing {(start + 1).toLocaleString('en-US')}–{(start + shownCount).toLocaleString('en-US')} of {total.toLocaleString('en-US')}
      </span>
      {last > 0 && (
        <>
          <button type="button" onClick={() => setPage(page - 1)} disabled={page === 0} aria-label={`Previous page of ${what}`}>
            Previous
          </button>
          <button type="button" onClick={() => setPage(page + 1)} disabled={page === last} aria-label={`Next page of ${what}`}>
            Next
          </button>
        </>
      )}
    </div>
  );
}
