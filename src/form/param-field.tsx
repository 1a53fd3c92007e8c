// One parameter: its label (exactly the spec's name), what it means, its control and its message.
import type { FieldSpec } from './schema-to-fields.ts';
import { ParamControl } from './param-control.tsx';
import { fieldHelpText } from './field-help.ts';

interface ParamFieldProps {
  id: string;
  field: FieldSpec;
  value: string;
  onChange: (name: string, value: string) => void;
  error: string | undefined;
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
        {fieldHelpText(meta)}
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
