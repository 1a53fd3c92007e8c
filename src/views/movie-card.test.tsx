import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import MovieCard from './movie-card.tsx';
import { movieSample } from '../lookups/testing/samples/a-movie.sample.ts';
import { viewProps } from './testing/view-props.ts';

// Each test starts from an empty document (no global auto-cleanup in this setup).
afterEach(cleanup);

describe('MovieCard', () => {
  it('shows title, year, tagline, runtime, genres, rating, overview and companies', () => {
    render(<MovieCard {...viewProps(movieSample)} />);
    expect(screen.getByRole('heading', { name: 'Fight Club (1999)' })).toBeInTheDocument();
    expect(screen.getByText('Mischief. Mayhem. Soap.')).toBeInTheDocument();
    expect(screen.getByText('2 h 19 min')).toBeInTheDocument();
    expect(screen.getByText('8.4 / 10 (26,280 votes)')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Genres' })).toHaveTextContent('Drama');
    expect(screen.getByText(/ticking-time-bomb insomniac/)).toBeInTheDocument();
    expect(screen.getByText('Regency Enterprises')).toBeInTheDocument();
    expect(screen.getByText('$63,000,000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Homepage' })).toHaveAttribute('href', 'https://example.com/fight-club');
  });

  it('keeps the card when a field drifted, and never links a javascript: homepage', () => {
    render(<MovieCard {...viewProps({ ...movieSample, homepage: 'javascript:alert(1)', runtime: 'long' })} />);
    expect(screen.getByRole('heading', { name: 'Fight Club (1999)' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Homepage' })).toBeNull();
  });
});
