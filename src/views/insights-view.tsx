// J's own view: a website's ranks, its monthly visits over time (a chart and the table of its
// figures) and its engagement (bounce rate, pages per visit, time on site), from J's typed body.
import { typedBody } from '../lookups/answer.ts';
import { digitalInsightsResponse } from '../lookups/j-digital-insights.ts';
import type { OwnViewProps } from '../results/slots.ts';
import { Fact } from './fact.tsx';
import { formatInteger } from './format.ts';
import { bounceRatePercent, monthlyVisits, trafficSources } from './insights-data.ts';
import { RatesChart } from './rates-chart.tsx';
import { ViewMessage } from './view-message.tsx';
import './views.css';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const rank = (value: number | undefined) => (value === undefined ? '—' : `#${formatInteger(value)}`);
const month = (date: string) => date.slice(0, 7);

export default function InsightsView({ answer }: OwnViewProps) {
  const body = typedBody(answer, digitalInsightsResponse)?.body;
  const visits = body ? monthlyVisits(body) : [];
  if (!body || (body.global_rank === undefined && visits.length === 0))
    return <ViewMessage>This body has no web data to show.</ViewMessage>;

  const bounce = bounceRatePercent(body.engagement_bounce_rate);
  const sources = trafficSources(body);
  const countries = (body.top_country_shares ?? []).filter((share) => share?.name && share.share_percent !== undefined);
  const name = body.domain_name ?? body.domain ?? 'This website';
  const last = visits.at(-1);

  return (
    <article className="view-card insights-view" aria-labelledby="insights-heading">
      <h3 id="insights-heading">{name}</h3>
      <p className="muted">Website traffic and ranking{last ? `, ${visits.length} months to ${month(last.date)}` : ''}.</p>

      <h4>Rank</h4>
      <dl className="fact-list">
        <Fact name="Global rank">{rank(body.global_rank)}</Fact>
        <Fact name="Country rank">{rank(body.country_rank)}</Fact>
        <Fact name="Category rank">{rank(body.category_rank)}</Fact>
        {body.traffic_rank !== undefined && body.traffic_rank !== body.global_rank && (
          <Fact name="Traffic rank">{rank(body.traffic_rank)}</Fact>
        )}
      </dl>

      <h4>Engagement</h4>
      <dl className="fact-list">
        <Fact name="Bounce rate">{bounce === undefined ? '—' : `${bounce.toLocaleString('en-US', { maximumFractionDigits: 1 })} %`}</Fact>
        <Fact name="Visits last month">
          {body.engagement_total_visits === undefined ? '—' : formatInteger(body.engagement_total_visits)}
          {body.up_visits !== undefined && ` (${body.up_visits ? 'up' : 'down'} on the month before)`}
        </Fact>
        <Fact name="Pages per visit">{body.engagement_page_views?.toLocaleString('en-US', { maximumFractionDigits: 2 }) ?? '—'}</Fact>
        <Fact name="Time on site">{body.engagement_time_on_site ?? '—'}</Fact>
      </dl>

      <h4>Visits over time</h4>
      {visits.length === 0 ? (
        <p className="muted">The body holds no monthly visits.</p>
      ) : (
        <>
          <RatesChart
            dates={visits.map((point) => point.date)}
            series={[{ currency: 'Visits', values: visits.map((point) => point.value) }]}
            yLabel="Monthly visits"
            description={`Visits per month over ${visits.length} months, from ${formatInteger(visits[0]!.value)} to ${formatInteger(last!.value)}. The table below lists every month.`}
            formatValue={(value) => compact.format(value)}
            formatDate={month}
          />
          <details>
            <summary>Show the monthly visits as a table</summary>
            {/* Focusable, so the table can be scrolled from the keyboard. */}
            <div className="view-table-scroll" tabIndex={0} role="region" aria-label="Visits per month, scrollable">
              <table className="view-table">
                <caption>Visits per month</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">Visits</th>
                  </tr>
                </thead>
                <tbody>
                  {visits.map((point) => (
                    <tr key={point.date}>
                      <th scope="row">{month(point.date)}</th>
                      <td>{formatInteger(point.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}

      {sources.length > 0 && (
        <>
          <h4>Traffic sources</h4>
          <dl className="fact-list">
            {sources.map((source) => (
              <Fact key={source.name} name={source.name}>
                {source.percent.toLocaleString('en-US', { maximumFractionDigits: 1 })} %
              </Fact>
            ))}
          </dl>
        </>
      )}

      {countries.length > 0 && (
        <>
          <h4 id="insights-countries">Top countries</h4>
          <ol className="plain-list" aria-labelledby="insights-countries">
            {countries.map((share) => (
              <li key={share!.name}>
                {share!.name}: {share!.share_percent!.toLocaleString('en-US', { maximumFractionDigits: 1 })} %
              </li>
            ))}
          </ol>
        </>
      )}
    </article>
  );
}
