interface ColumnMenuProps {
  columns: readonly string[];
  hidden: ReadonlySet<string>;
  onChange: (column: string, shown: boolean) => void;
  onShowAll: (shown: boolean) => void;
  /** Whether the CSV export writes only the shown columns (it writes every column by default). */
  exportVisibleOnly: boolean;
  onExportVisibleOnly: (visibleOnly: boolean) => void;
}

/** A disclosure with one checkbox per column. */
export function ColumnMenu({ columns, hidden, onChange, onShowAll, exportVisibleOnly, onExportVisibleOnly }: ColumnMenuProps) {
  const shownCount = columns.length - hidden.size;
  return (
    <details className="column-menu">
      <summary>
        Columns ({shownCount} of {columns.length})
      </summary>
      <fieldset>
        <legend className="visually-hidden">Columns to show</legend>
        <div className="column-menu-actions">
          <button type="button" onClick={() => onShowAll(true)}>
            Show all
          </button>
          <button type="button" onClick={() => onShowAll(false)}>
            Hide all
          </button>
        </div>
        <label className="column-menu-export">
          <input type="checkbox" checked={exportVisibleOnly} onChange={(event) => onExportVisibleOnly(event.target.checked)} />
          Export visible columns only (CSV writes every column otherwise)
        </label>
        <ul>
          {columns.map((column) => (
            <li key={column}>
              <label>
                <input type="checkbox" checked={!hidden.has(column)} onChange={(event) => onChange(column, event.target.checked)} />
                {column}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </details>
  );
}
