// OwnViewProps around a sample body, for the views' component tests: the body goes through the
// interpreter, as in the app, read against the operation of the view's lookup.
import { vi } from 'vitest';
import type { OwnViewProps } from '../../results/slots.ts';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import { interpretAnswer } from '../../lookups/answer.ts';
import { movie } from '../../lookups/a-movie.ts';

export function viewProps(body: unknown, lookup: AnyLookup = movie, overrides: Partial<OwnViewProps> = {}): OwnViewProps {
  const operation = lookup.operations[0];
  return {
    lookup,
    operation,
    params: {},
    answer: interpretAnswer(lookup, operation, {}, { body }, { mask: false }),
    selectedIndex: undefined,
    onSelect: vi.fn(),
    ...overrides,
  };
}
