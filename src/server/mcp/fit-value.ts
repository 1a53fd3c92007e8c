// A record too large for a tool result, cut to fit: a provider may answer one record holding a
// 5,000,000-character field, and a result carries its records twice (structured content, and the
// same JSON as text for clients that read only text), so keeping "at least one record whole" would
// put 10 MB before an assistant. Strings longer than MAX_VALUE_CHARS keep their beginning and say
// how much was cut; arrays and objects that still do not fit keep their first entries and say how
// many more there were. A record that fits is carried as it is.

/** The longest string a cut record keeps whole. */
export const MAX_VALUE_CHARS = 2_000;

const count = (n: number) => n.toLocaleString('en-US');
export const cutCharsMark = (more: number) => `…[cut: ${count(more)} more characters]`;
export const cutItemsMark = (more: number) => `…[cut: ${count(more)} more items]`;
export const cutFieldsMark = (more: number) => `[cut: ${count(more)} more fields]`;
/** The key a cut object's marker stands under. */
export const CUT_KEY = '…';

export interface FittedValue {
  value: unknown;
  /** Bytes of its JSON (UTF-8). */
  bytes: number;
  /** How many strings, arrays and objects were cut. */
  cuts: number;
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null) ?? 'null');

/** `value` whole when its JSON fits in `maxBytes`, else cut (long strings, then entries past the budget). */
export function fitValue(value: unknown, maxBytes: number): FittedValue {
  const whole = jsonBytes(value);
  if (whole <= maxBytes) return { value, bytes: whole, cuts: 0 };
  // The walk counts characters where it cuts; text of many-byte characters may overshoot: a smaller budget then.
  for (let budget = maxBytes; ; budget = Math.floor(budget / 2)) {
    const state = { left: budget, cuts: 0 };
    const cut = cutWalk(value, state);
    const bytes = jsonBytes(cut);
    if (bytes <= maxBytes || budget < MARK_ROOM) return { value: cut, bytes, cuts: state.cuts };
  }
}

interface Budget {
  left: number;
  cuts: number;
}

/** Room kept for the markers of the containers still open, so a cut record stays under its budget. */
const MARK_ROOM = 64;

function cutWalk(value: unknown, budget: Budget): unknown {
  if (typeof value === 'string') {
    const room = Math.min(MAX_VALUE_CHARS, Math.max(0, budget.left - MARK_ROOM));
    const kept = value.length > room ? `${value.slice(0, room)}${cutCharsMark(value.length - room)}` : value;
    if (kept !== value) budget.cuts += 1;
    budget.left -= jsonBytes(kept);
    return kept;
  }
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    for (const [index, item] of value.entries()) {
      if (budget.left < MARK_ROOM) {
        budget.cuts += 1;
        kept.push(cutItemsMark(value.length - index));
        break;
      }
      kept.push(cutWalk(item, budget));
      budget.left -= 1;
    }
    budget.left -= 2;
    return kept;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const kept: Record<string, unknown> = {};
    for (const [index, [key, item]] of entries.entries()) {
      if (budget.left < MARK_ROOM) {
        budget.cuts += 1;
        kept[CUT_KEY] = cutFieldsMark(entries.length - index);
        break;
      }
      budget.left -= jsonBytes(key) + 2;
      kept[key] = cutWalk(item, budget);
    }
    budget.left -= 2;
    return kept;
  }
  budget.left -= jsonBytes(value);
  return value;
}
