// The saved queries shown on the catalog (all, by collection) and on a lookup's page (its own).
// A lookup's page shows nothing until one of its queries is saved, so a first visit stays uncluttered.
import { Link } from 'react-router';
import type { LookupId } from '../../lookups/define-lookup.ts';
import { SavedQueryList } from './saved-query-list.tsx';
import { useSavedQueries } from './use-saved-queries.ts';

interface SavedSectionProps {
  /** Only this lookup's queries; all of them, grouped by collection, without. */
  lookupId?: LookupId;
  title: string;
  /** With none saved, one line linking to the Saved page (to import) rather than nothing. */
  showWhenEmpty?: boolean;
}

export function SavedSection({ lookupId, title, showWhenEmpty = false }: SavedSectionProps) {
  const mine = useSavedQueries(lookupId);
  const all = useSavedQueries();
  if (mine.status !== 'ready' || (mine.queries.length === 0 && !showWhenEmpty)) return null;
  if (mine.queries.length === 0) {
    return (
      <p className="muted saved-none">
        <Link to="/saved">Saved queries</Link>: none yet. Save one from a lookup’s page, or import a collection.
      </p>
    );
  }
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
