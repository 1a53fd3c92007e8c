// One workspace item as the Saved page's Team section and the saved-queries previews show it: its
// title, opening it through /shared/<id>, then what the list says of it, who sees it and when it
// last changed.
import { Link } from 'react-router';
import { sharedItemUrl, type TeamItemSummary } from '../../lookups/team-wire.ts';
import { formatSentAt } from '../history/history-format.ts';

/** `about`: what comes before who sees it, e.g. " · Saved query · by alice" (empty for nothing). */
export function ItemLine({ item, about }: { item: TeamItemSummary; about: string }) {
  return (
    <>
      <Link to={sharedItemUrl(item.id)} className="saved-name">
        {item.title}
      </Link>
      <span className="muted">
        {about}
        {item.visibility === 'private' ? ' · only you' : ' · team'} · changed{' '}
        <time dateTime={item.updatedAt}>{formatSentAt(Date.parse(item.updatedAt))}</time>
      </span>
    </>
  );
}
