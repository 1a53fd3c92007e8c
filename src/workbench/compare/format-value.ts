// How a value of a diff reads in a table cell: text as it is, anything else as compact JSON, an
// absent value as a dash; long values are cut (the cell's title holds the whole text).
const LIMIT = 200;

export function valueText(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value) ?? String(value);
}

export function shortValueText(value: unknown): string {
  const text = valueText(value);
  return text.length > LIMIT ? `${text.slice(0, LIMIT - 1)}…` : text;
}

const shown = (value: unknown) => value !== undefined && value !== '';

/**
 * A history entry's parameters in one line: `datetime_ini=2024-05-01T00:00:00.000Z, lat=37.77`;
 * the names in `first` (those that tell the entries apart) lead, so a cut line still shows them.
 */
export function paramsLine(params: Readonly<Record<string, unknown>>, limit = 90, first: ReadonlySet<string> = new Set()): string {
  const entries = Object.entries(params).filter(([, value]) => shown(value));
  const text = [...entries.filter(([name]) => first.has(name)), ...entries.filter(([name]) => !first.has(name))]
    .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(',') : String(value)}`)
    .join(', ');
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text || 'no parameters';
}

/** The parameter names whose values differ between the entries: what tells them apart. */
export function varyingParams(entries: ReadonlyArray<{ params: Readonly<Record<string, unknown>> }>): Set<string> {
  const seen = new Map<string, string>();
  const varying = new Set<string>();
  const names = new Set(entries.flatMap((entry) => Object.keys(entry.params)));
  for (const entry of entries) {
    for (const name of names) {
      const value = JSON.stringify(entry.params[name] ?? null);
      const earlier = seen.get(name);
      if (earlier === undefined) seen.set(name, value);
      else if (earlier !== value) varying.add(name);
    }
  }
  return varying;
}
