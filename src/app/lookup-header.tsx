import type { LookupDefinition, Operation } from '../lookups/define-lookup.ts';

export function LookupHeader({ lookup, operation }: { lookup: LookupDefinition; operation: Operation }) {
  const notes = [...(lookup.notes ?? []), ...(operation.notes ?? [])];
  return (
    <header className="lookup-header">
      <h1>
        <span className="letter" aria-hidden="true">
          {lookup.id}
        </span>
        <span className="visually-hidden">{lookup.id}. </span>
        {lookup.title}
      </h1>
      <p className="lede">{lookup.catalog.subject}</p>
      <p className="endpoint-line">
        <span className="badge">{operation.method}</span> <code>{operation.path}</code>
        <span className="catalog-inline">
          {lookup.catalog.coverage} · {lookup.catalog.price} · trial: {lookup.catalog.trial} · version: {lookup.catalog.version}
        </span>
      </p>
      {notes.length > 0 && (
        // Where the spec says "not shown", the definition records the choice made; users see it here.
        <details className="lookup-notes">
          <summary>Notes on this lookup ({notes.length})</summary>
          <ul>
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </details>
      )}
    </header>
  );
}
