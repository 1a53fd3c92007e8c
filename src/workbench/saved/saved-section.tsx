// The saved queries shown on the catalog (the most recent few of all, by collection) and on a
// lookup's page (the most recent few of its own), each with "All N saved" to the Saved page when
// there are more: a browser may hold 100,000, and these pages read only the few they show and a count.
// A lookup's page shows nothing until one of its queries is saved, so a first visit stays uncluttered.
// On the catalog (holdPlace) the section sits above the filter: saved-place.tsx keeps its place.
// On a team server the queries kept on the server follow (team-queries-preview.tsx), and the
// catalog's "none yet" line is left out: saving keeps them there, not here.
import { Link } from 'react-router';
import { useIdentity } from '../../api/identity-client.ts';
import type { LookupId } from '../../lookups/define-lookup.ts';
import { TeamQueriesPreview } from '../team/team-queries-preview.tsx';
import { SavedNone, SavedPlace, SavedPlaceholder } from './saved-place.tsx';
import { SavedQueryList } from './saved-query-list.tsx';
import { useRecentSaved, type RecentSaved } from './use-saved-queries.ts';

/** How many saved queries the catalog and a lookup page show. */
export const SAVED_PREVIEW = 5;

const count = new Intl.NumberFormat('en-US');

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
  const recent = useRecentSaved(SAVED_PREVIEW, props.lookupId);
  const onTeamServer = useIdentity() !== null;
  const showWhenEmpty = props.showWhenEmpty === true && !onTeamServer;
  const team = <TeamQueriesPreview {...(props.lookupId && { lookupId: props.lookupId })} />;
  if (!holdPlace)
    return (
      <>
        <SavedSectionContent {...props} showWhenEmpty={showWhenEmpty} recent={recent} />
        {team}
      </>
    );
  if (recent.status === 'loading') return <SavedPlaceholder />;
  if (recent.status === 'unavailable') return team;
  return (
    <>
      <SavedPlace count={recent.queries.length}>
        <SavedSectionContent {...props} showWhenEmpty={showWhenEmpty} recent={recent} />
      </SavedPlace>
      {team}
    </>
  );
}

function SavedSectionContent({ lookupId, title, showWhenEmpty = false, recent }: SavedSectionProps & { recent: RecentSaved }) {
  if (recent.status !== 'ready' || (recent.total === 0 && !showWhenEmpty)) return null;
  if (recent.total === 0) return <SavedNone />;
  const more = recent.total > recent.queries.length;
  return (
    <section className="saved-section" aria-labelledby={`saved-title-${lookupId ?? 'all'}`}>
      <div className="saved-collection-head">
        <h2 id={`saved-title-${lookupId ?? 'all'}`}>{title}</h2>
        <Link to="/saved">Manage, import and export</Link>
      </div>
      <SavedQueryList queries={recent.queries} grouped={!lookupId} showLookup={!lookupId} />
      {more && (
        <p className="saved-more">
          The {recent.queries.length} most recent. <Link to="/saved">All {count.format(recent.total)} saved</Link>
        </p>
      )}
    </section>
  );
}

export default SavedSection;
