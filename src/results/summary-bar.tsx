import type { LookupResponse } from '../api/lookup-response.ts';
import type { SuccessVerdict } from '../lookups/define-lookup.ts';
import { readMasked, WIRE_HEADERS } from '../lookups/wire.ts';
import { formatBytes, formatMs } from './format.ts';

interface SummaryBarProps {
  response: LookupResponse | undefined;
  isFetching: boolean;
  /** The body's own success verdict, when there is a parsed body. */
  verdict: SuccessVerdict | undefined;
}

/** Whether the proxy masked this answer (`x-lookup-masked`); undefined when it did not say (nothing to mask). */
function maskedByProxy(response: LookupResponse): boolean | undefined {
  return readMasked(response.headers.find(([name]) => name.toLowerCase() === WIRE_HEADERS.masked)?.[1]);
}

/** Status, time, size, live/demo, whether personal data was masked, the body's verdict, and whether a request is under way. */
export function SummaryBar({ response, isFetching, verdict }: SummaryBarProps) {
  const httpOk = response !== undefined && response.status >= 200 && response.status < 300;
  const masked = response && maskedByProxy(response);
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
          {masked !== undefined && (
            <div>
              <dt>Personal data</dt>
              <dd>
                <span className={`badge ${masked ? 'mask-on' : 'mask-off'}`} title={masked ? 'The server masked personal data before sending the answer' : 'Sent unmasked, as asked'}>
                  {masked ? 'masked' : 'not masked'}
                </span>
              </dd>
            </div>
          )}
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
