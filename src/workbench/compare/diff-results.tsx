// What a comparison found: the counts, then the changed records with their field diffs, the
// added and the removed records (each list paged), or the whole-body diff of an answer without
// records.
import type { AnswerDiff, ChangedRecord, FieldChange, RecordEntry, RecordsDiff, StructureDiff } from './diff.ts';
import { shortValueText, valueText } from './format-value.ts';
import { Pager, usePage } from './pager.tsx';

const RECORDS_PER_PAGE = 25;
const ENTRIES_PER_PAGE = 50;
const CHANGES_PER_PAGE = 100;

const count = (value: number) => value.toLocaleString('en-US');

/** One line for the status region: what the comparison found. */
export function diffSentence(diff: AnswerDiff): string {
  if (diff.kind === 'structure') {
    const { added, removed, changed } = diff.counts;
    return diff.changes.length === 0
      ? 'Compared: the two bodies are the same.'
      : `Compared the whole bodies: ${count(added)} paths added, ${count(removed)} removed, ${count(changed)} changed.`;
  }
  const { added, removed, changed, unchanged } = diff.counts;
  return `Compared: ${count(added)} added, ${count(removed)} removed, ${count(changed)} changed, ${count(unchanged)} unchanged records.`;
}

function matchedText(diff: RecordsDiff): string {
  const by = diff.identity ? `their identity, ${diff.identity}` : 'their identity';
  const records = `${count(diff.beforeCount)} records before, ${count(diff.afterCount)} after.`;
  if (diff.matchedBy === 'identity') return `Records matched by ${by}. ${records}`;
  const content = 'matched by content: a record is the same only when all of its fields are, so an edited one shows as removed and added';
  if (diff.matchedBy === 'content')
    return `No record holds ${diff.identity ? `its identity (${diff.identity})` : 'an identity'}: records ${content}. ${records}`;
  return `Records matched by ${by}; ${count(diff.withoutIdentity)} without one were ${content}. ${records}`;
}

const MASKED_NOTE =
  'Both answers are masked: a pseudonym (“Person 7f3ak2m9x0qd”) stands for the same value in both, so a changed one is a real change; stand-ins numbered in this browser (“Person 1 (this answer)”) are numbered per answer, so two of the same kind count as unchanged.';

function Counts({ items }: { items: ReadonlyArray<readonly [string, number]> }) {
  return (
    <dl className="compare-counts">
      {items.map(([name, value]) => (
        <div key={name} className={`compare-count compare-count-${name.toLowerCase()}`}>
          <dt>{name}</dt>
          <dd>{count(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Value({ value }: { value: unknown }) {
  const text = valueText(value);
  const short = shortValueText(value);
  return (
    <code className={value === undefined ? 'compare-absent' : undefined} title={short === text ? undefined : text}>
      {short}
    </code>
  );
}

const kindText: Record<FieldChange['kind'], string> = { added: 'added', removed: 'removed', changed: 'changed' };

function ChangedRecords({ changed }: { changed: readonly ChangedRecord[] }) {
  const paging = usePage(changed, RECORDS_PER_PAGE);
  return (
    <section className="compare-section" aria-labelledby="compare-changed">
      <h2 id="compare-changed">Changed records ({count(changed.length)})</h2>
      {changed.length === 0 ? (
        <p className="empty">No record changed.</p>
      ) : (
        <>
          <Pager what="changed records" {...paging} shownCount={paging.shown.length} total={changed.length} />
          <div className="compare-table-wrap">
            <table className="compare-table">
              <thead>
                <tr>
                  <th scope="col">Record</th>
                  <th scope="col">Field</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              {paging.shown.map((record, index) => (
                // A repeated identity can change twice: the position keys it.
                <tbody key={paging.start + index}>
                  {record.fields.map((field, row) => (
                    <tr key={field.path}>
                      {row === 0 && (
                        <th scope="rowgroup" rowSpan={record.fields.length}>
                          {record.label}
                          {record.label !== record.key && <span className="compare-key"> {record.key}</span>}
                        </th>
                      )}
                      <td>
                        <code>{field.path || '(the record)'}</code>
                        {field.kind !== 'changed' && (
                          <span className={`compare-kind compare-kind-${field.kind}`}> {kindText[field.kind]}</span>
                        )}
                      </td>
                      <td>
                        <Value value={field.before} />
                      </td>
                      <td>
                        <Value value={field.after} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function EntryList({ id, title, entries }: { id: string; title: string; entries: readonly RecordEntry[] }) {
  const paging = usePage(entries, ENTRIES_PER_PAGE);
  return (
    <section className="compare-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} records ({count(entries.length)})
      </h2>
      {entries.length === 0 ? (
        <p className="empty">None.</p>
      ) : (
        <>
          <Pager what={`${title.toLowerCase()} records`} {...paging} shownCount={paging.shown.length} total={entries.length} />
          <ul className="compare-entries">
            {paging.shown.map((entry, index) => (
              <li key={`${paging.start + index}`}>
                <details>
                  <summary>
                    {entry.label}
                    {entry.key !== undefined && entry.key !== entry.label && <span className="compare-key"> {entry.key}</span>}
                  </summary>
                  <pre>{JSON.stringify(entry.record, null, 2)}</pre>
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function RecordsResults({ diff }: { diff: RecordsDiff }) {
  const { added, removed, changed, unchanged } = diff.counts;
  return (
    <>
      <section className="compare-section" aria-labelledby="compare-summary">
        <h2 id="compare-summary">Summary</h2>
        <Counts
          items={[
            ['Added', added],
            ['Removed', removed],
            ['Changed', changed],
            ['Unchanged', unchanged],
          ]}
        />
        <p className="compare-matched">{matchedText(diff)}</p>
        {diff.masked && <p className="compare-matched">{MASKED_NOTE}</p>}
      </section>
      <ChangedRecords changed={diff.changed} />
      <EntryList id="compare-added" title="Added" entries={diff.added} />
      <EntryList id="compare-removed" title="Removed" entries={diff.removed} />
    </>
  );
}

function StructureResults({ diff }: { diff: StructureDiff }) {
  const paging = usePage(diff.changes, CHANGES_PER_PAGE);
  return (
    <>
      <section className="compare-section" aria-labelledby="compare-summary">
        <h2 id="compare-summary">Summary</h2>
        <Counts
          items={[
            ['Added', diff.counts.added],
            ['Removed', diff.counts.removed],
            ['Changed', diff.counts.changed],
          ]}
        />
        <p className="compare-matched">These answers hold no records: their whole bodies are compared, path by path.</p>
        {diff.masked && <p className="compare-matched">{MASKED_NOTE}</p>}
      </section>
      <section className="compare-section" aria-labelledby="compare-structure">
        <h2 id="compare-structure">Differences ({count(diff.changes.length)})</h2>
        {diff.changes.length === 0 ? (
          <p className="empty">The two bodies are the same.</p>
        ) : (
          <>
            <Pager what="differences" {...paging} shownCount={paging.shown.length} total={diff.changes.length} />
            <div className="compare-table-wrap">
              <table className="compare-table">
                <thead>
                  <tr>
                    <th scope="col">Path</th>
                    <th scope="col">Change</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {paging.shown.map((change) => (
                    <tr key={change.path}>
                      <th scope="row">
                        <code>{change.path || '(the body)'}</code>
                      </th>
                      <td>{kindText[change.kind]}</td>
                      <td>
                        <Value value={change.before} />
                      </td>
                      <td>
                        <Value value={change.after} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </>
  );
}

export function DiffResults({ diff }: { diff: AnswerDiff }) {
  return diff.kind === 'records' ? <RecordsResults diff={diff} /> : <StructureResults diff={diff} />;
}
