import type { LookupResponse } from '../api/lookup-response.ts';
import type { SuccessVerdict } from '../lookups/define-lookup.ts';
import { formatBytes, formatMs } from './format.ts';

interface SummaryBarProps {
  response: LookupResponse | undefined;
  isFetching: boolean;
  /** The body's own success verdict, when there is a parsed body. */
  verdict: SuccessVerdict | undefined;
}

/** Status, time, size, live/demo, the body's verdict, and whether a request is under way. */
export function SummaryBar({ response, isFetching, verdict }: SummaryBarProps) {
  const httpOk = response !== undefined && response.status >= 200 && response.status < 300;
  return (
    <div className="summary-bar">
      {response && (
        <dl className="summary-facts">
          <div>
            <dt>Status</dt>
            <dd className={httpOk ? 'status-ok' : 'status-bad'}>
              {response.status} {response.statusText}
            </dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>
              {formatMs(response.timeMs)}
              {response.upstreamMs !== undefined && <span className="muted"> (upstream {formatMs(response.upstreamMs)})</span>}
            </dd>
          </div>
          <div>
            <dt>Size</dt>
            <dd>{formatBytes(response.sizeBytes)}</dd>
          </div>
          <div>
            <dt>Source</dt>
            <dd>
              <span className={`badge source-${response.source}`}>
                {response.source === 'demo' ? 'demo data' : response.source === 'live' ? 'live' : 'proxy'}
              </span>
            </dd>
          </div>
          {verdict && (
            <div>
              <dt>Body says</dt>
              <dd className={verdict.ok ? 'status-ok' : 'status-bad'}>
                {verdict.ok ? 'success' : `failure${verdict.message ? `: ${verdict.message}` : ''}`}
              </dd>
            </div>
          )}
        </dl>
      )}
      <p role="status" className="summary-loading">
        {isFetching ? (response ? 'Updating…' : 'Sending request…') : ''}
      </p>
    </div>
  );
}
