// Parameter builders: each returns a zod schema that parses the string a form or URL holds
// (or the typed value of a JSON body) and carries its UI hints in `paramHints`, a typed zod 4
// registry (`z.registry<ParamMeta>()`), so hints are read back typed, with no cast.
// Messages are predicates ("must be between -90 and 90"); the form prefixes the parameter's
// name, so the user reads "lat must be between -90 and 90".
import { z } from 'zod';
import { DECIMAL_TEXT, parseProx } from './prox.ts';

export { parseProx };

export type ParamLocation = 'path' | 'query' | 'body';

export type Widget =
  | 'text'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'enum'
  | 'list'
  | 'date'
  | 'datetime'
  | 'latitude'
  | 'longitude'
  | 'radius'
  | 'distance'
  | 'prox'
  | 'epoch-ms';

export interface ParamMeta {
  in: ParamLocation;
  /** Human words for the parameter; the control's accessible name stays the spec's name. */
  title: string;
  help: string;
  widget: Widget;
  required: boolean;
  example?: string;
  /** What the provider assumes when the parameter is left out (shown, never sent). */
  defaultHint?: string;
  /** Choices for `enum` widgets, and suggestions for `list` widgets. */
  options?: readonly string[];
  min?: number;
  max?: number;
  /** Date widgets: the first day accepted, YYYY-MM-DD (the native control's `min`). */
  minDate?: string;
  /** Date widgets: a day after today (UTC) is refused (the native control's `max` is today). */
  notAfterToday?: boolean;
}

interface Common<Req extends boolean = boolean> {
  in: ParamLocation;
  title: string;
  help: string;
  /** `true` makes the field required, and its parsed type not undefined. */
  required?: Req;
  example?: string;
  defaultHint?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DISTANCE = /^(\d+(\.\d+)?|\.\d+)(mi|km|ft|m)$/;

/**
 * The UI hints of every parameter built here (or registered with `.register(paramHints, …)`).
 * Like zod's own registries it resolves a derived schema (`.refine()` of a field) to its parent's hints.
 */
export const paramHints = z.registry<ParamMeta>();

/** A required field parses to T's output; any other to that or undefined. */
export type Shaped<T extends z.ZodType, Req extends boolean> = Req extends true ? T : z.ZodOptional<T>;

function finish<T extends z.ZodType, Req extends boolean>(
  schema: T,
  common: Common<Req>,
  hints: Omit<ParamMeta, keyof Common | 'required'>,
): Shaped<T, Req> {
  const required = common.required ?? false;
  const meta: ParamMeta = { ...common, ...hints, required };
  // The conditional return type is decided by the same `required` as this branch.
  const shaped = (required ? schema : schema.optional()) as Shaped<T, Req>;
  paramHints.add(shaped, meta);
  return shaped;
}

const requiredMessage = { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : undefined) };

/** Today's date in UTC, YYYY-MM-DD. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function numberSchema(integer: boolean, min?: number, max?: number) {
  const kind = integer ? 'a whole number' : 'a number';
  let schema = z.number({ error: (issue) => (issue.input === undefined ? 'is required' : `must be ${kind}`) });
  if (integer) schema = schema.int({ error: 'must be a whole number' });
  if (min !== undefined && max !== undefined) {
    const message = `must be between ${min} and ${max}`;
    schema = schema.min(min, { error: message }).max(max, { error: message });
  } else {
    if (min !== undefined) schema = schema.min(min, { error: `must be at least ${min}` });
    if (max !== undefined) schema = schema.max(max, { error: `must be at most ${max}` });
  }
  // Text from a form or URL becomes a number here, not through z.coerce: coercion would turn a
  // missing value into NaN ("must be a number") and an empty one into 0. Only plain decimal digits
  // count: Number() would also read hex, exponents, binary and surrounding spaces ("0x226",
  // "1e3", " 550"), which no provider expects, so such text is left as text and refused below.
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    if (DECIMAL_TEXT.test(value)) return Number(value);
    const looksNumeric = value.trim() !== '' && Number.isFinite(Number(value));
    const message = looksNumeric ? `must be ${kind} written in plain digits (no spaces, hex or exponent)` : `must be ${kind}`;
    ctx.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  }, schema);
}

export const param = {
  text<const Req extends boolean = false>(common: Common<Req> & { pattern?: RegExp; patternMessage?: string; maxLength?: number }) {
    let schema = z.string(requiredMessage).trim().min(1, { error: 'is required' });
    if (common.maxLength) schema = schema.max(common.maxLength, { error: `must be at most ${common.maxLength} characters` });
    if (common.pattern) schema = schema.regex(common.pattern, { error: common.patternMessage ?? 'has an invalid format' });
    const { pattern: _p, patternMessage: _m, maxLength: _l, ...rest } = common;
    return finish(schema, rest, { widget: 'text' });
  },

  integer<const Req extends boolean = false>(common: Common<Req> & { min?: number; max?: number }) {
    const { min, max, ...rest } = common;
    return finish(numberSchema(true, min, max), rest, { widget: 'integer', min, max });
  },

  number<const Req extends boolean = false>(common: Common<Req> & { min?: number; max?: number }) {
    const { min, max, ...rest } = common;
    return finish(numberSchema(false, min, max), rest, { widget: 'number', min, max });
  },

  latitude<const Req extends boolean = false>(common: Common<Req>) {
    return finish(numberSchema(false, -90, 90), common, { widget: 'latitude', min: -90, max: 90 });
  },

  longitude<const Req extends boolean = false>(common: Common<Req>) {
    return finish(numberSchema(false, -180, 180), common, { widget: 'longitude', min: -180, max: 180 });
  },

  boolean<const Req extends boolean = false>(common: Common<Req>) {
    const schema = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be true or false'),
    });
    return finish(schema, common, { widget: 'boolean', options: ['true', 'false'] });
  },

  /** One of fixed choices. Numbers travel as their text (F's cylinders). */
  enum<const T extends readonly [string, ...string[]], const Req extends boolean = false>(common: Common<Req> & { options: T }) {
    const { options, ...rest } = common;
    const schema = z.enum(options, {
      error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${options.join(', ')}`),
    });
    return finish(schema, rest, { widget: 'enum', options });
  },

  /** A comma-separated list, e.g. `USD,GBP` or `1,2`; parsed to an array, sent joined by commas. */
  list<const Req extends boolean = false>(
    common: Common<Req> & { item?: RegExp; itemMessage?: string; maxItems?: number; suggestions?: readonly string[] },
  ) {
    const { item, itemMessage, maxItems, suggestions, ...rest } = common;
    const schema = z
      .string(requiredMessage)
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .check((ctx) => {
        const items = ctx.value;
        if (items.length === 0) ctx.issues.push({ code: 'custom', message: 'is required', input: ctx.value });
        if (maxItems !== undefined && items.length > maxItems)
          ctx.issues.push({ code: 'custom', message: `must list at most ${maxItems} items`, input: ctx.value });
        const bad = item ? items.filter((entry) => !item.test(entry)) : [];
        if (bad.length > 0)
          ctx.issues.push({ code: 'custom', message: `${itemMessage ?? 'has invalid items'}: ${bad.join(', ')}`, input: ctx.value });
      });
    return finish(schema, rest, { widget: 'list', options: suggestions });
  },

  /**
   * A calendar day, YYYY-MM-DD on the wire. `min` is the first day accepted; `notAfterToday`
   * refuses a day after today (UTC), for data that exists only for days that have begun.
   */
  date<const Req extends boolean = false>(common: Common<Req> & { min?: string; notAfterToday?: boolean }) {
    const { min, notAfterToday, ...rest } = common;
    let schema = z
      .string(requiredMessage)
      .regex(DATE, { error: 'must be a date YYYY-MM-DD' })
      .refine(isRealDate, { error: 'is not a real calendar date' });
    if (min) schema = schema.refine((value) => value >= min, { error: `must be on or after ${min}` });
    // Today is read at each parse, so a long-running server moves on with the calendar.
    if (notAfterToday)
      schema = schema.refine((value) => value <= todayUtc(), { error: () => `must not be in the future (today is ${todayUtc()}, UTC)` });
    return finish(schema, rest, { widget: 'date', ...(min && { minDate: min }), ...(notAfterToday && { notAfterToday }) });
  },

  datetime<const Req extends boolean = false>(common: Common<Req>) {
    const schema = z
      .string(requiredMessage)
      .regex(ISO_DATETIME, { error: 'must be a date-time like 2020-12-01T15:53:00.000Z' })
      .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'is not a real date-time' });
    return finish(schema, common, { widget: 'datetime' });
  },

  /** Epoch milliseconds (T's published_before/after). */
  epochMs<const Req extends boolean = false>(common: Common<Req>) {
    return finish(numberSchema(true, 0, 8.64e15), common, { widget: 'epoch-ms', min: 0 });
  },

  /** A distance with a unit: `10mi`, `.25mi`, `15km`, `500m`, `300ft` (L, M). */
  distance<const Req extends boolean = false>(common: Common<Req>) {
    const schema = z
      .string(requiredMessage)
      .trim()
      .regex(DISTANCE, { error: 'must be a number with a unit: mi, km, ft or m (e.g. 10mi, .25mi, 15km)' });
    return finish(schema, common, { widget: 'distance' });
  },

  /** "lat,lon,radius" with the radius in metres (B's prox). */
  prox<const Req extends boolean = false>(common: Common<Req> & { maxRadius: number }) {
    const { maxRadius, ...rest } = common;
    // Forwarded as the checked `lat,lon,radius` without the spaces a person may type after commas.
    const schema = z
      .string(requiredMessage)
      .check((ctx) => {
        const message = proxProblem(ctx.value, maxRadius);
        if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
      })
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .join(','),
      );
    return finish(schema, rest, { widget: 'prox', max: maxRadius });
  },
};

function proxProblem(value: string, maxRadius: number): string | undefined {
  const parsed = parseProx(value);
  if (!parsed) return 'must be lat,lon,radius (e.g. 52.52,13.40,5000)';
  if (parsed.lat < -90 || parsed.lat > 90) return 'latitude must be between -90 and 90';
  if (parsed.lon < -180 || parsed.lon > 180) return 'longitude must be between -180 and 180';
  if (parsed.radius <= 0 || parsed.radius > maxRadius) return `radius must be between 1 and ${maxRadius} metres`;
  return undefined;
}

/**
 * Reads the hints a builder attached; undefined for a field built without one. Takes any zod
 * schema, including the `z.core.$ZodType` values of an object's `shape`, so callers need no cast.
 */
export function paramMeta(schema: z.core.$ZodType): ParamMeta | undefined {
  return paramHints.get(schema);
}

export type DistanceUnit = 'mi' | 'km' | 'ft' | 'm';

/** Metres in one of each unit a distance parameter takes. */
export const DISTANCE_UNIT_METRES: Readonly<Record<DistanceUnit, number>> = { mi: 1609.344, km: 1000, ft: 0.3048, m: 1 };

/** Converts a distance like `10mi` or `.25mi` to metres. */
export function distanceToMetres(value: string): number | undefined {
  const match = DISTANCE.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * DISTANCE_UNIT_METRES[match[3] as DistanceUnit];
}

/** Each parameter's widget, in the definition's order: what describeQuery (describe-query.ts) reads of a definition. */
export function paramWidgets(params: { shape: Record<string, z.core.$ZodType> }): Record<string, Widget> {
  return Object.fromEntries(Object.entries(params.shape).map(([name, field]) => [name, paramMeta(field)?.widget ?? 'text']));
}
