import { plural } from '../../lookups/adapters.ts';
import { showValue } from './problem-value.ts';
import type { RowCheck } from './validate-rows.ts';

const SHOWN = 200;

/** The rows the schema refused, each with its line, column, the value at fault and the form's own message. */
export function RowProblems({ check }: { check: RowCheck }) {
  if (check.invalid.length === 0) return null;
  const problems = check.invalid.flatMap(({ problems }) => problems);
  return (
    <section className="bulk-problems" aria-labelledby="bulk-problems-title">
      <h3 id="bulk-problems-title">{plural(check.invalid.length, 'invalid row')}</h3>
      <p>Fix them in the file and upload it again, or skip them explicitly: nothing is sent for an invalid row.</p>
      <table aria-label="Invalid rows">
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">Column</th>
            <th scope="col">Value</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {problems.slice(0, SHOWN).map((problem, index) => (
            <tr key={index}>
              <td>{problem.where}</td>
              <td>{problem.column}</td>
              <td className="bulk-problem-value">{problem.value === undefined ? '' : showValue(problem.value)}</td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {problems.length > SHOWN && <p>…and {plural(problems.length - SHOWN, 'more problem')}.</p>}
    </section>
  );
}
