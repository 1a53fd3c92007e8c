import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LookupResponse } from '../api/lookup-response.ts';
import { formatAge, SummaryBar } from './summary-bar.tsx';

const response = (headers: Array<[string, string]>): LookupResponse => ({
  url: '/proxy/a/movie/550',
  method: 'GET',
  status: 200,
  statusText: 'OK',
  headers,
  source: 'live',
  timeMs: 2,
  sizeBytes: 100,
  contentType: 'application/json',
  text: '{}',
  body: {},
});

describe('the answer cache in the summary bar', () => {
  it('says a cached answer came from the cache and how old it is, and offers to fetch it fresh', async () => {
    const onFetchFresh = vi.fn();
    render(
      <SummaryBar
        response={response([
          ['x-lookup-cache', 'hit'],
          ['age', '240'],
        ])}
        isFetching={false}
        verdict={undefined}
        onFetchFresh={onFetchFresh}
      />,
    );
    expect(screen.getByText('Cache').nextElementSibling).toHaveTextContent('from cache, 4 min old');
    const button = screen.getByRole('button', { name: 'Fetch fresh' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(onFetchFresh).toHaveBeenCalledTimes(1);
  });

  it('disables Fetch fresh while a request runs', () => {
    render(
      <SummaryBar
        response={response([
          ['X-Lookup-Cache', 'HIT'],
          ['age', '30'],
        ])}
        isFetching
        verdict={undefined}
        onFetchFresh={() => {}}
      />,
    );
    expect(screen.getByText('from cache, 30 s old')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fetch fresh' })).toBeDisabled();
  });

  it('says a fresh answer was fetched past the cache, and nothing for a miss or a lookup without a cache', () => {
    const { unmount } = render(
      <SummaryBar response={response([['x-lookup-cache', 'bypass']])} isFetching={false} verdict={undefined} onFetchFresh={() => {}} />,
    );
    expect(screen.getByText('fetched fresh')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fetch fresh' })).not.toBeInTheDocument();
    unmount();
    const { unmount: unmountMiss } = render(
      <SummaryBar response={response([['x-lookup-cache', 'miss']])} isFetching={false} verdict={undefined} />,
    );
    expect(screen.queryByText('Cache')).not.toBeInTheDocument();
    unmountMiss();
    render(<SummaryBar response={response([])} isFetching={false} verdict={undefined} />);
    expect(screen.queryByText('Cache')).not.toBeInTheDocument();
  });

  it('says ages briefly', () => {
    expect(formatAge(0)).toBe('0 s');
    expect(formatAge(59)).toBe('59 s');
    expect(formatAge(60)).toBe('1 min');
    expect(formatAge(7_200)).toBe('2 h');
    expect(formatAge(86_400)).toBe('1 day');
    expect(formatAge(3 * 86_400)).toBe('3 days');
  });
});
