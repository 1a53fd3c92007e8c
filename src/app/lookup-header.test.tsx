import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lookups } from '../lookups/registry.ts';
import { LookupHeader } from './lookup-header.tsx';

describe('LookupHeader', () => {
  it('shows the lookup, its method and path, and the choices its definition records', async () => {
    const lookup = lookups.E;
    const operation = lookup.operations[1];
    render(<LookupHeader lookup={lookup} operation={operation} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Map cell grid points');
    expect(screen.getByText(operation.path)).toBeInTheDocument();
    const expected = [...(lookup.notes ?? []), ...(operation.notes ?? [])];
    await userEvent.click(screen.getByText(`Notes on this lookup (${expected.length})`));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(expected);
  });
});
