import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { distanceToMetres, param, paramHints, paramMeta, parseProx } from './param.ts';

const common = { in: 'query', title: 'T', help: 'h' } as const;

function messages(schema: z.ZodObject, input: Record<string, unknown>) {
  // The first message per field, as the form shows it.
  const found: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('number parameters', () => {
  const schema = z.object({
    id: param.integer({ ...common, required: true, min: 1 }),
    lat: param.latitude(common),
  });

  it('says a missing or empty required number is required, not that it is not a number', () => {
    expect(messages(schema, {})).toEqual({ id: 'is required' });
    expect(messages(schema, { id: '  ' })).toEqual({ id: 'is required' });
  });

  it('parses text, and names the problem with the value', () => {
    expect(schema.parse({ id: '42', lat: '52.5' })).toEqual({ id: 42, lat: 52.5 });
    expect(messages(schema, { id: '2.5', lat: '91' })).toEqual({ id: 'must be a whole number', lat: 'must be between -90 and 90' });
    expect(messages(schema, { id: 'abc' })).toEqual({ id: 'must be a whole number' });
    expect(messages(schema, { id: '0' })).toEqual({ id: 'must be at least 1' });
  });

  it('refuses numeric forms no provider expects, with a message that says why', () => {
    // Number() would read every one of these; the proxy must not forward them as typed.
    for (const text of ['0x226', '1e3', ' 550', '550 ', '0b11', '0o7', '+5', 'Infinity']) {
      const problem =
        text === 'Infinity' ? 'must be a whole number' : 'must be a whole number written in plain digits (no spaces, hex or exponent)';
      expect(messages(schema, { id: text }), text).toEqual({ id: problem });
    }
    expect(schema.parse({ id: '7', lat: '-.5' })).toEqual({ id: 7, lat: -0.5 });
  });

  it('keeps its hints for the form', () => {
    expect(paramMeta(schema.shape.lat)).toMatchObject({ widget: 'latitude', min: -90, max: 90, required: false });
  });
});

describe('text-like parameters', () => {
  const schema = z.object({
    on: param.boolean(common),
    kind: param.enum({ ...common, options: ['a', 'b'] }),
    codes: param.list({ ...common, item: /^[A-Z]{3}$/, itemMessage: 'must be three-letter codes', maxItems: 2 }),
    day: param.date({ ...common, min: '1999-01-01' }),
    at: param.datetime(common),
    distance: param.distance(common),
    prox: param.prox({ ...common, maxRadius: 200000 }),
  });

  it('parses valid text into typed values', () => {
    expect(
      schema.parse({
        on: 'true',
        kind: 'b',
        codes: 'USD, GBP',
        day: '2020-02-29',
        at: '2020-12-01T15:53:00.000Z',
        distance: '.25mi',
        prox: '52.52,13.40,5000',
      }),
    ).toEqual({
      on: true,
      kind: 'b',
      codes: ['USD', 'GBP'],
      day: '2020-02-29',
      at: '2020-12-01T15:53:00.000Z',
      distance: '.25mi',
      prox: '52.52,13.40,5000',
    });
  });

  it('names each problem', () => {
    expect(
      messages(schema, {
        on: 'yes',
        kind: 'c',
        codes: 'USD,usd,EUR',
        day: '2021-02-29',
        at: 'yesterday',
        distance: '10 miles',
        prox: '52.52,13.40,500000',
      }),
    ).toEqual({
      on: 'must be true or false',
      kind: 'must be one of a, b',
      codes: 'must list at most 2 items',
      day: 'is not a real calendar date',
      at: 'must be a date-time like 2020-12-01T15:53:00.000Z',
      distance: 'must be a number with a unit: mi, km, ft or m (e.g. 10mi, .25mi, 15km)',
      prox: 'radius must be between 1 and 200000 metres',
    });
    expect(messages(schema, { codes: 'usd', day: '1998-12-31' })).toEqual({
      codes: 'must be three-letter codes: usd',
      day: 'must be on or after 1999-01-01',
    });
  });
});

describe('helpers', () => {
  it('reads prox and converts distances', () => {
    expect(parseProx('52.52, 13.4, 5000')).toEqual({ lat: 52.52, lon: 13.4, radius: 5000 });
    expect(parseProx('52.52,13.4')).toBeUndefined();
    expect(distanceToMetres('.25mi')).toBeCloseTo(402.336);
    expect(distanceToMetres('15km')).toBe(15000);
    expect(distanceToMetres('15 parsecs')).toBeUndefined();
  });
});

describe('hints', () => {
  it('keeps each builder’s hints in the typed paramHints registry, not in zod’s global metadata', () => {
    const id = param.integer({ ...common, required: true, min: 1, example: '7' });
    expect(paramHints.get(id)).toEqual({
      in: 'query',
      title: 'T',
      help: 'h',
      widget: 'integer',
      required: true,
      min: 1,
      max: undefined,
      example: '7',
    });
    expect(paramMeta(id)).toBe(paramHints.get(id));
    expect(z.globalRegistry.get(id)).toBeUndefined();
    expect(paramMeta(z.string())).toBeUndefined();
  });

  it('types a required field without undefined and an optional one with it', () => {
    const schema = z.object({ id: param.integer({ ...common, required: true }), q: param.text(common) });
    const parsed: { id: number; q?: string | undefined } = schema.parse({ id: '1' });
    expect(parsed).toEqual({ id: 1 });
  });
});
