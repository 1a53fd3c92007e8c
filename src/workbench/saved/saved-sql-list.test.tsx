// Saved SQL queries as items of the collections (issue 26): listed by collection on the Saved
// page, opening /sql with their query, and imported back from a collections file.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { writeCollectionsFile } from './collection-format.ts';
import { ImportReview } from './import-review.tsx';
import { readSavedSql, saveSql } from './saved-sql.ts';
import { SavedSqlList } from './saved-sql-list.tsx';
import { clearSavedQueries } from './saved-store.ts';
import { useSavedSql } from './use-saved-sql.ts';

beforeEach(() => localStorage.clear());
afterEach(() => clearSavedQueries());

function LiveList() {
  return <SavedSqlList saved={useSavedSql()} />;
}

describe('saved SQL queries on the Saved page', () => {
  it('lists them by collection, each opening /sql with its query, and deletes one', async () => {
    saveSql('Offenses per zip', 'select zip, count(*) from bulk_zips group by 1', 'Crime');
    saveSql('Calls by hour', 'select 1');
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <LiveList />
      </MemoryRouter>,
    );
    const crime = screen.getByRole('region', { name: 'SQL queries in collection Crime' });
    const link = within(crime).getByRole('link', { name: 'Offenses per zip' });
    expect(new URL(link.getAttribute('href')!, 'http://app').searchParams.get('sql')).toBe(
      'select zip, count(*) from bulk_zips group by 1',
    );
    expect(screen.getByRole('region', { name: 'SQL queries in collection My queries' })).toHaveTextContent('Calls by hour');
    await user.click(within(crime).getByRole('button', { name: 'Delete “Offenses per zip”' }));
    expect(screen.queryByRole('region', { name: 'SQL queries in collection Crime' })).toBeNull();
    expect(readSavedSql().map((saved) => saved.name)).toEqual(['Calls by hour']);
  });

  it('imports the SQL queries of a collections file, and says how many', async () => {
    saveSql('Offenses per zip', 'select 2', 'Crime', localStorage, 1);
    const text = writeCollectionsFile([], new Date(), readSavedSql());
    localStorage.clear();
    const user = userEvent.setup();
    render(<ImportReview />);
    await user.upload(
      screen.getByLabelText('Import a collections file or a Postman collection'),
      new File([text], 'sql.json', { type: 'application/json' }),
    );
    expect(await screen.findByText('Imported 1 SQL query.')).toBeInTheDocument();
    expect(readSavedSql().map(({ name, collection, sql }) => [name, collection, sql])).toEqual([['Offenses per zip', 'Crime', 'select 2']]);
  });
});
