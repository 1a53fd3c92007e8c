// The proxy's answer read as the page reads it: its body parsed (JSON, or XML by the definition),
// the proxy's or the provider's error envelope on a failure status, and the records the answer
// interpreter finds, masked as the proxy sent them (its masked header passed on). A lookup tool's
// result (tool-result.ts) and each section of the place dossier (dossier-section-run.ts) read it so.
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import { interpretAnswer, type Answer } from '../../lookups/answer.ts';
import { readErrorEnvelope, readSource, WIRE_HEADERS } from '../../lookups/wire.ts';
import { fromXml } from '../../lookups/xml.ts';
import type { ProxyAnswer } from './loopback.ts';

export interface ReadAnswer {
  /** The proxy's refusal or an upstream failure, in its own words: "429 budget_exhausted (proxy). …". */
  refusal?: string;
  /** The body could not be read as its type. */
  parseError?: string;
  answer: Answer;
  okStatus: boolean;
  /** The answer's own verdict where it gives one, else a 2xx status with no error message. */
  ok: boolean;
  source: 'live' | 'demo' | 'unknown';
}

function parseBody(answer: ProxyAnswer, operation: AnyOperation): { body: unknown; parseError?: string } {
  const text = answer.body.toString('utf8');
  if (text.length === 0) return { body: undefined, parseError: 'The answer has no body' };
  const type = String(answer.headers['content-type'] ?? '').toLowerCase();
  try {
    if (type.includes('xml')) return { body: fromXml(text, operation) };
    return { body: JSON.parse(text) as unknown };
  } catch (error) {
    return { body: undefined, parseError: `The answer is not ${type.includes('xml') ? 'XML' : 'JSON'}: ${(error as Error).message}` };
  }
}

export function readProxyAnswer(lookup: AnyLookup, operation: AnyOperation, params: Params, proxied: ProxyAnswer): ReadAnswer {
  const received = parseBody(proxied, operation);
  const envelope = readErrorEnvelope(received.body);
  const okStatus = proxied.status >= 200 && proxied.status < 300;
  const masked = proxied.headers[WIRE_HEADERS.masked];
  const answer = interpretAnswer(
    lookup,
    operation,
    params,
    { ...received, headers: typeof masked === 'string' ? [[WIRE_HEADERS.masked, masked]] : [] },
    { mask: true },
  );
  const ok = answer.verdict ? answer.verdict.ok && okStatus : okStatus && answer.errorMessage === undefined;
  return {
    ...(envelope && !okStatus && { refusal: `${proxied.status} ${envelope.code} (${envelope.origin}). ${envelope.message}` }),
    ...(received.parseError !== undefined && { parseError: received.parseError }),
    answer,
    okStatus,
    ok,
    source: readSource(String(proxied.headers[WIRE_HEADERS.source] ?? '')) ?? 'unknown',
  };
}
