// The form's state: the raw text of each control, keyed by the spec's parameter name. It is also
// the page URL's query string (plus `op` when a lookup has several operations).
export type FormValues = Record<string, string>;

/** URL key of the chosen operation (no lookup has a parameter of that name). */
export const OPERATION_KEY = 'op';
