// An answer's SQL tab: its records are the table `answer`, flattened as the table flattens them
// (nested values as JSON) and typed, and the query travels in the page's URL (`view=sql&sql=…`).
// Loaded lazily by the lookup page, so the engine is fetched only when the tab opens.
import { useCallback, useEffect, useMemo } from 'react';
import { flattenRecords } from '../results/table-api.ts';
import type { SqlSlotProps } from '../results/slots.ts';
import { columnTypeOf } from './arrow-columns.ts';
import { SqlWorkspace } from './sql-workspace.tsx';
import { ANSWER_TABLE } from './table-names.ts';
import { dropUnmaskedTables, ensureTables } from './table-registry.ts';

export default function SqlTab({ records, unmasked, maskingOn, sql, onSqlChange, fileStem, partial, renderMap }: SqlSlotProps) {
  const flat = useMemo(() => flattenRecords(records, { nested: 'json' }), [records]);
  const columns = useMemo(() => flat.columns.map((column) => ({ column, type: columnTypeOf(flat.rows, column) })), [flat]);
  useEffect(() => {
    if (maskingOn) void dropUnmaskedTables();
  }, [maskingOn]);
  const prepare = useCallback(() => ensureTables([{ name: ANSWER_TABLE, key: flat, unmasked, rows: () => flat }]), [flat, unmasked]);

  return (
    <div className="sql-tab">
      {partial}
      <details className="sql-columns">
        <summary>
          Table <code>{ANSWER_TABLE}</code>: {flat.rows.length.toLocaleString('en-US')} rows, {columns.length} columns
        </summary>
        <p>
          {columns.map(({ column, type }) => (
            <code key={column} title={type}>
              {column} <small>{type}</small>
            </code>
          ))}
        </p>
      </details>
      <SqlWorkspace
        sql={sql ?? ''}
        onCommit={onSqlChange}
        prepare={prepare}
        tablesKey={flat}
        fileStem={`${fileStem}-sql`}
        placeholder={`select * from ${ANSWER_TABLE} limit 100`}
        renderMap={renderMap}
      />
    </div>
  );
}
