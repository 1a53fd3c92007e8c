// The saved SQL queries on the Saved page, by collection beside the lookup queries: each opens
// /sql with its query, and can be deleted. They travel in the collections file; the Postman and
// Bruno exports skip them (those tools call lookups; SQL runs in this app only), and say so.
import { Link } from 'react-router';
import { deleteSavedSql, type SavedSql } from './saved-sql.ts';
import { quoted } from './saved-names.ts';

const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

/** The /sql page with this query in its box. */
export function savedSqlHref(saved: Pick<SavedSql, 'sql'>): string {
  return `/sql?${new URLSearchParams({ sql: saved.sql })}`;
}

/** Saved SQL queries grouped by collection, collections and names in order. */
export function groupSavedSql(saved: readonly SavedSql[]): Array<[string, SavedSql[]]> {
  const groups = new Map<string, SavedSql[]>();
  for (const entry of [...saved].sort((a, b) => collator.compare(a.name, b.name)))
    groups.set(entry.collection, [...(groups.get(entry.collection) ?? []), entry]);
  return [...groups].sort(([a], [b]) => collator.compare(a, b));
}

export function SavedSqlList({ saved }: { saved: readonly SavedSql[] }) {
  if (saved.length === 0) return null;
  return (
    <section className="saved-sql" aria-labelledby="saved-sql-title">
      <h2 id="saved-sql-title">SQL queries</h2>
      <p className="muted">
        Saved on the <Link to="/sql">SQL page</Link>. They are exported and imported with the collections file; the Postman and Bruno
        exports leave them out, as those tools cannot run them.
      </p>
      {groupSavedSql(saved).map(([collection, entries]) => (
        <section key={collection} className="saved-collection" aria-label={`SQL queries in collection ${collection}`}>
          <h3>{collection}</h3>
          <ul className="saved-list">
            {entries.map((entry) => (
              <li key={entry.id} className="saved-item">
                <div className="saved-item-main">
                  <Link to={savedSqlHref(entry)} className="saved-name">
                    {entry.name}
                  </Link>
                  <span className="muted"> · SQL</span>
                  <code className="saved-values">{entry.sql}</code>
                </div>
                <div className="saved-item-actions">
                  <button type="button" aria-label={`Delete ${quoted(entry.name)}`} onClick={() => deleteSavedSql(entry.id)}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
