import { useDeferredValue } from 'react';
import type { Answer } from '../lookups/answer.ts';

interface SchemaCheckProps {
  answer: Answer;
}

/** Reports where the body departs from the spec's shape (the interpreter's drift); never blocks the views. */
export function SchemaCheck({ answer }: SchemaCheckProps) {
  // Deferred: the interpreter validates lazily, on the first read of `drift`, so a multi-MB body
  // is checked after the first paint of the views, not before it; the result is remembered.
  const checked = useDeferredValue<Answer | undefined>(answer, undefined);
  const issues = checked?.drift;

  if (issues === undefined) {
    return <p className="schema-check pending">Schema check: checking against the spec…</p>;
  }
  if (issues.length === 0) {
    return <p className="schema-check clean">Schema check: the body matches the spec.</p>;
  }
  return (
    <details className="schema-check drift">
      <summary>
        Schema check: {issues.length} {issues.length === 1 ? 'difference' : 'differences'} from the spec (shown anyway)
      </summary>
      <ul>
        {issues.slice(0, 200).map((issue, index) => (
          <li key={index}>
            <code>{issue.path === '' ? '(body)' : issue.path}</code>: {issue.message}
          </li>
        ))}
      </ul>
      {issues.length > 200 && <p>…and {issues.length - 200} more.</p>}
    </details>
  );
}
