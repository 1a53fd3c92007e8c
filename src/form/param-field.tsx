// One parameter: its label (exactly the spec's name), what it means, its control and its message.
import type { ParamMeta } from '../lookups/param.ts';
import type { FieldSpec } from './schema-to-fields.ts';
import { ParamControl } from './param-control.tsx';

interface ParamFieldProps {
  id: string;
  field: FieldSpec;
  value: string;
  onChange: (name: string, value: string) => void;
  error: string | undefined;
}

const NUMERIC = new Set(['number', 'integer', 'latitude', 'longitude', 'radius']);

/** The hints after the help text: range, the provider's default, an example. */
export function fieldHints(meta: ParamMeta): string[] {
  const hints: string[] = [];
  if (NUMERIC.has(meta.widget)) {
    if (meta.min !== undefined && meta.max !== undefined) hints.push(`From ${meta.min} to ${meta.max}.`);
    else if (meta.min !== undefined) hints.push(`At least ${meta.min}.`);
    else if (meta.max !== undefined) hints.push(`At most ${meta.max}.`);
  }
  if (meta.widget === 'prox' && meta.max !== undefined) hints.push(`Radius in metres, at most ${meta.max}.`);
  if (meta.widget === 'date') hints.push('Format YYYY-MM-DD.');
  if (meta.widget === 'datetime') hints.push('ISO 8601, e.g. 2020-12-01T15:53:00.000Z.');
  if (meta.widget === 'epoch-ms') hints.push('Milliseconds since 1970-01-01 UTC.');
  if (meta.defaultHint) hints.push(`Left empty, the provider uses ${meta.defaultHint}.`);
  return hints;
}

export function ParamField({ id, field, value, onChange, error }: ParamFieldProps) {
  const { name, meta } = field;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const showTitle = meta.title && meta.title !== name;
  return (
    <div className={error ? 'param-field has-error' : 'param-field'}>
      <div className="param-label">
        <label htmlFor={id}>{name}</label>
        {/* aria-required says it to assistive technology; this says it to the eye. */}
        {meta.required && (
          <span className="required-mark" aria-hidden="true">
            required
          </span>
        )}
      </div>
      <p id={helpId} className="param-help">
        {showTitle && <strong>{meta.title}.</strong>}
        {showTitle && ' '}
        {[meta.help, ...fieldHints(meta)].filter(Boolean).join(' ')}
      </p>
      <ParamControl
        id={id}
        name={name}
        meta={meta}
        value={value}
        onChange={(next) => onChange(name, next)}
        invalid={error !== undefined}
        describedBy={error ? `${errorId} ${helpId}` : helpId}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
