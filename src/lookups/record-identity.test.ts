// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeIdentity, readIdentity } from './record-identity.ts';
import type { AnyOperation } from './define-lookup.ts';

describe('readIdentity', () => {
  it('reads a field, a nested path, numbers as text', () => {
    expect(readIdentity('id', { id: 550 })).toBe('550');
    expect(readIdentity('identifier.Id', { identifier: { Id: 7 } })).toBe('7');
    expect(readIdentity('code', { code: 'X1' })).toBe('X1');
  });

  it('has none for a missing, empty, null or object value', () => {
    expect(readIdentity('id', {})).toBeUndefined();
    expect(readIdentity('id', { id: '' })).toBeUndefined();
    expect(readIdentity('id', { id: null })).toBeUndefined();
    expect(readIdentity('id', { id: { nested: 1 } })).toBeUndefined();
    expect(readIdentity('id', 'not a record')).toBeUndefined();
  });

  it('joins the parts of a composite identity without ambiguity, a missing part kept as a gap', () => {
    expect(readIdentity(['make', 'model'], { make: 'a|b', model: 'c' })).not.toBe(
      readIdentity(['make', 'model'], { make: 'a', model: 'b|c' }),
    );
    expect(readIdentity(['a', 'b'], { a: 'x' })).toBe('["x",null]');
    expect(readIdentity(['p', 'xy'], { p: 'd', xy: [1.5, 2] })).toBe('["d","[1.5,2]"]');
    expect(readIdentity(['a', 'b'], {})).toBeUndefined();
  });

  it('calls a function identity, an empty key counting as none', () => {
    expect(readIdentity((record) => String((record as { k: string }).k), { k: 'z' })).toBe('z');
    expect(readIdentity(() => '', {})).toBeUndefined();
  });
});

describe('describeIdentity', () => {
  const operation = (identity: AnyOperation['identity']) => ({ identity }) as AnyOperation;
  it('reads the identity in a sentence', () => {
    expect(describeIdentity(operation('incident_code'))).toBe('incident_code');
    expect(describeIdentity(operation(['make', 'model']))).toBe('make + model');
    expect(describeIdentity(operation(() => 'x'))).toBe('a composite key');
    expect(describeIdentity(operation(undefined))).toBeUndefined();
  });
});
