// /saved: every saved query by collection, with import, export and clearing (workbench/saved).
import { CollectionsManager } from '../workbench/saved/collections-manager.tsx';
import { useDocumentTitle } from './use-document-title.ts';
import { QueryScope } from './query-scope.tsx';

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
        <CollectionsManager />
      </QueryScope>
    </section>
  );
}
