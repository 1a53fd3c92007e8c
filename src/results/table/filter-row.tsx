import { useId } from 'react';
import type { ColumnFilter, TableFilters } from '../view-state.ts';
import { ChoiceFilter } from './choice-filter.tsx';
import { DraftInput } from './draft-input.tsx';
import { type ColumnInfo, isDay } from './filter-records.ts';

interface FilterRowProps {
  columns: readonly string[];
  kinds: ReadonlyMap<string, ColumnInfo>;
  filters: TableFilters | undefined;
  /** Replaces one column's filter (undefined removes it). */
  onChange: (column: string, filter: ColumnFilter | undefined) => void;
}

/** The row under the headers: one filter per shown column, its kind chosen by the column's values. */
export function FilterRow({ columns, kinds, filters, onChange }: FilterRowProps) {
  return (
    <tr className="filter-row" aria-rowindex={2}>
      <td className="row-number">
        <span className="filter-row-label">Filter</span>
      </td>
      {columns.map((column) => {
        const filter = filters?.[column] ?? {};
        const set = (part: ColumnFilter) => onChange(column, { ...filter, ...part });
        const info = kinds.get(column) ?? { kind: 'text' };
        return (
          <td key={column}>
            {info.kind === 'number' ? (
              <NumberRange column={column} filter={filter} onChange={set} />
            ) : info.kind === 'date' ? (
              <DateRange column={column} filter={filter} onChange={set} />
            ) : info.kind === 'choice' ? (
              <ChoiceFilter column={column} choices={info.choices ?? []} filter={filter} onChange={set} />
            ) : (
              <DraftInput
                type="search"
                className="filter-input"
                aria-label={`Filter ${column}: contains`}
                placeholder="contains…"
                value={filter.contains ?? ''}
                onCommit={(text) => set({ contains: text })}
              />
            )}
          </td>
        );
      })}
    </tr>
  );
}

interface PartProps {
  column: string;
  filter: ColumnFilter;
  onChange: (part: ColumnFilter) => void;
}

const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
const validNumber = (text: string) => {
  const number = numberOf(text);
  return number === undefined || Number.isFinite(number);
};
/** What the filter holds once the text applies: a number's own spelling, nothing for bad input. */
const numberEcho = (text: string) => {
  const number = numberOf(text);
  return number !== undefined && Number.isFinite(number) ? String(number) : '';
};

function NumberRange({ column, filter, onChange }: PartProps) {
  const crossed = filter.min !== undefined && filter.max !== undefined && filter.min > filter.max;
  const bound = (name: 'min' | 'max', label: string) => (
    <DraftInput
      key={name}
      className="filter-input"
      inputMode="decimal"
      aria-label={`${column} ${label}`}
      placeholder={name}
      value={filter[name] === undefined ? '' : String(filter[name])}
      echo={numberEcho}
      onCommit={(text) => onChange({ [name]: validNumber(text) ? numberOf(text) : undefined })}
      problem={(text) =>
        !validNumber(text)
          ? 'Not a number: no bound applied.'
          : crossed && name === 'max'
            ? 'Below the minimum: nothing can match.'
            : undefined
      }
    />
  );
  return (
    <div className="filter-range">
      {bound('min', 'at least')}
      {bound('max', 'at most')}
    </div>
  );
}

function DateRange({ column, filter, onChange }: PartProps) {
  const id = useId();
  const crossed = filter.from !== undefined && filter.to !== undefined && filter.from > filter.to;
  return (
    <div className="filter-range filter-dates">
      <input
        type="date"
        className="filter-input"
        aria-label={`${column} from`}
        value={filter.from ?? ''}
        onChange={(event) => onChange({ from: isDay(event.target.value) ? event.target.value : undefined })}
      />
      <input
        type="date"
        className="filter-input"
        aria-label={`${column} to`}
        value={filter.to ?? ''}
        aria-invalid={crossed}
        aria-describedby={`${id}-error`}
        onChange={(event) => onChange({ to: isDay(event.target.value) ? event.target.value : undefined })}
      />
      <span id={`${id}-error`} className="filter-error" aria-live="polite">
        {crossed ? 'Before the start: nothing can match.' : ''}
      </span>
    </div>
  );
}
