import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MissingCoordinates } from './missing-coordinates.tsx';

// Each test starts from an empty document (no global auto-cleanup in this setup).
afterEach(cleanup);

describe('MissingCoordinates', () => {
  it('counts and names the records without coordinates; each opens its table row', async () => {
    const onOpenTable = vi.fn();
    const missing = [
      { index: 1, label: 'Station Nord' },
      { index: 4, label: 'Station Süd' },
      { index: 6, label: 'Record 7' },
    ];
    render(<MissingCoordinates missing={missing} onOpenTable={onOpenTable} />);
    expect(screen.getByText('3 records have no coordinates')).toBeInTheDocument();
    await userEvent.click(screen.getByText('3 records have no coordinates'));
    await userEvent.click(screen.getByRole('button', { name: 'Station Süd' }));
    expect(onOpenTable).toHaveBeenCalledWith(4);
  });

  it('renders nothing when every record has a place', () => {
    const { container } = render(<MissingCoordinates missing={[]} onOpenTable={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
