// On a team server "Save query…" keeps the query on the server, not in this browser, so the
// catalog's and a lookup's saved-queries previews (IndexedDB) would never show it: this lists the
// user's most recent queries kept there, of the lookup on its page or of every lookup on the
// catalog, each opening through /shared/<id> as on the Saved page. Nothing shows on a single-user
// server, while /me is asked, or when the user keeps no query there: a first visit stays uncluttered.
import { useId } from 'react';
import { Link } from 'react-router';
import { useIdentity } from '../../api/identity-client.ts';
import { useRecentTeamQueries } from '../../api/team-items-client.ts';
import type { TeamItemSummary } from '../../lookups/team-wire.ts';
import { catalogEntryOf } from '../saved/use-saved-lookups.ts';
import { ItemLine } from './item-line.tsx';

/** How many of them a preview shows. */
export const TEAM_PREVIEW = 5;

export function TeamQueriesPreview({ lookupId }: { lookupId?: string }) {
  const id = useId();
  const identity = useIdentity();
  const recent = useRecentTeamQueries(lookupId, identity !== null);
  if (!identity || recent.isPending) return null;
  if (recent.isError)
    return (
      <p role="alert" className="saved-section">
        Your queries on the team server could not be listed: {recent.error.message}
      </p>
    );
  const { items, next } = recent.data;
  if (items.length === 0) return null;
  const shown = items.slice(0, TEAM_PREVIEW);
  const more = next !== undefined || items.length > shown.length;
  return (
    <section className="saved-section" aria-labelledby={id}>
      <div className="saved-collection-head">
        <h2 id={id}>Saved on the team server</h2>
        <Link to="/saved">Manage on the Saved page</Link>
      </div>
      <ul className="saved-list">
        {shown.map((item) => (
          <li key={item.id} className="saved-item">
            <TeamQueryRow item={item} showLookup={lookupId === undefined} />
          </li>
        ))}
      </ul>
      {more && (
        <p className="saved-more">
          The {shown.length} most recent. <Link to="/saved">All on the Saved page</Link>
        </p>
      )}
    </section>
  );
}

function TeamQueryRow({ item, showLookup }: { item: TeamItemSummary; showLookup: boolean }) {
  const lookup = showLookup && item.lookup ? catalogEntryOf(item.lookup) : undefined;
  return (
    <div className="saved-item-main">
      <ItemLine item={item} about={lookup ? ` · ${lookup.id}. ${lookup.title}` : ''} />
    </div>
  );
}
