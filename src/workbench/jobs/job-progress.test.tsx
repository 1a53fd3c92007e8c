import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServerJob } from '../../api/jobs-client.ts';
import { JobProgress } from './job-progress.tsx';

const job = {
  id: '00000000-0000-4000-8000-000000000001',
  lookup: 'H',
  operation: 'records',
  state: 'running',
  rows: 60,
  done: 1,
  failed: 0,
  rate: null,
  etaSeconds: null,
} as ServerJob;

describe('a job’s progress', () => {
  it('says "estimating" while the server has no pace yet, then the time left', () => {
    const { rerender } = render(<JobProgress job={job} />);
    expect(screen.getByText(/1 \/ 60/)).toHaveTextContent('1 / 60 · estimating the time left…');
    rerender(<JobProgress job={{ ...job, done: 16, rate: 15, etaSeconds: 3 }} />);
    expect(screen.getByText(/16 \/ 60/)).toHaveTextContent('16 / 60 · 15 rows/s · about 3 s left');
  });

  it('names its rows in its label, one row as one', () => {
    render(<JobProgress job={{ ...job, rows: 1, done: 0, state: 'queued' }} />);
    expect(screen.getByRole('progressbar', { name: 'Job H records: 0 of 1 row' })).toBeInTheDocument();
  });
});
