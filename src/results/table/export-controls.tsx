import { useId } from 'react';
import { downloadText } from '../download.ts';
import { NESTED_VALUES_RULE, recordsToCsv } from '../export/csv.ts';
import { recordsToJson } from '../export/json.ts';
import type { ExportChoice } from './use-table-model.ts';
import './export-menu.css';

interface ExportControlsProps {
  /** The interpreter's records (masked when masking is on): what every export writes. */
  records: readonly unknown[];
  columnCount: number;
  visibleColumns: readonly string[];
  /** Indices of the records shown, in the table's current sort order. */
  order: readonly number[];
  /** Indices the table's filters let through, in the answer's order; undefined when nothing is filtered. */
  filtered: readonly number[] | undefined;
  sorted: boolean;
  choice: ExportChoice;
  onChoose: (change: Partial<ExportChoice>) => void;
  fileStem: string;
}

/**
 * The CSV and JSON buttons and the choices behind them; the defaults write every record and
 * column. Under a filter they write the filtered records only, and the file name says so.
 */
export function ExportControls({ records, columnCount, visibleColumns, order, filtered, sorted, choice, onChoose, fileStem }: ExportControlsProps) {
  const name = useId();
  const rowOrder = choice.sorted && sorted ? order : filtered;
  const stem = filtered ? `${fileStem}-filtered` : fileStem;
  const exportCsv = () =>
    downloadText(
      `${stem}.csv`,
      recordsToCsv(records, { columns: choice.visibleOnly ? visibleColumns : undefined, order: rowOrder, bom: choice.bom }),
      'text/csv;charset=utf-8',
    );
  const exportJson = () => downloadText(`${stem}.json`, recordsToJson(records, { order: rowOrder }), 'application/json');

  return (
    <>
      <button type="button" onClick={exportCsv}>
        Export CSV{filtered && ' (filtered)'}
      </button>
      <button type="button" onClick={exportJson}>
        Export JSON{filtered && ' (filtered)'}
      </button>
      <details className="export-menu">
        <summary>Export options</summary>
        <div className="export-menu-panel">
          {filtered && (
            <p className="export-filtered">
              Exports the {filtered.length.toLocaleString('en-US')} filtered {filtered.length === 1 ? 'record' : 'records'} (of{' '}
              {records.length.toLocaleString('en-US')}).
            </p>
          )}
          <fieldset>
            <legend>CSV columns</legend>
            <label>
              <input type="radio" name={`${name}-columns`} checked={!choice.visibleOnly} onChange={() => onChoose({ visibleOnly: false })} />
              Every column ({columnCount})
            </label>
            <label>
              <input type="radio" name={`${name}-columns`} checked={choice.visibleOnly} onChange={() => onChoose({ visibleOnly: true })} />
              Visible columns only ({visibleColumns.length})
            </label>
          </fieldset>
          <fieldset>
            <legend>Row order (CSV and JSON)</legend>
            <label>
              <input type="radio" name={`${name}-order`} checked={!choice.sorted} onChange={() => onChoose({ sorted: false })} />
              As in the answer
            </label>
            <label>
              <input type="radio" name={`${name}-order`} checked={choice.sorted} onChange={() => onChoose({ sorted: true })} />
              As sorted in the table
            </label>
          </fieldset>
          <label>
            <input type="checkbox" checked={choice.bom} onChange={(event) => onChoose({ bom: event.target.checked })} />
            CSV for Excel (UTF-8 with byte-order mark)
          </label>
          <p className="export-help">
            CSV: UTF-8, a header row, RFC 4180 quoting, CRLF line ends. {NESTED_VALUES_RULE} Text starting with =, +, -, @, a tab or a carriage
            return gets a leading &apos; so a spreadsheet shows it instead of running it as a formula; numbers are written as they are. CSV, JSON
            and the map&apos;s GeoJSON hold the same records.
          </p>
        </div>
      </details>
    </>
  );
}
