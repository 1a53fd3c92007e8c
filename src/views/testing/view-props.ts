// OwnViewProps around a sample body, for the views' component tests.
import { vi } from 'vitest';
import type { OwnViewProps } from '../../results/slots.ts';
import { movie } from '../../lookups/a-movie.ts';

export function viewProps(body: unknown, overrides: Partial<OwnViewProps> = {}): OwnViewProps {
  return {
    lookup: movie,
    operation: movie.operations[0],
    params: {},
    body,
    records: [],
    masked: true,
    selectedIndex: undefined,
    onSelect: vi.fn(),
    ...overrides,
  };
}
