// Validates form values with the operation's own params schema: the same parse the proxy and the
// URL state use, so "valid in the form" and "valid when sent" cannot disagree.
import type { Operation, Params } from '../lookups/define-lookup.ts';
import type { FormValues } from './form-values.ts';
import { schemaToFields } from './schema-to-fields.ts';

export interface FieldErrors {
  /** First message per field, already prefixed with the parameter's name. */
  fields: Record<string, string>;
  /** Rules about the whole form that name no field ("at least one filter is required"). */
  form: string[];
}

export type Validation = { ok: true; params: Params } | { ok: false; errors: FieldErrors };

export const NO_ERRORS: FieldErrors = { fields: {}, form: [] };

/** Values the user left blank are absent: the provider's default applies, nothing is sent. */
export function dropEmpty(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

export function validateValues(operation: Operation, values: FormValues): Validation {
  const present = dropEmpty(values);
  const result = operation.params.safeParse(present);
  if (result.success) return { ok: true, params: result.data as Params };
  const errors: FieldErrors = { fields: {}, form: [] };
  // A blank required field reads "is required" whatever its schema says (coerced numbers would
  // otherwise complain that nothing is "not a number").
  for (const { name, meta } of schemaToFields(operation)) {
    if (meta.required && !(name in present)) errors.fields[name] = withName(name, 'is required');
  }
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (typeof name === 'string' && name in operation.params.shape) {
      errors.fields[name] ??= withName(name, issue.message);
    } else if (!errors.form.includes(issue.message)) {
      errors.form.push(issue.message);
    }
  }
  return { ok: false, errors };
}

/** "lat" + "must be between -90 and 90"; a message that already starts with the name is kept. */
export function withName(name: string, message: string): string {
  return message === name || message.startsWith(`${name} `) ? message : `${name} ${message}`;
}

export function hasErrors(errors: FieldErrors): boolean {
  return errors.form.length > 0 || Object.keys(errors.fields).length > 0;
}

/**
 * The messages still true of the values: a field's message stands only while the field holds what
 * was checked, whoever changed it (the user, the map picker). A whole-form rule stands while nothing changed.
 */
export function standingErrors(errors: FieldErrors, checked: FormValues, values: FormValues): FieldErrors {
  const same = (name: string) => (checked[name] ?? '') === (values[name] ?? '');
  const names = new Set([...Object.keys(checked), ...Object.keys(values)]);
  return {
    fields: Object.fromEntries(Object.entries(errors.fields).filter(([name]) => same(name))),
    form: [...names].every(same) ? errors.form : [],
  };
}
