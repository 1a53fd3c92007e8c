import { useEffect, useState } from 'react';
import { plural } from '../../lookups/adapters.ts';
import type { LookupId, Operation } from '../../lookups/define-lookup.ts';
import type { FormValues } from '../../form/form-values.ts';
import { BulkInput, type ReadFile } from './bulk-input.tsx';
import { ConcurrencyInput } from './concurrency-input.tsx';
import { queriesWords } from './run-words.ts';
import { type ColumnMapping, matchColumns } from './column-mapping.ts';
import { MappingPanel } from './mapping-panel.tsx';
import type { MergeClient } from './merge-client.ts';
import { RowProblems } from './row-problems.tsx';
import { clampConcurrency, DEFAULT_CONCURRENCY } from './runner.ts';
import type { Job } from './validate-rows.ts';
import { useRowCheck } from './use-row-check.ts';
import type { NewRun } from './use-bulk-run.ts';
import { forgetHandedRows, readHandedRows } from './rows-handover.ts';

interface BulkSetupProps {
  lookupId: LookupId;
  operation: Operation;
  /** The form's values: constants for the parameters no column feeds. */
  formValues: FormValues;
  mask: boolean;
  merger: MergeClient;
  onStart: (run: NewRun, jobs: readonly Job[]) => void;
  /** Given (a team server that runs jobs): the rows are sent to the server instead, and the run outlives this tab. */
  onRunOnServer?: ((jobs: readonly Job[], concurrency: number) => void) | undefined;
}

/** A new run: the input, the mapping, every row checked, then Start (only with valid rows to send). */
export function BulkSetup({ lookupId, operation, formValues, mask, merger, onStart, onRunOnServer }: BulkSetupProps) {
  const [handed] = useState(() => readHandedRows(lookupId));
  const [file, setFile] = useState<ReadFile | undefined>(() =>
    handed?.table ? { fileName: handed.fileName, text: handed.text, table: handed.table } : undefined,
  );
  const [mapping, setMapping] = useState<ColumnMapping>(() => (handed?.table ? matchColumns(operation, handed.table.columns) : {}));
  const [constants, setConstants] = useState<FormValues>(formValues);
  const [concurrency, setConcurrency] = useState(DEFAULT_CONCURRENCY);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const { check, checking } = useRowCheck(operation, file?.table.rows, mapping, constants);
  // A check of an earlier mapping stays in view while the new one runs, but cannot be started.
  const blocked = !check || checking !== undefined || check.jobs.length === 0 || (check.invalid.length > 0 && !skipInvalid);

  function read(next: ReadFile | undefined) {
    setFile(next);
    setSkipInvalid(false);
    if (next) setMapping(matchColumns(operation, next.table.columns));
  }

  // Rows handed over by "Run over these results" stand in for a file; forgotten once read.
  useEffect(() => {
    if (handed) forgetHandedRows(lookupId);
  }, [handed, lookupId]);

  return (
    <div className="bulk-setup">
      {handed && (
        <p className="bulk-help">
          {handed.table
            ? `Rows from ${handed.fileName}: the parameters are mapped from each record, and source_lookup and source_record keep which record each result answers.`
            : handed.message}
        </p>
      )}
      <BulkInput merger={merger} onRead={read} />
      {file && (
        <>
          <p role="status">
            {file.fileName}: {plural(file.table.rows.length, 'row')}, columns {file.table.columns.join(', ')}.
            {checking &&
              ` Checking rows: ${checking.checked.toLocaleString('en-US')} of ${file.table.rows.length.toLocaleString('en-US')}…`}
          </p>
          <MappingPanel
            operation={operation}
            columns={file.table.columns}
            mapping={mapping}
            onMappingChange={setMapping}
            constants={constants}
            onConstantsChange={setConstants}
          />
          {check && (
            <>
              <RowProblems check={check} />
              <p>
                {queriesWords(check.jobs.length)} to send
                {check.duplicates > 0 &&
                  ` (${check.duplicates === 1 ? 'a duplicate row is' : `${check.duplicates.toLocaleString('en-US')} duplicate rows are`} not sent again)`}
                .
              </p>
              {check.invalid.length > 0 && (
                <label>
                  <input type="checkbox" checked={skipInvalid} onChange={(event) => setSkipInvalid(event.target.checked)} /> Skip the{' '}
                  {check.invalid.length === 1 ? 'invalid row' : `${check.invalid.length} invalid rows`} and send the others
                </label>
              )}
              <div className="bulk-controls">
                <ConcurrencyInput value={concurrency} onText={(text) => setConcurrency(clampConcurrency(Number(text)))} />
                <button
                  type="button"
                  className="primary"
                  disabled={blocked}
                  onClick={() =>
                    onStart(
                      {
                        fileName: file.fileName,
                        inputText: file.text,
                        columns: file.table.columns,
                        mapping,
                        constants,
                        concurrency,
                        mask,
                        skippedInvalid: check.invalid.length,
                        duplicates: check.duplicates,
                      },
                      check.jobs,
                    )
                  }
                >
                  Start run
                </button>
                {onRunOnServer && (
                  <button type="button" disabled={blocked} onClick={() => onRunOnServer(check.jobs, concurrency)}>
                    Run on the server
                  </button>
                )}
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
