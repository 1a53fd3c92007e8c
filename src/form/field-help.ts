// What a field says under its label: the definition's help, then the hints every field of its
// kind shares (range, format, the provider's default). Each thing is said once: a definition's
// help says what the parameter means, and the format sentence comes only from here, matching the
// control (a native date control shows the browser's own date format, so no format is named).
import { todayUtc, type ParamMeta } from '../lookups/param.ts';

/** A datetime's example when its definition gives none. */
export const DATETIME_EXAMPLE = '2020-12-01T15:53:00.000Z';

const NUMERIC = new Set(['number', 'integer', 'latitude', 'longitude', 'radius']);

function dateRange(meta: ParamMeta): string | undefined {
  if (meta.minDate && meta.notAfterToday) return `From ${meta.minDate} to today (UTC).`;
  if (meta.minDate) return `On or after ${meta.minDate}.`;
  if (meta.notAfterToday) return 'Today (UTC) or earlier.';
  return undefined;
}

/** The hints after the help text: range, format, the provider's default. */
export function fieldHints(meta: ParamMeta): string[] {
  const hints: string[] = [];
  if (NUMERIC.has(meta.widget)) {
    if (meta.min !== undefined && meta.max !== undefined) hints.push(`From ${meta.min} to ${meta.max}.`);
    else if (meta.min !== undefined) hints.push(`At least ${meta.min}.`);
    else if (meta.max !== undefined) hints.push(`At most ${meta.max}.`);
  }
  if (meta.widget === 'prox' && meta.max !== undefined) hints.push(`Radius in metres, at most ${meta.max}.`);
  if (meta.widget === 'date') {
    const range = dateRange(meta);
    if (range) hints.push(range);
  }
  if (meta.widget === 'datetime') hints.push(`ISO 8601, e.g. ${datetimeExample(meta)}.`);
  if (meta.widget === 'epoch-ms') hints.push('Milliseconds since 1970-01-01 UTC.');
  if (meta.defaultHint) hints.push(`Left empty, the provider uses ${meta.defaultHint}.`);
  return hints;
}

/** The whole text under a field's label, after its title. */
export function fieldHelpText(meta: ParamMeta): string {
  return [meta.help, ...fieldHints(meta)].filter(Boolean).join(' ');
}

/** The example a datetime field shows (its own, else a generic one), in its help and its placeholder alike. */
export function datetimeExample(meta: ParamMeta): string {
  return meta.example ?? DATETIME_EXAMPLE;
}

/** The native date control's bounds: the definition's first day, and today when later days are refused. */
export function dateBounds(meta: ParamMeta, now: Date = new Date()): { min?: string; max?: string } {
  return { ...(meta.minDate && { min: meta.minDate }), ...(meta.notAfterToday && { max: todayUtc(now) }) };
}
