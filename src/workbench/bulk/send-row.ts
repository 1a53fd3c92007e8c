// One attempt at one row through the app's own fetcher (so it goes through the proxy and the usage
// counters hear of it; marked as a bulk answer, so History leaves it to the run's own record), read
// into what the runner's retry policy decides on.
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import { interpretAnswer, providerErrorMessage } from '../../lookups/answer.ts';
import { WIRE_HEADERS } from '../../lookups/wire.ts';
import { fetchLookup } from '../../api/lookup-fetch.ts';
import { LookupHttpError, type LookupResponse } from '../../api/lookup-response.ts';
import type { AttemptResult } from './retry-policy.ts';

export interface RowAnswer {
  state: 'ok' | 'empty';
  recordCount: number;
  /** The body as JSON text (an XML body is kept as the JSON it was read into). */
  text: string;
  maskedHeader: string | undefined;
}

function header(response: LookupResponse, name: string): string | undefined {
  return response.headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

function httpFailure(operation: AnyOperation, response: LookupResponse): AttemptResult<RowAnswer> {
  const words = response.body === undefined ? undefined : providerErrorMessage(operation, response.body);
  return {
    kind: 'http',
    status: response.status,
    retryAfter: header(response, 'retry-after'),
    message: `HTTP ${response.status}${words ? `: ${words}` : response.statusText ? ` ${response.statusText}` : ''}`,
  };
}

export async function sendRow(
  lookup: AnyLookup,
  operation: AnyOperation,
  params: Params,
  mask: boolean,
  signal: AbortSignal,
): Promise<AttemptResult<RowAnswer>> {
  let response: LookupResponse;
  try {
    response = await fetchLookup(lookup, operation, params, signal, { mask, origin: 'bulk' });
  } catch (error) {
    if (error instanceof LookupHttpError) return httpFailure(operation, error.response);
    return { kind: 'transport', message: error instanceof Error ? error.message : String(error) };
  }
  if (response.parseError) return { kind: 'http', status: response.status, message: response.parseError };
  const answer = interpretAnswer(lookup, operation, params, { body: response.body, headers: response.headers }, { mask });
  // An HTTP 200 can still say failure: the body's own verdict is final, like a 4xx.
  if (answer.errorMessage !== undefined || answer.verdict?.ok === false) {
    return {
      kind: 'http',
      status: response.status,
      message: answer.errorMessage ?? answer.verdict?.message ?? 'The answer reports a failure',
    };
  }
  return {
    kind: 'answer',
    value: {
      state: answer.records.length > 0 ? 'ok' : 'empty',
      recordCount: answer.records.length,
      text: operation.format === 'xml' ? JSON.stringify(response.body) : response.text,
      maskedHeader: header(response, WIRE_HEADERS.masked),
    },
  };
}
