// Holds the place of the catalog's saved-queries section while its chunk and IndexedDB load, so
// the filter and the list below it do not move when it arrives (a layout shift on every visit).
// The section remembers in localStorage how many queries it showed and how tall it was at which
// window width; with none saved (or nothing remembered: a first visit) the placeholder is the
// section's own "none yet" line, so nothing changes when the data agrees. Synchronous and small:
// it is in the catalog's first load.
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';

const HINT_KEY = 'lookup-explorer:saved-section';

interface PlaceHint {
  count: number;
  height: number;
  width: number;
}

function readHint(): PlaceHint | undefined {
  try {
    const hint = JSON.parse(localStorage.getItem(HINT_KEY) ?? 'null') as Partial<PlaceHint> | null;
    const valid = hint && [hint.count, hint.height, hint.width].every((value) => typeof value === 'number' && Number.isFinite(value));
    return valid ? (hint as PlaceHint) : undefined;
  } catch {
    // Storage refused (private mode) or a corrupt value: hold no place.
    return undefined;
  }
}

function writeHint(hint: PlaceHint): void {
  try {
    localStorage.setItem(HINT_KEY, JSON.stringify(hint));
  } catch {
    // Storage refused: the section simply appears without a held place.
  }
}

/** The line shown when nothing is saved, with the way to the Saved page (to import). */
export function SavedNone() {
  return (
    <p className="muted saved-none">
      <Link to="/saved">Saved queries</Link>: none yet. Save one from a lookup’s page, or import a collection.
    </p>
  );
}

// flow-root keeps the children's margins inside the box, so its measured height is all it takes.
const placeStyle = { display: 'flow-root' } as const;

/** What stands in for the section until it has its data: the "none yet" line, a box of its last height, or nothing. */
export function SavedPlaceholder() {
  const hint = readHint();
  if (!hint || hint.count === 0) {
    return (
      <div className="saved-place" style={placeStyle}>
        <SavedNone />
      </div>
    );
  }
  // Another window width wraps differently: holding the wrong height would shift as much.
  if (hint.width !== window.innerWidth) return null;
  return <div className="saved-place" style={{ ...placeStyle, minHeight: hint.height }} aria-hidden="true" />;
}

/** The section with its data: remembers its count and height (once settled) for the next visit's placeholder. */
export function SavedPlace({ count, children }: { count: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = place.current;
    if (!box) return;
    const remember = () => writeHint({ count, height: box.offsetHeight, width: window.innerWidth });
    remember();
    // The rows grow once their lookups' definitions load (their export buttons): remember the final height.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(remember);
    observer.observe(box);
    return () => observer.disconnect();
  }, [count]);
  return (
    <div className="saved-place" style={placeStyle} ref={place}>
      {children}
    </div>
  );
}
