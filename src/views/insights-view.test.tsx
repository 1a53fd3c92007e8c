import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InsightsView from './insights-view.tsx';
import { bounceRatePercent, monthlyVisits } from './insights-data.ts';
import { digitalInsights } from '../lookups/j-digital-insights.ts';
import { digitalInsightsSample } from '../lookups/testing/samples/j-digital-insights.sample.ts';
import { viewProps } from './testing/view-props.ts';

afterEach(cleanup);

const fact = (list: HTMLElement, name: string) => within(list).getByText(name).nextElementSibling?.textContent;

describe('InsightsView (J)', () => {
  it('shows the ranks, the bounce rate and the monthly visits of the typed body', async () => {
    render(<InsightsView {...viewProps(digitalInsightsSample, digitalInsights)} />);
    expect(screen.getByRole('heading', { name: 'northwind-traders.com' })).toBeInTheDocument();

    const ranks = screen.getByText('Global rank').closest('dl')!;
    expect(fact(ranks, 'Global rank')).toBe('#48,211');
    expect(fact(ranks, 'Country rank')).toBe('#8,035');
    expect(fact(ranks, 'Category rank')).toBe('#1,205');

    const engagement = screen.getByText('Bounce rate').closest('dl')!;
    expect(fact(engagement, 'Bounce rate')).toBe('45.2 %');
    expect(fact(engagement, 'Visits last month')).toBe('182,340 (up on the month before)');
    expect(fact(engagement, 'Time on site')).toBe('00:03:12');

    expect(screen.getByRole('img', { name: /Monthly visits by date/ })).toHaveAccessibleName(/from 171,002 to 182,340/);
    await userEvent.click(screen.getByText('Show the monthly visits as a table'));
    const table = screen.getByRole('table', { name: 'Visits per month' });
    expect(within(table).getByRole('row', { name: '2026-09 171,002' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: '2026-10 182,340' })).toBeInTheDocument();

    expect(fact(screen.getByText('Organic search').closest('dl')!, 'Organic search')).toBe('56.8 %');
    expect(screen.getByRole('list', { name: 'Top countries' })).toHaveTextContent('United States: 61.4 %');
  });

  it('lets the keyboard reach and scroll the monthly table: a named, focusable region', async () => {
    render(<InsightsView {...viewProps(digitalInsightsSample, digitalInsights)} />);
    await userEvent.click(screen.getByText('Show the monthly visits as a table'));
    const region = screen.getByRole('region', { name: 'Visits per month, scrollable' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table', { name: 'Visits per month' }));
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('reads the visits from graph.visits when the records are missing, oldest first', () => {
    const body = {
      ...digitalInsightsSample,
      visits: [],
      graph: {
        ...digitalInsightsSample.graph,
        visits: {
          categories: [],
          data: [
            ['2026-10-01', 9],
            ['2026-09-01', 7],
          ],
        },
      },
    };
    expect(monthlyVisits(body)).toEqual([
      { date: '2026-09-01', value: 7 },
      { date: '2026-10-01', value: 9 },
    ]);
  });

  it('reads the bounce rate as a share, or as percent above 1', () => {
    expect(bounceRatePercent('0.4521')).toBeCloseTo(45.21);
    expect(bounceRatePercent('45.21')).toBe(45.21);
    expect(bounceRatePercent('n/a')).toBeUndefined();
  });

  it("says so when the body is not J's record", () => {
    render(<InsightsView {...viewProps({ error: { code: 404, message: 'No web data' } }, digitalInsights)} />);
    expect(screen.getByRole('note')).toHaveTextContent('This body has no web data to show.');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
