// /saved: every saved query by collection, with import, export and clearing (workbench/saved).
import { lazy, Suspense } from 'react';
import { useIdentity } from '../api/identity-client.ts';
import { CollectionsManager } from '../workbench/saved/collections-manager.tsx';
import { useDocumentTitle } from './use-document-title.ts';
import { QueryScope } from './query-scope.tsx';

// The team's items, on a team server only: their code loads when /me has said who is signed in.
const TeamSection = lazy(async () => ({ default: (await import('../workbench/team/team-section.tsx')).TeamSection }));

export function SavedPage() {
  useDocumentTitle('Saved queries');
  return (
    <section className="saved-page" aria-labelledby="saved-page-title">
      <h1 id="saved-page-title">Saved queries and collections</h1>
      <p className="lede">
        Queries you named and saved in this browser, by collection. Export them as a collections file (to import in another browser), as a
        Postman collection or a Bruno collection (all at once or one collection at a time), or per query as curl or a Bruno file; import a
        collections file or a Postman collection.
      </p>
      <QueryScope>
        <TeamPart />
        <CollectionsManager />
      </QueryScope>
    </section>
  );
}

function TeamPart() {
  const identity = useIdentity();
  if (!identity) return null;
  return (
    <Suspense fallback={<p role="status">Loading the team’s items…</p>}>
      <TeamSection identity={identity} />
    </Suspense>
  );
}
