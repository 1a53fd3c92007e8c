import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { LookupResponse } from '../api/lookup-response.ts';
import { SummaryBar } from './summary-bar.tsx';

const response = (headers: Array<[string, string]>): LookupResponse => ({
  url: '/proxy/h/v3/sex-offenders/records?zipcode=62701',
  method: 'GET',
  status: 200,
  statusText: 'OK',
  headers,
  source: 'demo',
  timeMs: 12,
  sizeBytes: 100,
  contentType: 'application/json',
  text: '{}',
  body: {},
});

describe('SummaryBar', () => {
  it('says the server masked personal data when the answer says so', () => {
    render(<SummaryBar response={response([['x-lookup-masked', 'true']])} isFetching={false} verdict={undefined} />);
    expect(screen.getByText('Personal data').nextElementSibling).toHaveTextContent('masked');
  });

  it('says an answer was sent unmasked, and says nothing for a lookup with nothing to mask', () => {
    const { unmount } = render(<SummaryBar response={response([['x-lookup-masked', 'false']])} isFetching={false} verdict={undefined} />);
    expect(screen.getByText('not masked')).toBeInTheDocument();
    unmount();
    render(<SummaryBar response={response([])} isFetching={false} verdict={undefined} />);
    expect(screen.queryByText('Personal data')).not.toBeInTheDocument();
  });

  it('gives the upstream time of a live answer, and none for the demo, which answers from this server', () => {
    const { unmount } = render(
      <SummaryBar response={{ ...response([]), source: 'live', upstreamMs: 240 }} isFetching={false} verdict={undefined} />,
    );
    expect(screen.getByText(/upstream/)).toHaveTextContent('(upstream 240 ms)');
    unmount();
    render(<SummaryBar response={{ ...response([]), upstreamMs: 0 }} isFetching={false} verdict={undefined} />);
    expect(screen.queryByText(/upstream/)).not.toBeInTheDocument();
  });
});
