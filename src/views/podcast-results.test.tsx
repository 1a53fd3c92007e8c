import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LOOKUP_CONFIG_PATH } from '../lookups/wire.ts';
import userEvent from '@testing-library/user-event';
import PodcastResults from './podcast-results.tsx';
import { podcastSample } from './testing/samples.ts';
import { podcastSearch } from '../lookups/t-podcast-search.ts';
import { viewProps } from './testing/view-props.ts';

// Each test starts from an empty document (no global auto-cleanup in this setup).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's /lookup-config.json publishing these media sources (none: the key absent), each render with a fresh cache. */
function serverPublishing(mediaSources?: string[]) {
  const fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input) === LOOKUP_CONFIG_PATH
      ? Response.json({ lookups: {}, ...(mediaSources && { mediaSources }) })
      : new Response('not here', { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    fetchMock,
    wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  };
}

const SVG_ART = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="100" height="100" fill="teal"/></svg>')}`;

/** The sample's first result with other artwork and audio. */
function sampleWith(fields: Record<string, string>) {
  return { ...podcastSample, results: [{ ...podcastSample.results[0], ...fields }] };
}

describe('PodcastResults', () => {
  it('shows each result as a card with its highlighted title, facts and links', () => {
    render(<PodcastResults {...viewProps(podcastSample, podcastSearch)} />);
    expect(screen.getByRole('heading', { name: /2 results of 1,204/ })).toBeInTheDocument();
    const card = screen.getByRole('listitem', { name: 'How to build a startup' });
    expect(within(card).getByText('startup', { selector: 'span.highlight' })).toBeInTheDocument();
    expect(within(card).getByText(/Startup Stories · 23 Jan 2024 · 45 min/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', 'https://feeds.example.com/startups');
    expect(within(card).getByText('lessons', { selector: 'b' })).toBeInTheDocument();
  });

  it('sanitises upstream HTML and refuses javascript: links', () => {
    const { container } = render(<PodcastResults {...viewProps(podcastSample, podcastSearch)} />);
    const card = screen.getByRole('listitem', { name: 'Evil startup' });
    expect(container.querySelector('script, img[onerror], iframe, [onclick], [style], a[href^="javascript"]')).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Web page' })).toBeNull();
    expect(within(card).getByText('Explicit')).toBeInTheDocument();
    expect(card.innerHTML).not.toMatch(/onerror|onclick|javascript:|<script/i);
  });

  it('selects a result', async () => {
    const props = viewProps(podcastSample, podcastSearch);
    render(<PodcastResults {...props} />);
    const card = screen.getByRole('listitem', { name: 'Evil startup' });
    await userEvent.click(within(card).getByRole('button', { name: 'Select' }));
    expect(props.onSelect).toHaveBeenCalledWith(1);
  });

  it('says so when the body has no results array', () => {
    render(<PodcastResults {...viewProps({ error: 'bad' }, podcastSearch)} />);
    expect(screen.getByRole('note')).toHaveTextContent('This body has no search results to show.');
  });

  describe('artwork and audio under the page’s Content-Security-Policy', () => {
    it('shows data: artwork (what the demo sends) without asking the server', () => {
      serverPublishing();
      const { container } = render(<PodcastResults {...viewProps(sampleWith({ thumbnail: SVG_ART, image: SVG_ART }), podcastSearch)} />);
      const card = screen.getByRole('listitem', { name: 'How to build a startup' });
      expect(container.querySelector('img.podcast-card__artwork')).toHaveAttribute('src', SVG_ART);
      expect(within(card).queryByText('artwork not loaded (host not allowed)')).toBeNull();
    });

    it('shows a placeholder, and no <img>, for a remote host the server does not allow', async () => {
      const { fetchMock, wrapper } = serverPublishing(['https://*.allowed-cdn.example']);
      const { container } = render(<PodcastResults {...viewProps(podcastSample, podcastSearch)} />, { wrapper });
      await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(LOOKUP_CONFIG_PATH, expect.anything()));
      const card = screen.getByRole('listitem', { name: 'How to build a startup' });
      expect(within(card).getByText('artwork not loaded (host not allowed)')).toHaveAttribute('title', 'cdn.example.com');
      expect(container.querySelector('img[src^="https://cdn.example.com/"]')).toBeNull();
      expect(container.querySelector('img')).toBeNull();
    });

    it('shows remote artwork once the server publishes its host as a media source', async () => {
      const { wrapper } = serverPublishing(['https://cdn.example.com']);
      const { container } = render(<PodcastResults {...viewProps(podcastSample, podcastSearch)} />, { wrapper });
      await waitFor(() =>
        expect(container.querySelector('img.podcast-card__artwork')).toHaveAttribute('src', 'https://cdn.example.com/ep1-thumb.jpg'),
      );
      expect(screen.queryByText('artwork not loaded (host not allowed)')).toBeNull();
    });

    it('falls back to the image when only it may load, and never shows a data: URL that is not an image', async () => {
      const { wrapper } = serverPublishing(['https://images.example.org']);
      const { container } = render(
        <PodcastResults
          {...viewProps(
            sampleWith({ thumbnail: 'data:text/html,<script>alert(1)</script>', image: 'https://images.example.org/ep1.png' }),
            podcastSearch,
          )}
        />,
        { wrapper },
      );
      await waitFor(() =>
        expect(container.querySelector('img.podcast-card__artwork')).toHaveAttribute('src', 'https://images.example.org/ep1.png'),
      );
      expect(container.querySelector('img[src^="data:"]')).toBeNull();
    });

    it('links to the audio in a new tab instead of loading it in a player', () => {
      serverPublishing();
      const { container } = render(<PodcastResults {...viewProps(podcastSample, podcastSearch)} />);
      expect(container.querySelector('audio')).toBeNull();
      const card = screen.getByRole('listitem', { name: 'How to build a startup' });
      const listen = within(card).getByRole('link', { name: "Listen on the provider's site" });
      expect(listen).toHaveAttribute('href', 'https://cdn.example.com/ep1.mp3');
      expect(listen).toHaveAttribute('target', '_blank');
      expect(listen).toHaveAttribute('rel', 'noopener noreferrer');
    });
  });
});
