// Choosing a file over the import cap (issue 22, item 9): refused where the file was chosen, with
// how many it holds and the cap, and nothing written.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COLLECTIONS_FORMAT } from './collection-format.ts';
import { ImportReview } from './import-review.tsx';
import { clearSavedQueries, listSavedQueries, putSavedQueries } from './saved-store.ts';
import { pathLookup, savedFrom } from './testing/saved-fixtures.ts';

afterEach(() => clearSavedQueries());

function fileOf(count: number, name: string, rename = (i: number) => `Query ${i}`): File {
  const { collection: _collection, ...entry } = savedFrom(pathLookup);
  const queries = Array.from({ length: count }, (_, i) => ({ ...entry, id: `q-${i}`, name: rename(i) }));
  return new File([JSON.stringify({ format: COLLECTIONS_FORMAT, version: 1, collections: [{ name: 'Big', queries }] })], name, {
    type: 'application/json',
  });
}

describe('importing a file', () => {
  it('refuses a file over the cap where it was chosen, and writes nothing', async () => {
    const user = userEvent.setup();
    render(<ImportReview />);
    const input = screen.getByLabelText('Import a collections file or a Postman collection');
    await user.upload(input, fileOf(6000, 'six-thousand.json'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      '“six-thousand.json” was not imported. This file holds 6,000 saved queries; one import takes at most 5,000. Split it into smaller files and import each.',
    );
    // The message sits with the file input, in the import's own box.
    expect(input.closest('.saved-import')).toContainElement(alert);
    expect(await listSavedQueries()).toEqual([]);
  });

  it('imports a file within the cap', async () => {
    const user = userEvent.setup();
    render(<ImportReview />);
    await user.upload(screen.getByLabelText('Import a collections file or a Postman collection'), fileOf(20, 'twenty.json'));
    expect(await screen.findByText('Imported 20 queries from the collections file “twenty.json”.')).toBeInTheDocument();
    expect(await listSavedQueries()).toHaveLength(20);
  });

  it('asks about the first 50 collisions one by one and settles the rest with one choice', async () => {
    const user = userEvent.setup();
    const { collection: _collection, ...entry } = savedFrom(pathLookup);
    await putSavedQueries(Array.from({ length: 60 }, (_, i) => ({ ...entry, collection: 'Big', id: `q-${i}`, name: `Query ${i}` })));
    render(<ImportReview />);
    await user.upload(
      screen.getByLabelText('Import a collections file or a Postman collection'),
      fileOf(60, 'renamed.json', (i) => `Renamed ${i}`),
    );
    const form = await screen.findByRole('form', { name: 'Resolve import conflicts' });
    expect(within(form).getAllByRole('group')).toHaveLength(51);
    const rest = within(form).getByRole('group', { name: 'The other 10 collisions' });
    await user.click(within(rest).getByLabelText('Replace the saved one'));
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('Imported 10 queries from the collections file “renamed.json”; 50 skipped at your choice.'),
    ).toBeInTheDocument();
    const names = (await listSavedQueries()).map((query) => query.name);
    expect(names.filter((name) => name.startsWith('Renamed')).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `Renamed ${50 + i}`).sort(),
    );
    expect(names).toHaveLength(60);
  });
});
