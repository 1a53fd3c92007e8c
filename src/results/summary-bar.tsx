import type { LookupResponse } from '../api/lookup-response.ts';
import type { SuccessVerdict } from '../lookups/define-lookup.ts';
import { readCacheState, readMasked, WIRE_HEADERS } from '../lookups/wire.ts';
import { formatBytes, formatMs } from './format.ts';

interface SummaryBarProps {
  response: LookupResponse | undefined;
  isFetching: boolean;
  /** The body's own success verdict, when there is a parsed body. */
  verdict: SuccessVerdict | undefined;
  /** Asks again past the server's answer cache; the button shows on an answer that came from it. */
  onFetchFresh?: (() => void) | undefined;
  /** What a merged answer was made of, e.g. "all 23 pages merged · 11,200 records". */
  merged?: string | undefined;
}

function headerOf(response: LookupResponse, name: string): string | undefined {
  return response.headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

/** How old a cached answer is, said briefly: `40 s`, `4 min`, `2 h`, `3 days`. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3_600)} h`;
  const days = Math.floor(seconds / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The server's answer cache on this answer (`x-lookup-cache`, `age`): "from cache, 4 min old", "fetched fresh", or nothing. */
export function describeCache(response: LookupResponse): { hit: boolean; text: string } | undefined {
  const state = readCacheState(headerOf(response, WIRE_HEADERS.cache));
  if (state === 'hit') {
    const age = Number(headerOf(response, 'age'));
    return { hit: true, text: Number.isFinite(age) ? `from cache, ${formatAge(age)} old` : 'from cache' };
  }
  return state === 'bypass' ? { hit: false, text: 'fetched fresh' } : undefined;
}

/** Whether the proxy masked this answer (`x-lookup-masked`); undefined when it did not say (nothing to mask). */
function maskedByProxy(response: LookupResponse): boolean | undefined {
  return readMasked(response.headers.find(([name]) => name.toLowerCase() === WIRE_HEADERS.masked)?.[1]);
}

/** Status, time, size, live/demo, whether personal data was masked, the body's verdict, and whether a request is under way. */
export function SummaryBar({ response, isFetching, verdict, onFetchFresh, merged }: SummaryBarProps) {
  const httpOk = response !== undefined && response.status >= 200 && response.status < 300;
  const masked = response && maskedByProxy(response);
  const cache = response && describeCache(response);
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
              {/* The demo answers from this server: an upstream time would be noise. */}
              {response.upstreamMs !== undefined && response.source !== 'demo' && (
                <span className="muted"> (upstream {formatMs(response.upstreamMs)})</span>
              )}
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
          {cache && (
            <div>
              <dt>Cache</dt>
              <dd>
                <span
                  className={`badge ${cache.hit ? 'cache-hit' : 'cache-fresh'}`}
                  title={
                    cache.hit
                      ? 'The server answered from its answer cache: no call to the provider'
                      : 'Asked the provider again, past the cache'
                  }
                >
                  {cache.text}
                </span>
                {cache.hit && onFetchFresh && (
                  <button type="button" className="fetch-fresh" onClick={onFetchFresh} disabled={isFetching}>
                    Fetch fresh
                  </button>
                )}
              </dd>
            </div>
          )}
          {merged && (
            <div>
              <dt>Answer</dt>
              <dd>{merged}</dd>
            </div>
          )}
          {response.stoppedAfter !== undefined && (
            <div>
              <dt>Answer</dt>
              <dd className="status-bad" title="Stop ended the download: the views hold the records received until then">
                stopped after {response.stoppedAfter.toLocaleString('en-US')} {response.stoppedAfter === 1 ? 'record' : 'records'}
              </dd>
            </div>
          )}
          {masked !== undefined && (
            <div>
              <dt>Personal data</dt>
              <dd>
                <span
                  className={`badge ${masked ? 'mask-on' : 'mask-off'}`}
                  title={masked ? 'The server masked personal data before sending the answer' : 'Sent unmasked, as asked'}
                >
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
