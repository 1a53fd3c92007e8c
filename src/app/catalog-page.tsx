import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { catalogEntries } from 'virtual:lookup-catalog';
import { filterCatalog, type SearchFields } from './catalog-filter.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { SavedPlaceholder } from '../workbench/saved/saved-place.tsx';

// Saved queries (IndexedDB, the list and its dialogs) are their own chunk: the catalog's first load
// stays small. They read the server's configuration, so they come in the app's query scope.
const SavedSection = lazy(async () => {
  const [{ default: Section }, { QueryScope }] = await Promise.all([
    import('../workbench/saved/saved-section.tsx'),
    import('./query-scope.tsx'),
  ]);
  return {
    default: (props: ComponentProps<typeof Section>) => (
      <QueryScope>
        <Section {...props} />
      </QueryScope>
    ),
  };
});

/**
 * The lookups' field names and methods, loaded on their own once there is a query (a lazy chunk
 * made from the definitions at build time), so the first page does not carry them; until they
 * arrive, or if they never do, the search works without them.
 */
function useSearchFields(searching: boolean): SearchFields | undefined {
  const [fields, setFields] = useState<SearchFields>();
  useEffect(() => {
    if (searching && !fields)
      import('virtual:lookup-search-fields').then(
        (module) => setFields(module.searchFields),
        () => undefined,
      );
  }, [searching, fields]);
  return fields;
}

export function CatalogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const shown = filterCatalog(catalogEntries, query, useSearchFields(query.trim() !== ''));
  const navigate = useNavigate();
  const first = query.trim() ? shown[0] : undefined;
  useDocumentTitle('Catalog');

  return (
    <section className="catalog" aria-labelledby="catalog-title">
      <h1 id="catalog-title">Lookup catalog</h1>
      <p className="lede">
        {catalogEntries.length} read-only data lookups. Pick one to build a request, send it through the key-holding proxy and explore the
        answer.
      </p>
      {/* Its place is held until it arrives, so the filter below does not move. */}
      <Suspense fallback={<SavedPlaceholder />}>
        <SavedSection title="Saved queries" showWhenEmpty holdPlace />
      </Suspense>
      <div className="catalog-filter">
        <label htmlFor="catalog-filter">Filter lookups</label>
        <input
          id="catalog-filter"
          type="search"
          value={query}
          placeholder="e.g. map, police, exchange rate, free…"
          onChange={(event) => setSearchParams(event.target.value ? { q: event.target.value } : {}, { replace: true })}
          onKeyDown={(event) => {
            // Enter opens the first match, as a search box that has narrowed to one result should.
            if (event.key !== 'Enter' || event.nativeEvent.isComposing || !first) return;
            event.preventDefault();
            void navigate(`/lookups/${first.slug}`);
          }}
          aria-describedby="catalog-count"
        />
        <span id="catalog-count" role="status">
          {shown.length} of {catalogEntries.length} lookups
          {first && ` · Enter opens ${first.id}. ${first.title}`}
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="empty">No lookup matches “{query}”.</p>
      ) : (
        <ul className="catalog-list">
          {shown.map((lookup) => (
            <li key={lookup.id} className="catalog-card">
              <h2>
                <span className="letter" aria-hidden="true">
                  {lookup.id}
                </span>
                {/* The name holds the letter the badge shows, e.g. "B. EV charging stations". */}
                <Link to={`/lookups/${lookup.slug}`} aria-label={`${lookup.id}. ${lookup.title}`}>
                  {lookup.title}
                </Link>
              </h2>
              <p>{lookup.catalog.subject}</p>
              <dl className="facts">
                <div>
                  <dt>Coverage</dt>
                  <dd>{lookup.catalog.coverage}</dd>
                </div>
                <div>
                  <dt>Price</dt>
                  <dd>{lookup.catalog.price}</dd>
                </div>
                <div>
                  <dt>Trial</dt>
                  <dd>{lookup.catalog.trial}</dd>
                </div>
                <div>
                  <dt>Version</dt>
                  <dd>{lookup.catalog.version}</dd>
                </div>
              </dl>
              <p className="endpoint">
                {lookup.operations.map((operation) => (
                  <code key={operation.id}>
                    {operation.method} {operation.path}
                  </code>
                ))}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
