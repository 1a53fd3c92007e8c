import { useDeferredValue, useMemo } from 'react';
import type { z } from 'zod';

interface SchemaCheckProps {
  schema: z.ZodType;
  body: unknown;
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(body)' : path.map(String).join('.');
}

/** Reports where the body departs from the spec's shape; never blocks the views. */
export function SchemaCheck({ schema, body }: SchemaCheckProps) {
  // Deferred: a multi-MB body is checked after the first paint of the views, not before it.
  const checkedBody = useDeferredValue(body, undefined);
  const issues = useMemo(() => {
    if (checkedBody === undefined) return undefined;
    const result = schema.safeParse(checkedBody);
    return result.success ? [] : result.error.issues;
  }, [schema, checkedBody]);

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
            <code>{issuePath(issue.path)}</code>: {issue.message}
          </li>
        ))}
      </ul>
      {issues.length > 200 && <p>…and {issues.length - 200} more.</p>}
    </details>
  );
}
