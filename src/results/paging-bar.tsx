import type { PageInfo, Params } from '../lookups/define-lookup.ts';

interface PagingBarProps {
  info: PageInfo;
  onNavigate: (params: Params) => void;
  disabled: boolean;
}

/** The body's paging state, with Previous/Next only where the lookup can build them. */
export function PagingBar({ info, onNavigate, disabled }: PagingBarProps) {
  const { prev, next } = info;
  return (
    <nav className="paging-bar" aria-label="Pages">
      <span>{info.summary}</span>
      {(prev || next) && (
        <span className="paging-buttons">
          <button type="button" disabled={!prev || disabled} onClick={() => prev && onNavigate(prev)}>
            ← Previous
          </button>
          <button type="button" disabled={!next || disabled} onClick={() => next && onNavigate(next)}>
            Next →
          </button>
        </span>
      )}
    </nav>
  );
}
