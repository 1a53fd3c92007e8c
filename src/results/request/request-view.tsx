import { useKeyPlacement } from '../../api/lookup-config.ts';
import type { LookupResponse } from '../../api/lookup-response.ts';
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import { API_KEY_PLACEHOLDER } from '../../lookups/wire.ts';
import { CopyButton } from '../copy-button.tsx';
import { BASE_URL_PLACEHOLDER, describeUpstreamRequest } from './describe-request.ts';
import { curlSnippet, fetchSnippet, proxyCurlSnippet, pythonSnippet } from './snippets.ts';

interface RequestViewProps {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  /** The answer, when one arrived: its proxy URL and headers are shown. */
  response: LookupResponse | undefined;
  /** Whether the page asks for masked answers (masking switched off: the proxy curl asks unmasked too). */
  masked?: boolean;
}

/** What was asked, of whom, and how to ask it outside the app; the key is always `<API_KEY>`. */
export function RequestView({ lookup, operation, params, response, masked = true }: RequestViewProps) {
  // Where the server sends this lookup's key (its configuration, e.g. LOOKUP_B_KEY_HEADER), never the key.
  const { placement } = useKeyPlacement(lookup);
  const request = describeUpstreamRequest(lookup, operation, params, placement);
  const bodyText = request.body ? JSON.stringify(request.body, null, 2) : undefined;
  const snippets = [
    { name: 'curl', code: curlSnippet(request) },
    { name: 'JavaScript fetch', code: fetchSnippet(request) },
    { name: 'Python requests', code: pythonSnippet(request) },
  ];
  // This page's own origin: the proxy answers here, so the command runs as it is, with no key.
  const proxyCurl = proxyCurlSnippet(request, window.location.origin, { unmasked: !masked });
  return (
    <div className="request-view">
      <h3>Upstream request</h3>
      <pre className="request-line" tabIndex={0}>
        {request.method} {request.url}
        {request.headers.map(([name, value]) => `\n${name}: ${value}`).join('')}
      </pre>
      <p className="muted">
        <code>{BASE_URL_PLACEHOLDER}</code> is the provider’s address and <code>{API_KEY_PLACEHOLDER}</code> your key; the server adds the
        real key as the {placement.in === 'header' ? 'header' : 'query parameter'} <code>{placement.name}</code>, so the browser never sees
        it.
      </p>
      <h3>Proxy URL called</h3>
      <pre tabIndex={0}>
        {request.method} {response?.url ?? request.proxyUrl}
      </pre>
      {bodyText && (
        <>
          <h3>Request body</h3>
          <pre tabIndex={0}>{response?.requestBody ?? bodyText}</pre>
        </>
      )}
      {response && response.headers.length > 0 && (
        <details className="response-headers">
          <summary>Response headers ({response.headers.length})</summary>
          <dl>
            {response.headers.map(([name, value], index) => (
              <div key={`${name}-${index}`}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      <h3>Snippets</h3>
      {snippets.map((snippet) => (
        <figure key={snippet.name} className="snippet">
          <figcaption>
            {snippet.name} <CopyButton text={snippet.code} label={`Copy ${snippet.name} snippet`} />
          </figcaption>
          <pre tabIndex={0} aria-label={`${snippet.name} snippet`}>
            {snippet.code}
          </pre>
        </figure>
      ))}
      <h3>Ready to run, through this server</h3>
      <p className="muted">Calls this server’s proxy, which adds the key itself: no key, nothing to fill in.</p>
      <figure className="snippet">
        <figcaption>
          curl via this server <CopyButton text={proxyCurl} label="Copy curl via this server snippet" />
        </figcaption>
        <pre tabIndex={0} aria-label="curl via this server snippet">
          {proxyCurl}
        </pre>
      </figure>
    </div>
  );
}
