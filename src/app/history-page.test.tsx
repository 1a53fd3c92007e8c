// The History page: the list newest first, search, delete one, clear all after asking, "do not
// record", and the links that replay a query or reopen its stored answer.
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearHistory, historyStore } from '../workbench/history/history-store.ts';
import { isRecordingEnabled, setRecordingEnabled } from '../workbench/history/recording-preference.ts';
import { newEntry, personalLookup, plainLookup } from '../workbench/history/history-testing.ts';
import { HistoryPage } from './history-page.tsx';

function renderPage(path = '/history') {
  const router = createMemoryRouter(
    [
      { path: '/history', element: <HistoryPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function seed() {
  await historyStore().add(newEntry(Date.UTC(2026, 0, 1, 9), { lookup: plainLookup, params: { city: 'Springfield' } }));
  const failed = newEntry(Date.UTC(2026, 0, 1, 10), { lookup: personalLookup, params: { city: 'Shelbyville' } });
  await historyStore().add({ entry: { ...failed.entry, status: 502 }, answer: undefined });
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

beforeEach(() => clearHistory());
afterEach(() => {
  setRecordingEnabled(true);
  window.localStorage.clear();
});

describe('the History page', () => {
  it('lists every request newest first, with what came back and what is kept', async () => {
    await seed();
    renderPage();
    expect(await screen.findByText('2 requests, newest first.')).toBeInTheDocument();
    const [newest, oldest] = rows();
    expect(newest).toHaveTextContent(`${personalLookup.id} ${personalLookup.title}`);
    expect(newest).toHaveTextContent('city=Shelbyville');
    expect(newest).toHaveTextContent('502');
    expect(newest).toHaveTextContent('metadata only');
    expect(within(newest!).queryByRole('link', { name: /Open stored answer/ })).not.toBeInTheDocument();
    expect(oldest).toHaveTextContent('city=Springfield');
    expect(oldest).toHaveTextContent('stored');
    expect(oldest).toHaveTextContent('demo');
    const replay = within(oldest!).getByRole('link', { name: 'Replay' });
    expect(replay).toHaveAttribute('href', `/lookups/${plainLookup.slug}?run`);
    // Each action says which entry it is for.
    expect(replay).toHaveAccessibleDescription(new RegExp(`${plainLookup.title}.*city=Springfield`));
    const open = within(oldest!).getByRole('link', { name: 'Open stored answer' });
    expect(open.getAttribute('href')).toMatch(new RegExp(`^/lookups/${plainLookup.slug}\\?run&stored=`));
  });

  it('searches by parameter value, outcome and lookup, with the search in the URL', async () => {
    const user = userEvent.setup();
    await seed();
    const router = renderPage();
    await screen.findByText('2 requests, newest first.');
    await user.type(screen.getByRole('searchbox', { name: 'Search history' }), 'springf');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('city=Springfield');
    expect(router.state.location.search).toBe('?q=springf');
    await user.clear(screen.getByRole('searchbox', { name: 'Search history' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Failed');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('city=Shelbyville');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Any');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lookup' }), `${plainLookup.id}. ${plainLookup.title}`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('city=Springfield');
    await user.type(screen.getByRole('searchbox', { name: 'Search history' }), 'nowhere');
    expect(await screen.findByText('No request in the history matches.')).toBeInTheDocument();
  });

  it('deletes one entry', async () => {
    const user = userEvent.setup();
    await seed();
    renderPage();
    await screen.findByText('2 requests, newest first.');
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 request, newest first.')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('city=Springfield');
  });

  it('clears everything only after a confirmation', async () => {
    const user = userEvent.setup();
    await seed();
    renderPage();
    await screen.findByText('2 requests, newest first.');
    await user.click(screen.getByRole('button', { name: 'Clear all…' }));
    const confirm = screen.getByRole('group', { name: 'Confirm clearing the history' });
    expect(within(confirm).getByRole('button', { name: 'Delete all' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(rows()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear all…' }));
    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText(/No requests recorded yet/)).toBeInTheDocument();
    expect(await historyStore().list()).toEqual([]);
  });

  it('turns recording off and remembers it', async () => {
    const user = userEvent.setup();
    renderPage();
    const box = await screen.findByRole('checkbox', { name: 'Do not record requests' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    expect(isRecordingEnabled()).toBe(false);
    expect(window.localStorage.getItem('lx-history-recording')).toBe('off');
    expect(screen.getByText(/Recording is off/)).toBeInTheDocument();
  });
});
