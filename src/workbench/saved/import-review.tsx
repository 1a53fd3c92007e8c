// Importing a file: a collections file or a Postman collection. A refused file says why (the line
// and column, or the field and reason); a read one imports what is new at once, lists what it
// could not take and why, and asks about each query that collides with a saved one (keep both,
// replace, skip) before writing anything over it. The file is read in a worker (import-client.ts),
// so a large one never freezes the page; one over the cap (import-limits.ts) is refused whole.
import { useState } from 'react';
import type { ReadFile } from './collection-file.ts';
import { planImport, resolveImport, type ConflictChoice, type ImportPlan } from './import-plan.ts';
import { readImportInBackground } from './import-client.ts';
import { MAX_IMPORT_ENTRIES } from './import-limits.ts';
import { listSavedQueries, putSavedQueries, type SavedQuery } from './saved-store.ts';
import { quoted } from './saved-names.ts';
import { planSqlImport, putSavedSql, readSavedSql } from './saved-sql.ts';

type Review =
  | { step: 'idle' }
  | { step: 'reading'; file: string }
  | { step: 'refused'; file: string; message: string }
  | {
      step: 'conflicts';
      file: string;
      read: Extract<ReadFile, { ok: true }>;
      plan: ImportPlan;
      saved: SavedQuery[];
      choices: Record<string, ConflictChoice>;
      rest: ConflictChoice;
    }
  | {
      step: 'done';
      file: string;
      kind: string;
      imported: number;
      unchanged: number;
      skippedConflicts: number;
      /** Saved SQL queries the file brought (kept beside any saved one they collide with), and those already saved so. */
      sql: { imported: number; unchanged: number };
      rejected: Extract<ReadFile, { ok: true }>['rejected'];
    };

/** How many of the entries a file could not give are listed by name (the rest are counted). */
const REJECTED_SHOWN = 100;
/** How many collisions are asked about one by one; one choice settles the rest (a file may bring thousands). */
const CONFLICTS_SHOWN = 50;

const CHOICES: Array<[ConflictChoice, string]> = [
  ['keep-both', 'Keep both'],
  ['replace', 'Replace the saved one'],
  ['skip', 'Skip'],
];

export function ImportReview() {
  const [review, setReview] = useState<Review>({ step: 'idle' });

  async function importFile(file: File) {
    setReview({ step: 'reading', file: file.name });
    const read = await readImportInBackground(file);
    if (!read.ok) {
      setReview({ step: 'refused', file: file.name, message: read.message });
      return;
    }
    const saved = await listSavedQueries();
    const plan = planImport(read.queries, saved);
    if (plan.conflicts.length > 0) {
      setReview({
        step: 'conflicts',
        file: file.name,
        read,
        plan,
        saved,
        choices: Object.fromEntries(plan.conflicts.map(({ incoming }) => [incoming.id, 'skip'])),
        rest: 'skip',
      });
      return;
    }
    await apply(file.name, read, plan, saved, {});
  }

  async function apply(
    file: string,
    read: Extract<ReadFile, { ok: true }>,
    plan: ImportPlan,
    saved: SavedQuery[],
    choices: Record<string, ConflictChoice>,
  ) {
    const write = resolveImport(plan, choices, saved);
    await putSavedQueries(write.put, write.remove);
    const sqlPlan = planSqlImport(read.sql ?? [], readSavedSql());
    putSavedSql(sqlPlan.put);
    const skippedConflicts = plan.conflicts.filter(({ incoming }) => (choices[incoming.id] ?? 'skip') === 'skip').length;
    setReview({
      step: 'done',
      file,
      kind: read.kind,
      imported: write.put.length,
      unchanged: plan.unchanged.length,
      skippedConflicts,
      sql: { imported: sqlPlan.put.length, unchanged: sqlPlan.unchanged },
      rejected: read.rejected,
    });
  }

  return (
    <div className="saved-import">
      <label htmlFor="saved-import-file">Import a collections file or a Postman collection</label>
      <p id="saved-import-hint" className="muted saved-import-hint">
        Up to {MAX_IMPORT_ENTRIES.toLocaleString('en-US')} queries per file.
      </p>
      <input
        id="saved-import-file"
        type="file"
        aria-describedby="saved-import-hint"
        accept=".json,application/json"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      {review.step === 'reading' && <p role="status">Reading {quoted(review.file)}…</p>}
      {review.step === 'refused' && (
        <p className="saved-refused" role="alert">
          {quoted(review.file)} was not imported. {review.message}
        </p>
      )}
      {review.step === 'conflicts' && (
        <form
          className="saved-conflicts"
          aria-label="Resolve import conflicts"
          onSubmit={(event) => {
            event.preventDefault();
            void apply(review.file, review.read, review.plan, review.saved, review.choices);
          }}
        >
          <p role="status">
            {review.plan.conflicts.length === 1 ? 'One query' : `${review.plan.conflicts.length} queries`} in {quoted(review.file)} collide
            with saved ones. Nothing is written until you choose
            {review.plan.fresh.length > 0 && `; ${review.plan.fresh.length} new ones will be imported too`}.
          </p>
          {review.plan.conflicts.slice(0, CONFLICTS_SHOWN).map(({ incoming, existing }) => (
            <fieldset key={incoming.id}>
              <legend>
                {quoted(incoming.name)} in {quoted(incoming.collection)} — collides with{' '}
                {existing.map((query) => `${quoted(query.name)} in ${quoted(query.collection)}`).join(' and ')}
                {existing.some((query) => query.id === incoming.id) ? ' (same id)' : ' (same name)'}
              </legend>
              {CHOICES.map(([choice, label]) => (
                <label key={choice} className="saved-choice">
                  <input
                    type="radio"
                    name={`conflict-${incoming.id}`}
                    value={choice}
                    checked={review.choices[incoming.id] === choice}
                    onChange={() => setReview({ ...review, choices: { ...review.choices, [incoming.id]: choice } })}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
          ))}
          {review.plan.conflicts.length > CONFLICTS_SHOWN && (
            <fieldset>
              <legend>The other {review.plan.conflicts.length - CONFLICTS_SHOWN} collisions</legend>
              {CHOICES.map(([choice, label]) => (
                <label key={choice} className="saved-choice">
                  <input
                    type="radio"
                    name="conflict-rest"
                    value={choice}
                    checked={review.rest === choice}
                    onChange={() => {
                      const rest = review.plan.conflicts.slice(CONFLICTS_SHOWN).map(({ incoming }) => [incoming.id, choice]);
                      setReview({ ...review, rest: choice, choices: { ...review.choices, ...Object.fromEntries(rest) } });
                    }}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
          )}
          <div className="saved-dialog-actions">
            <button type="submit" className="primary">
              Import
            </button>
            <button type="button" onClick={() => setReview({ step: 'idle' })}>
              Cancel import
            </button>
          </div>
        </form>
      )}
      {review.step === 'done' && (
        <div className="saved-import-report" role="status">
          <p>
            Imported {review.imported} {review.imported === 1 ? 'query' : 'queries'} from the {review.kind} {quoted(review.file)}
            {review.unchanged > 0 && `; ${review.unchanged} already saved`}
            {review.skippedConflicts > 0 && `; ${review.skippedConflicts} skipped at your choice`}.
          </p>
          {review.sql.imported + review.sql.unchanged > 0 && (
            <p>
              Imported {review.sql.imported} SQL {review.sql.imported === 1 ? 'query' : 'queries'}
              {review.sql.unchanged > 0 && `; ${review.sql.unchanged} already saved`}.
            </p>
          )}
          {review.rejected.length > 0 && (
            <>
              <p>
                {review.rejected.length} {review.rejected.length === 1 ? 'entry was' : 'entries were'} not imported:
              </p>
              <ul className="saved-rejected">
                {review.rejected.slice(0, REJECTED_SHOWN).map((entry) => (
                  <li key={entry.where}>
                    <code>{entry.where}</code>
                    {entry.name && ` ${quoted(entry.name)}`}: {entry.reason}
                  </li>
                ))}
              </ul>
              {review.rejected.length > REJECTED_SHOWN && <p>…and {review.rejected.length - REJECTED_SHOWN} more.</p>}
            </>
          )}
        </div>
      )}
    </div>
  );
}
