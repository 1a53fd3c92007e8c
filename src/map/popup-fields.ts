// The few fields a popup shows: plain values from the record and one level of nesting, skipping
// coordinates (the map already shows where) and empty values.
const COORDINATE = /(^|[._])(lat|lon|lng|latitude|longitude|coordinates)$/i;
const MAX_TEXT = 80;

export interface PopupField {
  name: string;
  value: string;
}

function show(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return undefined;
    return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function popupFields(record: unknown, limit = 5): PopupField[] {
  const fields: PopupField[] = [];
  const visit = (value: unknown, prefix: string, depth: number) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (fields.length >= limit) return;
      const name = prefix ? `${prefix}.${key}` : key;
      if (COORDINATE.test(name)) continue;
      const text = show(child);
      if (text !== undefined) fields.push({ name, value: text });
      else if (depth < 1) visit(child, name, depth + 1);
    }
  };
  visit(record, '', 0);
  return fields;
}
