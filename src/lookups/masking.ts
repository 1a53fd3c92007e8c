// Personal-data masking for demos: replaces the values at a lookup's `personalData` paths with
// stand-ins of the same type. Isomorphic; copy-on-write, so the original body is never changed.
import { isRecord } from './adapters.ts';

type Kind = 'email' | 'phone' | 'url' | 'address' | 'place' | 'name' | 'text';

/** Which stand-in fits a value, judged by its field name and, for e-mail addresses, by its text. */
function kindOf(key: string, value: string): Kind {
  const name = key.toLowerCase();
  if (/e?mail/.test(name) || /^[^\s@]+@[^\s@]+$/.test(value)) return 'email';
  if (/phone|tel|fax|mobile/.test(name)) return 'phone';
  if (/url|website|homepage|link|photo|image/.test(name)) return 'url';
  if (/address|street|addr/.test(name)) return 'address';
  if (/city|zip|post|state|country|county|location|place/.test(name)) return 'place';
  if (/name|alias|initials|salutation|surname|first|last|headline/.test(name)) return 'name';
  return 'text';
}

const standIns: Record<Kind, (n: number) => string> = {
  email: (n) => `person${n}@example.invalid`,
  phone: (n) => `+1 555 01${String(n % 100).padStart(2, '0')}`,
  url: (n) => `https://example.invalid/person/${n}`,
  address: (n) => `${n} Example Street`,
  place: (n) => `Masked place ${n}`,
  name: (n) => `Person ${n}`,
  text: (n) => `Masked text ${n}`,
};

const COORDINATE = /(^|_)(lat|lon|lng|latitude|longitude)$/i;

/**
 * A coordinate rounded to two decimals (about 1 km): the map of a demo still shows the area,
 * never the house. Numeric strings (H's coordinates) stay strings.
 */
function coarsen(value: number | string): number | string | undefined {
  const number = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(number)) return undefined;
  const rounded = Math.round(number * 100) / 100;
  return typeof value === 'number' ? rounded : rounded.toFixed(2);
}

/** Hands out stand-ins so that one input always gets the same one within a body. */
class Masker {
  private readonly seen = new Map<string, string>();
  private readonly counters = new Map<Kind, number>();

  mask(value: unknown, key: string): unknown {
    if (value === null || value === undefined || typeof value === 'boolean') return value;
    if ((typeof value === 'number' || typeof value === 'string') && COORDINATE.test(key)) {
      const coarse = coarsen(value);
      if (coarse !== undefined) return coarse;
    }
    // Numbers (coordinates, ids, phone numbers stored as numbers) carry identity: 0 keeps the type.
    if (typeof value === 'number') return 0;
    if (typeof value === 'string') return this.maskText(value, key);
    if (Array.isArray(value)) return value.map((item) => this.mask(item, key));
    if (isRecord(value)) {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, this.mask(item, name)]));
    }
    return value;
  }

  private maskText(value: string, key: string): string {
    if (value.trim() === '') return value;
    const kind = kindOf(key, value);
    const seenKey = `${kind}\u0000${value}`;
    const known = this.seen.get(seenKey);
    if (known !== undefined) return known;
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    const standIn = standIns[kind](n);
    this.seen.set(seenKey, standIn);
    return standIn;
  }
}

/** A segment matches a key when equal, when `*`, or as a glob (`sex_offender_*`). */
function segmentMatcher(segment: string): (key: string) => boolean {
  if (segment === '*') return () => true;
  if (!segment.includes('*')) return (key) => key === segment;
  const escaped = segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  const pattern = new RegExp(`^${escaped}$`);
  return (key) => pattern.test(key);
}

function maskAt(value: unknown, matchers: ReadonlyArray<(key: string) => boolean>, depth: number, key: string, masker: Masker): unknown {
  if (depth === matchers.length) return masker.mask(value, key);
  const matches = matchers[depth]!;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      if (!matches(String(index))) return;
      const next = maskAt(item, matchers, depth + 1, key, masker);
      if (next !== item) (copy ??= [...value])[index] = next;
    });
    return copy ?? value;
  }
  if (isRecord(value)) {
    let copy: Record<string, unknown> | undefined;
    for (const [name, item] of Object.entries(value)) {
      if (!matches(name)) continue;
      const next = maskAt(item, matchers, depth + 1, name, masker);
      if (next !== item) (copy ??= { ...value })[name] = next;
    }
    return copy ?? value;
  }
  return value;
}

/**
 * A new body in which every value at `paths` (dot paths, `*` for any key or index) is replaced by a
 * stand-in of the same type: coordinates rounded to about 1 km, other strings by a consistent
 * stand-in, other numbers by 0, null stays null,
 * arrays and objects are masked through. The body passed in is left untouched.
 */
export function maskPersonalData<T>(body: T, paths: readonly string[]): T {
  const masker = new Masker();
  let result: unknown = body;
  for (const path of paths) {
    if (path.trim() === '') continue;
    result = maskAt(result, path.split('.').map(segmentMatcher), 0, '', masker);
  }
  return result as T;
}
