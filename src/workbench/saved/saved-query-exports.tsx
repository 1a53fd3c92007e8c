// One saved query's exports: curl against this server's proxy or the upstream (the key as
// `<API_KEY>`, where the server says it travels), a Bruno file and a one-item Postman collection.
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import { useKeyPlacement } from '../../api/lookup-config.ts';
import { CopyButton } from '../../results/copy-button.tsx';
import { downloadText } from '../../results/download.ts';
import type { SavedQuery } from './saved-store.ts';
import { fileStem, savedCurl, writeBruFile, writePostmanCollection } from './saved-export.ts';
import { quoted } from './saved-names.ts';

export function SavedQueryExports({ query, lookup }: { query: SavedQuery; lookup: AnyLookup }) {
  const { placement } = useKeyPlacement(lookup);
  const origin = window.location.origin;
  return (
    <details className="saved-exports">
      <summary>
        Export<span className="visually-hidden"> {quoted(query.name)}</span>
      </summary>
      <div className="saved-export-actions">
        <CopyButton label="Copy curl (this server’s proxy)" text={() => savedCurl(query, lookup, { proxyOrigin: origin }) ?? ''} />
        <CopyButton label="Copy curl (upstream, <API_KEY>)" text={() => savedCurl(query, lookup, { upstream: placement }) ?? ''} />
        <button type="button" onClick={() => downloadText(`${fileStem(query.name)}.bru`, writeBruFile(query, lookup) ?? '', 'text/plain')}>
          Download Bruno file (.bru)
        </button>
        <button
          type="button"
          onClick={() =>
            downloadText(
              `${fileStem(query.name)}.postman_collection.json`,
              `${JSON.stringify(writePostmanCollection(query.name, [query], () => lookup, origin).collection, null, 2)}\n`,
              'application/json',
            )
          }
        >
          Download Postman collection
        </button>
      </div>
    </details>
  );
}
