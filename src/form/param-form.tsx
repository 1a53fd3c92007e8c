// The parameter form every lookup gets, generated from its operation's params schema: nothing here
// knows a particular lookup. The parent owns the values (they become the URL when sent).
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { LookupDefinition, Operation } from '../lookups/define-lookup.ts';
import type { FormValues } from './form-values.ts';
import { groupFields, schemaToFields } from './schema-to-fields.ts';
import { type FieldErrors, hasErrors, NO_ERRORS, standingErrors, validateValues } from './validate-values.ts';
import { OperationChooser } from './operation-chooser.tsx';
import { ErrorSummary } from './error-summary.tsx';
import { ParamField } from './param-field.tsx';
import { RequestPreview } from './request-preview.tsx';
import { FormActions } from './form-actions.tsx';
import './param-form.css';

export interface ParamFormProps {
  lookup: LookupDefinition;
  operation: Operation;
  values: FormValues;
  onValuesChange: (values: FormValues) => void;
  onOperationChange: (id: string) => void;
  /** Called with valid values only. */
  onSubmit: (values: FormValues) => void;
  /** Called when a send is refused by validation (the messages show in the form). */
  onRefused?: () => void;
  isRunning: boolean;
  onCancel: () => void;
  /** Problems of an invalid query opened from a link, shown as if just submitted. */
  urlErrors?: FieldErrors;
  /** What one send costs (`$0.006`), for a per-call-priced lookup that answers live: shown on the Send button. */
  sendPrice?: string | undefined;
  /** Rendered under the fields: the map's location picker. */
  children?: ReactNode;
}

export function ParamForm(props: ParamFormProps) {
  const { lookup, operation, values, onValuesChange, onSubmit } = props;
  const fields = useMemo(() => schemaToFields(operation), [operation]);
  const groups = useMemo(() => groupFields(fields), [fields]);
  const idPrefix = useId();
  const fieldId = (name: string) => `${idPrefix}-${name}`;

  // Messages restart from the URL's whenever the URL or the operation changes; each stands only
  // while its field still holds the value it was given for.
  const { urlErrors } = props;
  const fresh = () => ({ urlErrors, operation, errors: urlErrors ?? NO_ERRORS, checked: values });
  const [check, setCheck] = useState(fresh);
  if (check.urlErrors !== urlErrors || check.operation !== operation) setCheck(fresh());
  const errors = standingErrors(check.errors, check.checked, values);

  // After a failed submit, focus goes to the first field in error (or the summary) once rendered.
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusRequest === 0) return;
    const target =
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      formRef.current?.querySelector<HTMLElement>('.error-summary h2');
    target?.focus();
  }, [focusRequest]);

  function send() {
    const validation = validateValues(operation, values);
    if (validation.ok) {
      setCheck({ ...fresh(), errors: NO_ERRORS });
      onSubmit(values);
      return;
    }
    setCheck({ ...fresh(), errors: validation.errors });
    setFocusRequest((count) => count + 1);
    props.onRefused?.();
  }

  function change(name: string, value: string) {
    onValuesChange({ ...values, [name]: value });
  }

  function replaceValues(next: FormValues) {
    onValuesChange(next);
    if (hasErrors(errors)) setCheck({ ...fresh(), errors: NO_ERRORS });
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  }

  return (
    <form
      ref={formRef}
      className="param-form"
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {lookup.operations.length > 1 && <OperationChooser lookup={lookup} operationId={operation.id} onChange={props.onOperationChange} />}
      <ErrorSummary errors={errors} fields={fields} fieldId={fieldId} />
      {groups.map((group) => (
        <fieldset key={group.location} className="param-group">
          <legend>{group.legend}</legend>
          {group.fields.map((field) => (
            <ParamField
              key={field.name}
              id={fieldId(field.name)}
              field={field}
              value={values[field.name] ?? ''}
              onChange={change}
              error={errors.fields[field.name]}
            />
          ))}
        </fieldset>
      ))}
      {fields.length === 0 && <p className="empty">This operation takes no parameters.</p>}
      {props.children}
      <RequestPreview lookup={lookup} operation={operation} values={values} />
      <FormActions
        isRunning={props.isRunning}
        onCancel={props.onCancel}
        onExample={() => replaceValues({ ...operation.example })}
        onClear={() => replaceValues({})}
        price={props.sendPrice}
      />
    </form>
  );
}
