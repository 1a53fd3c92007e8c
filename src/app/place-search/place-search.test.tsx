// "Find a place" is an APG combobox: typing lists the demo's places and says how many match, the
// arrow keys move through them, Enter sets the search point in the form (keeping the radius) without
// sending it, Escape closes the list and then clears the box; nothing found is said at the box.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Operation } from '../../lookups/define-lookup.ts';
import type { FormValues } from '../../form/form-values.ts';
import { allLookups } from '../../lookups/registry.ts';
import PlaceSearch from './place-search.tsx';

const locationOperations = allLookups.flatMap((lookup) => lookup.operations).filter((operation) => operation.locationSearch);
const byKind = (kind: string) => locationOperations.find((operation) => operation.locationSearch?.kind === kind)!;
const DENVER = { lat: 39.7392, lon: -104.9903 };

/** The box inside a form, as on the lookup page, with the values it writes kept as the page keeps them. */
function renderBox(operation: Operation, initial: FormValues = operation.example as FormValues) {
  const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
  const written: FormValues[] = [];
  function Page() {
    const [values, setValues] = useState(initial);
    return (
      <form onSubmit={onSubmit}>
        <PlaceSearch
          operation={operation}
          values={values}
          onValuesChange={(next) => {
            written.push(next);
            setValues(next);
          }}
        />
      </form>
    );
  }
  render(<Page />);
  return { box: screen.getByRole('combobox', { name: 'Find a place' }), onSubmit, written };
}

describe('the place search box', () => {
  it('is found for every operation that searches by location, of both kinds', () => {
    expect(new Set(locationOperations.map((operation) => operation.locationSearch!.kind))).toEqual(new Set(['prox', 'lat-lon-distance']));
  });

  it('lists the matching places, says how many, and what it covers', async () => {
    const { box } = renderBox(byKind('lat-lon-distance'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAccessibleDescription(/^Places the demo knows: every US zip area.*the demo’s cities\./);
    await userEvent.type(box, 'portland');
    const list = await screen.findByRole('listbox', { name: 'Places' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Portland, OR', 'Portland, ME']);
    expect(screen.getByRole('status')).toHaveTextContent('2 places match.');
  });

  it('moves through the suggestions with the arrow keys, and Enter sets the point without sending the form', async () => {
    const operation = byKind('lat-lon-distance');
    const search = operation.locationSearch as { lat: string; lon: string; distance: string };
    const { box, onSubmit, written } = renderBox(operation);
    await userEvent.type(box, 'Denver');
    const denver = await screen.findByRole('option', { name: 'Denver, CO' });
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', denver.id);
    expect(denver).toHaveAttribute('aria-selected', 'true');
    // Past either end the selection wraps round.
    const options = screen.getAllByRole('option');
    await userEvent.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options.at(-1)!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', denver.id);

    await userEvent.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box).toHaveValue('Denver, CO');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('status')).toHaveTextContent('Search point set to Denver, CO.');
    // The point moves; the radius and every other field stay as they were.
    expect(written).toEqual([{ ...operation.example, [search.lat]: String(DENVER.lat), [search.lon]: String(DENVER.lon) }]);
  });

  it('writes the one "lat,lon,radius" parameter of a prox search, keeping its radius', async () => {
    const operation = byKind('prox');
    const param = (operation.locationSearch as { param: string }).param;
    const { box, written } = renderBox(operation);
    const radius = String(operation.example[param]).split(',')[2];
    await userEvent.type(box, 'denver, co');
    await screen.findByRole('option', { name: 'Denver, CO' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(written.at(-1)?.[param]).toBe(`${DENVER.lat},${DENVER.lon},${radius}`);
  });

  it('takes a zip code to the centre of its 3-digit area, and says so', async () => {
    const { box, written } = renderBox(byKind('lat-lon-distance'));
    await userEvent.type(box, '80202');
    expect(await screen.findByRole('option', { name: 'Denver, CO — centre of the 802 zip area' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 place matches.');
    // Enter with no suggestion reached takes the first.
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Search point set to Denver, CO (centre of the 802 zip area).');
    expect(written).toHaveLength(1);
  });

  it('Escape closes the list, then clears the box', async () => {
    const { box, written } = renderBox(byKind('lat-lon-distance'));
    await userEvent.type(box, 'new york');
    await screen.findByRole('option', { name: 'New York, NY' });
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('new york');
    // Down opens the list again.
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
    expect(written).toEqual([]);
  });

  it('says at the box when no place the demo knows matches', async () => {
    const { box, written } = renderBox(byKind('lat-lon-distance'));
    await userEvent.type(box, 'Atlantis');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No place the demo knows matches “Atlantis”.'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(written).toEqual([]);
  });

  it('picks with the mouse too, keeping the focus in the box', async () => {
    const { box, written } = renderBox(byKind('lat-lon-distance'));
    await userEvent.type(box, 'san francisco');
    const option = await screen.findByRole('option', { name: 'San Francisco, CA' });
    fireEvent.mouseDown(option);
    fireEvent.click(option);
    expect(box).toHaveFocus();
    expect(box).toHaveValue('San Francisco, CA');
    expect(written).toHaveLength(1);
  });
});
