// On a team server "Save query…" keeps the query on the server, not in this browser, so the
// catalog's and a lookup's saved-queries previews (IndexedDB) would never show it: this lists the
// saved queries kept there, of the lookup on its page or of every lookup on the catalog: the
// user's own most recent, and the most recent a colleague shared with the team. Each opens through
// /shared/<id> as on the Saved page. Nothing shows on a single-user server, while /me is asked, or
// when there is no such query: a first visit stays uncluttered.
import { useId } from 'react';
import { Link } from 'react-router';
import { useIdentity, type Identity } from '../../api/identity-client.ts';
import { useRecentTeamQueries } from '../../api/team-items-client.ts';
import type { TeamItemSummary } from '../../lookups/team-wire.ts';
import { catalogEntryOf } from '../saved/use-saved-lookups.ts';
import { ItemLine } from './item-line.tsx';

/** How many of each list a preview shows. */
export const TEAM_PREVIEW = 5;

export function TeamQueriesPreview({ lookupId }: { lookupId?: string }) {
  const identity = useIdentity();
  return identity ? <Lists identity={identity} {...(lookupId && { lookupId })} /> : null;
}

function Lists({ identity, lookupId }: { identity: Identity; lookupId?: string }) {
  const id = useId();
  // Asked only once /me named the user (Lists is not drawn before).
  const mine = useRecentTeamQueries('mine', lookupId);
  const team = useRecentTeamQueries('team', lookupId);
  const failed = mine.error ?? team.error;
  if (failed)
    return (
      <p role="alert" className="saved-section">
        The saved queries on the team server could not be listed: {failed.message}
      </p>
    );
  if (!mine.data || !team.data) return null;
  // The user's own shared queries are in the first list already.
  const colleagues = team.data.items.filter((item) => item.owner !== identity.user);
  if (mine.data.items.length === 0 && colleagues.length === 0) return null;
  return (
    <section className="saved-section" aria-labelledby={id}>
      <div className="saved-collection-head">
        <h2 id={id}>Saved on the team server</h2>
        <Link to="/saved">Manage on the Saved page</Link>
      </div>
      <QueryList heading="Yours" own items={mine.data.items} more={mine.data.next !== undefined} lookupId={lookupId} />
      <QueryList heading="Shared by your team" own={false} items={colleagues} more={team.data.next !== undefined} lookupId={lookupId} />
    </section>
  );
}

interface QueryListProps {
  heading: string;
  /** The user's own queries: their owner goes unsaid. */
  own: boolean;
  items: TeamItemSummary[];
  more: boolean;
  lookupId?: string | undefined;
}

function QueryList({ heading, own, items, more, lookupId }: QueryListProps) {
  const id = useId();
  if (items.length === 0) return null;
  const shown = items.slice(0, TEAM_PREVIEW);
  return (
    <section aria-labelledby={id} className="team-list">
      <h3 id={id}>{heading}</h3>
      <ul className="saved-list">
        {shown.map((item) => (
          <li key={item.id} className="saved-item">
            <div className="saved-item-main">
              <ItemLine item={item} about={about(item, own, lookupId === undefined)} />
            </div>
          </li>
        ))}
      </ul>
      {(more || items.length > shown.length) && (
        <p className="saved-more">
          The {shown.length} most recent. <Link to="/saved">All on the Saved page</Link>
        </p>
      )}
    </section>
  );
}

/** What a row says before who sees it: its lookup on the catalog, its owner when a colleague's. */
function about(item: TeamItemSummary, own: boolean, showLookup: boolean): string {
  const lookup = showLookup && item.lookup ? catalogEntryOf(item.lookup) : undefined;
  return `${lookup ? ` · ${lookup.id}. ${lookup.title}` : ''}${own ? '' : ` · by ${item.owner}`}`;
}
