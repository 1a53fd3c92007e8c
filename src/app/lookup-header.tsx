import type { LookupDefinition, Operation } from '../lookups/define-lookup.ts';

export function LookupHeader({ lookup, operation }: { lookup: LookupDefinition; operation: Operation }) {
  return (
    <header className="lookup-header">
      <h1>
        <span className="letter" aria-hidden="true">{lookup.id}</span>
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
    </header>
  );
}
