// Property: whatever text fills a lookup's form fields, the form either names a problem (at a
// field, or a whole-form rule) and sends nothing, or yields a request whose every value the
// proxy's own parse accepts again unchanged: a request sent with invalid parameters cannot happen.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyOperation } from '../lookups/define-lookup.ts';
import { paramMeta } from '../lookups/param.ts';
import { matchPath } from '../lookups/path-template.ts';
import { allLookups } from '../lookups/registry.ts';
import { buildRequest } from '../lookups/request.ts';
import type { FormValues } from './form-values.ts';
import { validateValues } from './validate-values.ts';

/** Text a person (or a pasted link) might put in a field: anything, plus near-misses of the valid. */
function fieldText(operation: AnyOperation, name: string): fc.Arbitrary<string> {
  const example = operation.example[name];
  const options = paramMeta(operation.params.shape[name]!)?.options ?? [];
  return fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '1e3',
      '0x1f',
      ' 550',
      '9'.repeat(20),
      'NaN',
      '2024-02-30',
      'a,b',
      '../x',
      '%2F',
      'x;api_key=evil',
      ...options,
    ),
    fc.double({ noNaN: true }).map(String),
    fc.integer().map(String),
    example === undefined ? fc.constant('') : fc.constantFrom(example, ` ${example}`, `${example}x`),
  );
}

function formValues(operation: AnyOperation): fc.Arbitrary<FormValues> {
  const names = Object.keys(operation.params.shape);
  return fc.record(Object.fromEntries(names.map((name) => [name, fieldText(operation, name)])), {
    requiredKeys: [],
  }) as fc.Arbitrary<FormValues>;
}

/** What the proxy parses from a built request: path parameters from the filled path, the query pairs, the body. */
function reparse(operation: AnyOperation, request: ReturnType<typeof buildRequest>) {
  const match = matchPath(operation.path, request.path);
  if (!match.ok) throw new Error(`the built path ${request.path} does not match ${operation.path}`);
  return operation.params.safeParse({ ...match.params, ...Object.fromEntries(request.query), ...request.body });
}

describe('the form never sends invalid parameters', () => {
  for (const lookup of allLookups) {
    for (const operation of lookup.operations) {
      it(`${lookup.id} ${operation.id}: a message for bad input, or a request the proxy accepts as built`, () => {
        fc.assert(
          fc.property(formValues(operation), (values) => {
            const validation = validateValues(operation, values);
            if (!validation.ok) {
              const messages = [...Object.values(validation.errors.fields), ...validation.errors.form];
              expect(messages.length).toBeGreaterThan(0);
              for (const [name, message] of Object.entries(validation.errors.fields)) {
                expect(name in operation.params.shape).toBe(true);
                expect(message.startsWith(name)).toBe(true);
              }
              return;
            }
            const request = buildRequest(operation, validation.params);
            expect(request.incomplete).toBe(false);
            const again = reparse(operation, request);
            expect(again.success, JSON.stringify(again.error?.issues)).toBe(true);
            expect(again.data).toEqual(validation.params);
          }),
          { numRuns: 150, seed: 20261123 },
        );
      });
    }
  }
});
