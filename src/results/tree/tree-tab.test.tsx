// The Tree tab's Query and Find boxes: results listed with count, path and preview, each a button
// that opens its place in the tree; an invalid expression says why at the field; and, on a body of
// 100,000 records, Find locates a value held only by record 99,999 and the tree shows it.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LookupResponse } from '../../api/lookup-response.ts';
import { closeAllDocuments } from '../document/shared-document.ts';
import { makeResponse } from '../testing/fixtures.ts';
import { setupViewerTests } from '../testing/render-viewer.tsx';
import { ownTextOf, TreeTab } from './tree-tab.tsx';

setupViewerTests();
afterEach(() => closeAllDocuments());

const stations = {
  total: 3,
  stations: [
    { id: 'st-1', name: 'North Gate', power: 50, open: true },
    { id: 'st-2', name: 'South Yard', power: 150, open: false },
    { id: 'st-3', name: 'East Pier', power: 22, open: true },
  ],
};

const activeRow = () => document.getElementById(screen.getByRole('tree').getAttribute('aria-activedescendant') ?? '');

function renderTab(body: unknown) {
  const response: LookupResponse = makeResponse(body);
  return render(<TreeTab response={response} body={response.body} format="json" />);
}

describe('TreeTab', () => {
  it('runs a JSONPath, lists the matches and opens the one picked in the tree', async () => {
    const user = userEvent.setup();
    renderTab(stations);
    const query = screen.getByRole('textbox', { name: 'JSONPath query' });
    expect(query).toHaveAttribute('placeholder', 'e.g. $.stations[*].id');
    await user.click(query);
    await user.paste('$.stations[?(@.power >= 50)].name');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('2 matches for $.stations[?(@.power >= 50)].name.');
    const results = within(screen.getByRole('list', { name: 'Query results' })).getAllByRole('button');
    expect(results.map((button) => button.textContent)).toEqual(['$.stations[0].name "North Gate"', '$.stations[1].name "South Yard"']);

    expect(screen.queryByText('"South Yard"', { selector: '.tree-value' })).not.toBeInTheDocument();
    await user.click(results[1]!);
    expect(results[1]).toHaveAttribute('aria-current', 'true');
    expect(activeRow()).toHaveTextContent('name: "South Yard"');
    expect(activeRow()).toHaveClass('is-target');
    expect(screen.getByRole('tree')).toHaveFocus();
  });

  it('says at the field why an expression does not read, and runs nothing', async () => {
    const user = userEvent.setup();
    renderTab(stations);
    const query = screen.getByRole('textbox', { name: 'JSONPath query' });
    await user.click(query);
    await user.paste('$.stations[?(@.power >= )]');
    await user.keyboard('{Enter}');
    expect(query).toHaveAttribute('aria-invalid', 'true');
    expect(query).toHaveAccessibleDescription(/Expected @, \$, a quoted text, a number, true, false or null at character 25, found “\)”/);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.type(query, 'x');
    expect(query).toHaveAttribute('aria-invalid', 'false');
  });

  it('finds keys and values, any case, and jumps to one', async () => {
    const user = userEvent.setup();
    renderTab(stations);
    await user.type(screen.getByRole('searchbox', { name: 'Find a key or value' }), 'pier{Enter}');
    expect(await screen.findByText('1 key or value found for “pier”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '$.stations[2].name value: "East Pier"' }));
    expect(activeRow()).toHaveTextContent('name: "East Pier"');

    await user.clear(screen.getByRole('searchbox', { name: 'Find a key or value' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a key or value' }), 'nowhere{Enter}');
    expect(await screen.findByText('No key or value found for “nowhere”.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Find results' })).not.toBeInTheDocument();
  });

  it('shows the text found in each result, marked, however far into a long value it sits', async () => {
    const user = userEvent.setup();
    const narrative = `${'Subject described as wearing a '.repeat(4)}grey hoodie and dark jeans.`;
    renderTab({ calls: [{ narrative, hoodie_seen: true }] });
    await user.type(screen.getByRole('searchbox', { name: 'Find a key or value' }), 'HOODIE{Enter}');
    expect(await screen.findByText('2 keys or values found for “HOODIE”.')).toBeInTheDocument();
    const [inValue, inKey] = within(screen.getByRole('list', { name: 'Find results' })).getAllByRole('button');
    expect(inValue).toHaveTextContent('$.calls[0].narrative value: "…ribed as wearing a grey hoodie and dark jeans."');
    expect(inValue!.querySelector('mark')).toHaveTextContent(/^hoodie$/);
    expect(inKey).toHaveTextContent('$.calls[0].hoodie_seen key: true');
    expect(inKey!.querySelector('.answer-query-path mark')).toHaveTextContent(/^hoodie$/);
  });

  it('says at the field that Find reads at most 1,000 characters, and searches nothing', async () => {
    const user = userEvent.setup();
    renderTab(stations);
    const find = screen.getByRole('searchbox', { name: 'Find a key or value' });
    await user.click(find);
    await user.paste('North'.repeat(20_000));
    await user.keyboard('{Enter}');
    expect(find).toHaveAttribute('aria-invalid', 'true');
    expect(find).toHaveAccessibleDescription('Find reads at most 1,000 characters; this text has 100,000.');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.type(find, 'x');
    expect(find).toHaveAttribute('aria-invalid', 'false');
  });

  it('lists a node as often as the query selects it (RFC 9535 keeps duplicates), each result its own', async () => {
    const user = userEvent.setup();
    renderTab({ a: { b: { c: 1 } } });
    await user.type(screen.getByRole('textbox', { name: 'JSONPath query' }), '$..*..*{Enter}');
    expect(await screen.findByText('3 matches for $..*..*.')).toBeInTheDocument();
    const results = within(screen.getByRole('list', { name: 'Query results' })).getAllByRole('button');
    expect(results.map((button) => button.textContent)).toEqual(['$.a.b {1 key}', '$.a.b.c 1', '$.a.b.c 1']);
    await user.click(results[2]!);
    expect(results.map((button) => button.getAttribute('aria-current'))).toEqual([null, null, 'true']);
  });

  it('finds a value held only by record 99,999 of 100,000 and shows it in the tree', async () => {
    const user = userEvent.setup();
    const incidents = Array.from({ length: 100_000 }, (_, index) => ({
      incident_code: `2025${String(index).padStart(6, '0')}`,
      incident_offense: 'Larceny/Theft Offenses',
      incident_address: index === 99_999 ? '1200 Block of Quince Lane' : `${index % 40}00 Block of Market St`,
    }));
    renderTab([{ total_incidents: 100_000, incidents }]);
    await user.type(screen.getByRole('searchbox', { name: 'Find a key or value' }), 'quince{Enter}');
    expect(await screen.findByText('1 key or value found for “quince”.', {}, { timeout: 20_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '$[0].incidents[99999].incident_address value: "1200 Block of Quince Lane"' }));
    await waitFor(() => expect(activeRow()).toHaveTextContent('incident_address: "1200 Block of Quince Lane"'));
    expect(screen.getByRole('treeitem', { name: /^99999 \{3 keys\}$/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('treeitem').length).toBeLessThan(100);
  });

  it('keeps what the boxes found when the tab is shown again', async () => {
    const user = userEvent.setup();
    const response = makeResponse(stations);
    const { unmount } = render(<TreeTab response={response} body={response.body} format="json" />);
    await user.type(screen.getByRole('textbox', { name: 'JSONPath query' }), '$..id{Enter}');
    expect(await screen.findByText('3 matches for $..id.')).toBeInTheDocument();
    unmount();
    render(<TreeTab response={response} body={response.body} format="json" />);
    expect(screen.getByRole('textbox', { name: 'JSONPath query' })).toHaveValue('$..id');
    expect(screen.getByText('3 matches for $..id.')).toBeInTheDocument();
  });

  it('starts afresh when the body changes under the same answer (masking switched on here)', async () => {
    const user = userEvent.setup();
    const response = makeResponse({ people: [{ name: 'Ada Lovelace' }] });
    const { rerender } = render(<TreeTab response={response} body={response.body} format="json" />);
    await user.type(screen.getByRole('searchbox', { name: 'Find a key or value' }), 'lovelace{Enter}');
    expect(await screen.findByRole('button', { name: '$.people[0].name value: "Ada Lovelace"' })).toBeInTheDocument();
    rerender(<TreeTab response={response} body={{ people: [{ name: 'Person 1' }] }} format="json" />);
    expect(screen.queryByText(/Lovelace/)).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Find a key or value' })).toHaveValue('');
    await user.type(screen.getByRole('searchbox', { name: 'Find a key or value' }), 'lovelace{Enter}');
    expect(await screen.findByText('No key or value found for “lovelace”.')).toBeInTheDocument();
  });
});

describe('ownTextOf', () => {
  it('hands over the answer text only when it is exactly the body shown', () => {
    const response = makeResponse(stations);
    expect(ownTextOf(response, response.body, 'json')).toBe(response.text);
    // Masked on the page: the masked value is what goes to the worker, never the text as received.
    expect(ownTextOf(response, structuredClone(response.body), 'json')).toBeUndefined();
    expect(ownTextOf(response, response.body, 'xml')).toBeUndefined();
    expect(ownTextOf({ ...response, stoppedAfter: 2 } as LookupResponse, response.body, 'json')).toBeUndefined();
  });
});
