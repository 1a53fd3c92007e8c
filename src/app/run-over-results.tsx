// "Run over these results": from an answer (its filtered records), a bulk run of a linked lookup
// with the columns already mapped. The rows go to the target's bulk page through a hand-over in
// sessionStorage; each keeps the source record's identity beside the result.
import { Link, useNavigate } from 'react-router';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import { plural } from '../lookups/adapters.ts';
import { linksFrom } from '../lookups/links.ts';
import { handOverRows, rowsFromRecords } from '../workbench/bulk/rows-handover.ts';
import { MAX_ROWS } from '../workbench/bulk/limits.ts';
import { lookupPath } from './look-up-menu.tsx';

/** Whether this operation's answer can anchor a dossier: one of its links reads a field of the record (D's recordid, zip code). */
function anchorsDossier(lookup: AnyLookup, operation: AnyOperation): boolean {
  return (
    operation === lookup.operations[0] &&
    linksFrom(lookup.id, operation.id).some((link) => Object.values(link.fill).some((fill) => 'field' in fill))
  );
}

export function RunOverResults({
  lookup,
  operation,
  records,
  search,
}: {
  lookup: AnyLookup;
  operation: AnyOperation;
  records: readonly unknown[];
  search: string;
}) {
  const navigate = useNavigate();
  const links = linksFrom(lookup.id, operation.id);
  if (links.length === 0 || records.length === 0) return null;
  const count = `${records.length.toLocaleString('en-US')} ${records.length === 1 ? 'record' : 'records'}`;
  const dossier = anchorsDossier(lookup, operation) ? `/dossier?from=${lookup.slug}&${new URLSearchParams(search).toString()}` : undefined;
  return (
    <>
      {dossier && (
        <p>
          <Link to={dossier}>Place dossier around this answer’s record</Link>
        </p>
      )}
      <details className="look-up-menu run-over-results">
        <summary>Run over these results…</summary>
        <p className="bulk-help">
          Runs a linked lookup once per record shown ({count}, the table’s filters applied), with its parameters taken from each record.
        </p>
        <ul aria-label="Run over these results">
          {links.map((link) => (
            <li key={`${link.to}-${link.label}`}>
              <button
                type="button"
                disabled={records.length > MAX_ROWS}
                onClick={() => {
                  const { rows } = rowsFromRecords(link, operation, records);
                  handOverRows(link.to, rows, `${lookup.id} answer (${operation.id}), ${plural(rows.length, 'row')}`);
                  const op = link.toOperation ? `?${new URLSearchParams({ op: link.toOperation })}` : '';
                  void navigate(`${lookupPath(link.to)}/bulk${op}`);
                }}
              >
                {link.to}. {link.label}
              </button>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
