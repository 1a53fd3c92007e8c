import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ownViews } from './own-views.ts';
import { movieSample } from '../lookups/testing/samples/a-movie.sample.ts';
import { viewProps } from './testing/view-props.ts';

// Each test starts from an empty document (no global auto-cleanup in this setup).
afterEach(cleanup);

describe('ownViews', () => {
  it('has views for the lookups with a domain of their own, and none for the rest', () => {
    expect(Object.keys(ownViews).sort()).toEqual(['A', 'D', 'G', 'I', 'J', 'R', 'S', 'T']);
  });

  it('loads a view on demand', async () => {
    const MovieView = ownViews.A!;
    render(<MovieView {...viewProps(movieSample)} />);
    expect(await screen.findByRole('heading', { name: 'Fight Club (1999)' })).toBeInTheDocument();
  });
});
