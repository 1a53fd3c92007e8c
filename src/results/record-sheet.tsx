// One record read as a vertical field/value sheet: what a one-record answer (a company, a
// property) is, instead of a one-row table a hundred columns wide. Every field is listed, nested
// objects as dot paths, arrays as compact JSON, and long values wrap: nothing is cut off.
import { useMemo } from 'react';
import { cellText, flattenRecord } from './table/flatten-records.ts';
import { RecordActions } from './record-actions.tsx';

interface RecordSheetProps {
  record: unknown;
  /** Names the sheet for assistive technology, e.g. "Record 1". */
  label: string;
}

export function RecordSheet({ record, label }: RecordSheetProps) {
  const fields = useMemo(() => Object.entries(flattenRecord(record, { nested: 'json' })), [record]);
  return (
    <div className="record-sheet">
      <RecordActions record={record} />
      <table aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {fields.map(([field, value]) => (
            <tr key={field}>
              <th scope="row">{field}</th>
              <td>{value === null ? <span className="muted">null</span> : cellText(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
