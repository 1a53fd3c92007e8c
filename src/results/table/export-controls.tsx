import { useId, useState } from 'react';
import { downloadBytes, downloadText } from '../download.ts';
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

/** The sheet's name: the file name's stem without the date and the -filtered mark (`lookup-l-incidents`). */
export function sheetNameForStem(stem: string): string {
  return stem.replace(/-\d{4}-\d{2}-\d{2}/, '').replace(/-filtered$/, '');
}

/**
 * The CSV, XLSX and JSON buttons and the choices behind them; the defaults write every record and
 * column. Under a filter they write the filtered records only, and the file name says so.
 */
export function ExportControls({
  records,
  columnCount,
  visibleColumns,
  order,
  filtered,
  sorted,
  choice,
  onChoose,
  fileStem,
}: ExportControlsProps) {
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
  const [xlsxStatus, setXlsxStatus] = useState('');
  // The writer (and fflate) load on this click: no page's first download carries them.
  const exportXlsx = async () => {
    setXlsxStatus('');
    try {
      const { recordsToXlsx, XLSX_MIME } = await import('../export/xlsx.ts');
      const file = recordsToXlsx(records, {
        columns: choice.visibleOnly ? visibleColumns : undefined,
        order: rowOrder,
        sheetName: sheetNameForStem(stem),
      });
      downloadBytes(`${stem}.xlsx`, file.bytes, XLSX_MIME);
      if (file.cutCells > 0)
        setXlsxStatus(
          `${file.cutCells.toLocaleString('en-US')} ${file.cutCells === 1 ? 'cell was' : 'cells were'} longer than Excel's 32,767 characters and cut, each ending with a note; the CSV and JSON keep them whole.`,
        );
    } catch (error) {
      setXlsxStatus(`The XLSX export failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <>
      <button type="button" onClick={exportCsv}>
        Export CSV{filtered && ' (filtered)'}
      </button>
      <button type="button" onClick={() => void exportXlsx()}>
        Export XLSX{filtered && ' (filtered)'}
      </button>
      <button type="button" onClick={exportJson}>
        Export JSON{filtered && ' (filtered)'}
      </button>
      <span aria-live="polite" className="export-status">
        {xlsxStatus}
      </span>
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
            <legend>CSV and XLSX columns</legend>
            <label>
              <input
                type="radio"
                name={`${name}-columns`}
                checked={!choice.visibleOnly}
                onChange={() => onChoose({ visibleOnly: false })}
              />
              Every column ({columnCount})
            </label>
            <label>
              <input type="radio" name={`${name}-columns`} checked={choice.visibleOnly} onChange={() => onChoose({ visibleOnly: true })} />
              Visible columns only ({visibleColumns.length})
            </label>
          </fieldset>
          <fieldset>
            <legend>Row order (CSV, XLSX and JSON)</legend>
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
            CSV: UTF-8, a header row, RFC 4180 quoting, CRLF line ends. {NESTED_VALUES_RULE} Text starting with =, +, -, @, a tab or a
            carriage return gets a leading &apos; so a spreadsheet shows it instead of running it as a formula; numbers are written as they
            are. CSV, JSON and the map&apos;s GeoJSON hold the same records.
          </p>
          <p className="export-help">
            XLSX: one sheet of the same rows and columns as the CSV, a bold header row that stays in view; numbers and true/false are
            written as numbers and booleans, dates stay text as the answer writes them (ISO 8601). Every text is stored as text, never as a
            formula. A text longer than Excel&apos;s 32,767 characters per cell is cut, ending with a note saying so.
          </p>
        </div>
      </details>
    </>
  );
}
