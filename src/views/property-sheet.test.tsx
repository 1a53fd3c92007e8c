import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PropertySheet from './property-sheet.tsx';
import { propertySample } from './testing/samples.ts';
import { propertyDetail } from '../lookups/d-property-detail.ts';
import { propertyMortgage } from '../lookups/g-property-mortgage.ts';
import { viewProps } from './testing/view-props.ts';

// Each test starts from an empty document (no global auto-cleanup in this setup).
afterEach(cleanup);

describe('PropertySheet', () => {
  it('shows the property and, for G, its mortgage', () => {
    render(<PropertySheet {...viewProps(propertySample, propertyMortgage)} />);
    expect(screen.getByRole('heading', { name: '4529 WINONA CT, DENVER, CO 80212' })).toBeInTheDocument();
    const size = screen.getByRole('region', { name: 'Size and rooms' });
    expect(within(size).getByText('1,414 sq ft', { selector: 'dd' })).toBeInTheDocument();
    const mortgage = screen.getByRole('region', { name: 'Mortgage' });
    expect(within(mortgage).getByText('$312,000')).toBeInTheDocument();
    expect(within(mortgage).getByText('14 Jun 2019')).toBeInTheDocument();
    // An empty due date is left out rather than shown blank.
    expect(within(mortgage).queryByText('Due')).toBeNull();
  });

  it('leaves the mortgage out for D and lets the user choose among several properties', async () => {
    const [first] = propertySample.property;
    const second = { ...first!, mortgage: undefined, address: { oneLine: '1 MAIN ST, AUSTIN, TX' } };
    const props = viewProps({ ...propertySample, property: [{ ...first!, mortgage: undefined }, second] }, propertyDetail);
    render(<PropertySheet {...props} />);
    expect(screen.queryByRole('region', { name: 'Mortgage' })).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Property' }), '1 MAIN ST, AUSTIN, TX');
    expect(props.onSelect).toHaveBeenCalledWith(1);
  });

  it('titles a masked property by its area and record id, not by the masked address', () => {
    const [first] = propertySample.property;
    const masked = {
      ...first!,
      identifier: { ...first!.identifier, Id: 184713191 },
      address: {
        ...first!.address,
        oneLine: '••• masked address 7f3ak2m9x0qd',
        line1: '••• masked address 0c4hx2p9trvw',
        locality: 'Phoenix',
        countrySubd: 'AZ',
        postal1: '85016',
      },
    };
    render(<PropertySheet {...viewProps({ ...propertySample, property: [masked] }, propertyDetail)} />);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Phoenix, AZ 85016 · #184713191');
  });
});
