import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { movie } from '../../lookups/a-movie.ts';
import { chargingStations } from '../../lookups/b-charging-stations.ts';
import { LOOKUP_CONFIG_PATH, type LookupConfigDocument } from '../../lookups/wire.ts';
import { makeResponse } from '../testing/fixtures.ts';
import { setupViewerTests } from '../testing/render-viewer.tsx';
import { RequestView } from './request-view.tsx';

setupViewerTests();
afterEach(() => vi.unstubAllGlobals());

const SNIPPETS = ['curl', 'JavaScript fetch', 'Python requests'];

describe('RequestView', () => {
  const response = makeResponse(
    {},
    {
      url: '/proxy/a/movie/550?language=en-US',
      headers: [
        ['x-lookup-source', 'demo'],
        ['content-type', 'application/json'],
      ],
    },
  );

  it('shows the upstream request with the key placeholder, the proxy URL and the response headers', async () => {
    render(
      <RequestView lookup={movie} operation={movie.operations[0]} params={{ movie_id: 550, language: 'en-US' }} response={response} />,
    );
    expect(screen.getByText('GET {base_url}/movie/550?language=en-US&api_key=<API_KEY>')).toBeInTheDocument();
    expect(screen.getByText('GET /proxy/a/movie/550?language=en-US')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Response headers (2)'));
    expect(screen.getByText('x-lookup-source')).toBeVisible();
  });

  it('copies snippets that hold <API_KEY>', async () => {
    const user = userEvent.setup();
    render(<RequestView lookup={movie} operation={movie.operations[0]} params={{ movie_id: 550 }} response={undefined} />);
    for (const name of SNIPPETS) {
      expect(screen.getByLabelText(`${name} snippet`)).toHaveTextContent('<API_KEY>');
      await user.click(screen.getByRole('button', { name: `Copy ${name} snippet` }));
      expect(await navigator.clipboard.readText()).toContain('<API_KEY>');
    }
    expect(screen.getByText('GET /proxy/a/movie/550')).toBeInTheDocument();
  });

  it("offers a ready-to-run curl against this page's own server, without a key", async () => {
    const user = userEvent.setup();
    render(<RequestView lookup={movie} operation={movie.operations[0]} params={{ movie_id: 550 }} response={undefined} />);
    const snippet = screen.getByLabelText('curl via this server snippet');
    expect(snippet).toHaveTextContent(`curl -sS -X GET '${window.location.origin}/proxy/a/movie/550'`);
    expect(snippet.textContent).not.toContain('<API_KEY>');
    await user.click(screen.getByRole('button', { name: 'Copy curl via this server snippet' }));
    expect(await navigator.clipboard.readText()).toBe(`curl -sS -X GET '${window.location.origin}/proxy/a/movie/550'`);
  });
});

describe('RequestView with the key placement the server publishes', () => {
  const json = chargingStations.operations[0];
  const params = { prox: '52.52,13.405,5000', connectortype: ['29', '33'] };
  const target = `${json.path}?prox=52.52%2C13.405%2C5000&connectortype=29%2C33`;

  function serverSays(document: LookupConfigDocument | Error) {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      if (document instanceof Error) throw document;
      return Response.json(document);
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  function renderWithClient(children: ReactNode) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
  }

  it('shows B’s key as the X-Api-Key header in the request and every snippet when LOOKUP_B_KEY_HEADER=X-Api-Key', async () => {
    const fetchMock = serverSays({
      lookups: {
        A: { mode: 'demo', key: { in: 'query', name: 'api_key' } },
        B: { mode: 'live', key: { in: 'header', name: 'X-Api-Key' } },
      },
    });
    const user = userEvent.setup();
    renderWithClient(<RequestView lookup={chargingStations} operation={json} params={params} response={undefined} />);

    expect(await screen.findByText(`GET {base_url}${target} X-Api-Key: <API_KEY>`)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(LOOKUP_CONFIG_PATH, expect.anything());
    expect(screen.getByText('X-Api-Key', { selector: 'code' })).toBeInTheDocument();
    // The proxy URL the browser calls never carries a key, wherever it travels upstream.
    expect(screen.getByText(`GET /proxy/b${target}`)).toBeInTheDocument();
    for (const name of SNIPPETS) {
      const snippet = screen.getByLabelText(`${name} snippet`);
      expect(snippet).toHaveTextContent('X-Api-Key');
      expect(snippet).toHaveTextContent('<API_KEY>');
      expect(snippet.textContent).not.toMatch(/api_key/);
      await user.click(screen.getByRole('button', { name: `Copy ${name} snippet` }));
      const copied = await navigator.clipboard.readText();
      expect(copied).toMatch(/X-Api-Key["']?: ["']?<API_KEY>/);
      expect(copied).not.toMatch(/api_key/);
    }
  });

  it('shows a query parameter under the name the server configured (LOOKUP_A_KEY_PARAM)', async () => {
    serverSays({ lookups: { A: { mode: 'live', key: { in: 'query', name: 'apikey' } } } });
    renderWithClient(<RequestView lookup={movie} operation={movie.operations[0]} params={{ movie_id: 550 }} response={undefined} />);
    expect(await screen.findByText('GET {base_url}/movie/550?apikey=<API_KEY>')).toBeInTheDocument();
    expect(screen.getByLabelText('Python requests snippet')).toHaveTextContent('"apikey": "<API_KEY>"');
  });

  it('falls back to the definition’s placement when the server cannot say', async () => {
    const fetchMock = serverSays(new TypeError('Failed to fetch'));
    renderWithClient(<RequestView lookup={chargingStations} operation={json} params={params} response={undefined} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByText(`GET {base_url}${target}&api_key=<API_KEY>`)).toBeInTheDocument();
  });

  it('ignores a document that does not meet the wire schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => Response.json({ lookups: { B: { mode: 'live', key: { in: 'cookie', name: 'k' } } } })),
    );
    renderWithClient(<RequestView lookup={chargingStations} operation={json} params={params} response={undefined} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByText(`GET {base_url}${target}&api_key=<API_KEY>`)).toBeInTheDocument();
  });
});
