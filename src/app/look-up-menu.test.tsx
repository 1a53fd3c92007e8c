import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lookups } from '../lookups/registry.ts';
import { LookUpMenu, recordLinks } from './look-up-menu.tsx';

const d = lookups.D;
const property = {
  identifier: { recordId: 184713191 },
  address: { postal1: '94103' },
  location: { latitude: '37.77', longitude: '-122.42' },
};

describe('Look up…', () => {
  it("links a property to G, H, L, M and B with the record's values in the target's URL", () => {
    const links = recordLinks(d, d.operations[0], property);
    expect(links.map((link) => link.to.split('?')[0])).toEqual(['/lookups/g', '/lookups/h', '/lookups/l', '/lookups/m', '/lookups/b']);
    expect(links[0]!.to).toBe('/lookups/g?recordid=184713191');
    expect(new URL(links[2]!.to, 'http://x').searchParams.get('lat')).toBe('37.77');
    expect(new URL(links[4]!.to, 'http://x').searchParams.get('prox')).toBe('37.77,-122.42,1609');
  });

  it('leaves out a link whose value the record lacks, and shows nothing when none is left', () => {
    const links = recordLinks(d, d.operations[0], { identifier: { recordId: 5 } });
    expect(links.map((link) => link.to)).toEqual(['/lookups/g?recordid=5']);
    const { container } = render(<LookUpMenu lookup={lookups.A} operation={lookups.A.operations[0]} record={{ id: 1 }} />, {
      wrapper: MemoryRouter,
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('opens as a disclosure of normal links', async () => {
    render(<LookUpMenu lookup={d} operation={d.operations[0]} record={property} />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByText('Look up…'));
    expect(screen.getByRole('link', { name: 'H. Registered offenders in this zip code' })).toHaveAttribute(
      'href',
      '/lookups/h?zipcode=94103',
    );
    expect(screen.getByRole('link', { name: 'Place dossier around this record' })).toHaveAttribute(
      'href',
      '/dossier?lat=37.77&lon=-122.42&radius=1609',
    );
  });
});
