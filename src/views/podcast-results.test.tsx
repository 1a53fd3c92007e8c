import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PodcastResults from './podcast-results.tsx';
import { podcastSample } from './testing/samples.ts';
import { podcastSearch } from '../lookups/t-podcast-search.ts';
import { viewProps } from './testing/view-props.ts';

// Each test starts from an empty document (no global auto-cleanup in this setup).
afterEach(cleanup);

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
});
