import { useId } from 'react';
import type { FieldSpec } from './schema-to-fields.ts';
import type { FieldErrors } from './validate-values.ts';

interface ErrorSummaryProps {
  errors: FieldErrors;
  fields: readonly FieldSpec[];
  fieldId: (name: string) => string;
}

/** Every problem in one list, in the form's order; each links to its field. */
export function ErrorSummary({ errors, fields, fieldId }: ErrorSummaryProps) {
  const fieldMessages = fields.flatMap(({ name }) => {
    const message = errors.fields[name];
    return message ? [{ name, message }] : [];
  });
  const titleId = useId();
  const count = fieldMessages.length + errors.form.length;
  if (count === 0) return null;
  return (
    <section className="error-summary" aria-labelledby={titleId}>
      <h2 id={titleId} tabIndex={-1}>
        {count === 1 ? 'Fix 1 problem before sending' : `Fix ${count} problems before sending`}
      </h2>
      <ul>
        {errors.form.map((message) => (
          <li key={message}>{message}</li>
        ))}
        {fieldMessages.map(({ name, message }) => (
          <li key={name}>
            <a
              href={`#${fieldId(name)}`}
              onClick={(event) => {
                // Focus without a hash navigation: the URL is the form state, not a scroll position.
                event.preventDefault();
                document.getElementById(fieldId(name))?.focus();
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
