import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitAnswer } from '../api/answer-events.ts';
import type { LookupResponse } from '../api/lookup-response.ts';
import { BudgetLine } from './budget-line.tsx';

const key = { in: 'query', name: 'api_key' };
const state = (used: number) => ({ limit: 500, period: 'day', used, left: 500 - used, resetsAt: '2025-03-15T00:00:00.000Z' });

afterEach(() => vi.unstubAllGlobals());

function renderLine(lookupId: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BudgetLine lookupId={lookupId} />
    </QueryClientProvider>,
  );
}

describe('BudgetLine', () => {
  it("shows the lookup's budget used and left and the next reset, and reads it again after an answer", async () => {
    const fetchMock = vi.fn<typeof fetch>();
    fetchMock.mockImplementationOnce(async () => Response.json({ lookups: { A: { mode: 'live', key, budget: { lookup: state(12) } } } }));
    fetchMock.mockImplementationOnce(async () => Response.json({ lookups: { A: { mode: 'live', key, budget: { lookup: state(13) } } } }));
    vi.stubGlobal('fetch', fetchMock);
    renderLine('A');
    expect(await screen.findByText('Budget: 12 of 500 live calls used today, 488 left · resets 2025-03-15 00:00 UTC')).toBeInTheDocument();
    emitAnswer({
      lookupId: 'A',
      operationId: 'details',
      params: {},
      maskRequested: true,
      sentAt: Date.now(),
      response: { status: 200, headers: [] } as unknown as LookupResponse,
    });
    expect(await screen.findByText(/13 of 500 live calls used today, 487 left/)).toBeInTheDocument();
  });

  it("shows the user's own budget, and marks a spent one", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        Response.json({
          lookups: {
            B: {
              mode: 'live',
              key,
              budget: { user: { limit: 20, period: 'month', used: 20, left: 0, resetsAt: '2025-04-01T00:00:00.000Z' } },
            },
          },
        }),
      ),
    );
    renderLine('B');
    const line = await screen.findByText('Your budget: 20 of 20 live calls used this month, 0 left · resets 2025-04-01 00:00 UTC');
    expect(line).toHaveClass('status-bad');
  });

  it('shows nothing for a lookup without a budget', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ lookups: { C: { mode: 'live', key } } }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderLine('C');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});
