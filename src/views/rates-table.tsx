// The chart's data as a table: the exact figures, and the fallback for anyone who cannot see lines.
import type { RatesTable as Table } from './rates-series.ts';

export function RatesTable({ dates, series, base }: Table & { base: string | undefined }) {
  return (
    // Focusable, so a long table can be scrolled from the keyboard.
    <div
      className="view-table-scroll"
      tabIndex={0}
      role="region"
      aria-label={`Rates per date${base ? ` against ${base}` : ''}, scrollable`}
    >
      <table className="view-table">
        <caption>Rates per date{base ? ` against ${base}` : ''}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {series.map(({ currency }) => (
              <th key={currency} scope="col">
                {currency}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dates.map((date, index) => (
            <tr key={date}>
              <th scope="row">{date}</th>
              {series.map(({ currency, values }) => (
                <td key={currency}>{values[index] ?? '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
