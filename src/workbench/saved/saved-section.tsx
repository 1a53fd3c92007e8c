// The saved queries shown on the catalog (all, by collection) and on a lookup's page (its own).
// A lookup's page shows nothing until one of its queries is saved, so a first visit stays uncluttered.
// On the catalog (holdPlace) the section sits above the filter: saved-place.tsx keeps its place.
import { Link } from 'react-router';
import type { LookupId } from '../../lookups/define-lookup.ts';
import { SavedNone, SavedPlace, SavedPlaceholder } from './saved-place.tsx';
import { SavedQueryList } from './saved-query-list.tsx';
import { useSavedQueries, type SavedList } from './use-saved-queries.ts';

interface SavedSectionProps {
  /** Only this lookup's queries; all of them, grouped by collection, without. */
  lookupId?: LookupId;
  title: string;
  /** With none saved, one line linking to the Saved page (to import) rather than nothing. */
  showWhenEmpty?: boolean;
  /** Hold the section's place while it loads (the last visit's height), and remember it for the next. */
  holdPlace?: boolean;
}

export function SavedSection({ holdPlace = false, ...props }: SavedSectionProps) {
  const mine = useSavedQueries(props.lookupId);
  if (!holdPlace) return <SavedSectionContent {...props} mine={mine} />;
  if (mine.status === 'loading') return <SavedPlaceholder />;
  if (mine.status === 'unavailable') return null;
  return (
    <SavedPlace count={mine.queries.length}>
      <SavedSectionContent {...props} mine={mine} />
    </SavedPlace>
  );
}

function SavedSectionContent({ lookupId, title, showWhenEmpty = false, mine }: SavedSectionProps & { mine: SavedList }) {
  const all = useSavedQueries();
  if (mine.status !== 'ready' || (mine.queries.length === 0 && !showWhenEmpty)) return null;
  if (mine.queries.length === 0) return <SavedNone />;
  return (
    <section className="saved-section" aria-labelledby={`saved-title-${lookupId ?? 'all'}`}>
      <div className="saved-collection-head">
        <h2 id={`saved-title-${lookupId ?? 'all'}`}>{title}</h2>
        <Link to="/saved">Manage, import and export</Link>
      </div>
      <SavedQueryList queries={mine.queries} all={all.status === 'ready' ? all.queries : mine.queries} grouped={!lookupId} showLookup={!lookupId} />
    </section>
  );
}

export default SavedSection;
