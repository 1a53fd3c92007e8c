// The fetcher: one relative request to the proxy, measured and parsed. HTTP errors keep the whole
// answer (the viewer shows it); failures without an answer become LookupTransportError.
import type { AnyLookup, AnyOperation, Params } from '../lookups/define-lookup.ts';
import { buildRequest } from '../lookups/request.ts';
import { MASK_OFF, MASK_REQUEST_HEADER, proxyUrl, readSource, WIRE_HEADERS } from '../lookups/wire.ts';
import { LookupHttpError, LookupTransportError, type LookupResponse } from './lookup-response.ts';
import { type AnswerOrigin, emitAnswer } from './answer-events.ts';
import type { LiveAnswer } from './answer-stream.ts';
import { readAnswerBody } from './read-answer-body.ts';

/**
 * The browser gives up on an answer after this long (the proxy's own upstream timeout is shorter);
 * on a big answer read as a stream, after this long without a byte (reading it after its last
 * byte has no limit: Stop or Cancel end it).
 */
export const CLIENT_TIMEOUT_MS = 30_000;

export interface FetchOptions {
  /**
   * Whether the answer's personal data is to be masked (the default). `false` sends
   * `X-Lookup-Mask: off`; the proxy then answers unmasked unless the server forces masking.
   */
  mask?: boolean;
  /**
   * Skip the server's answer cache: sends `Cache-Control: no-cache`, so a live lookup asks the
   * provider again (and spends a call of the budget). Not part of the query key: a fresh answer
   * replaces the cached one under the same key.
   */
  fresh?: boolean;
  /** Who asks (announced with the answer): a bulk run's rows are not recorded one by one in History. */
  origin?: AnswerOrigin;
  /** A big answer is being read as a stream: what it holds so far, and its Stop (read-answer-body.ts). */
  onStream?: ((live: LiveAnswer) => void) | undefined;
}

export async function fetchLookup(
  lookup: AnyLookup,
  operation: AnyOperation,
  params: Params,
  signal?: AbortSignal,
  { mask = true, fresh = false, origin = 'form', onStream }: FetchOptions = {},
): Promise<LookupResponse> {
  const request = buildRequest(operation, params);
  const url = proxyUrl(lookup, request);
  const requestBody = request.body ? JSON.stringify(request.body) : undefined;
  const headers: Record<string, string> = { accept: operation.format === 'xml' ? 'application/xml' : 'application/json' };
  if (requestBody !== undefined) headers['content-type'] = 'application/json';
  if (!mask) headers[MASK_REQUEST_HEADER] = MASK_OFF;
  if (fresh) headers['cache-control'] = 'no-cache';

  // One controller for the caller's cancellation and our timeout, so both stop the body read too.
  const controller = new AbortController();
  let timedOut = false;
  const expire = () => {
    timedOut = true;
    controller.abort();
  };
  let timer = setTimeout(expire, CLIENT_TIMEOUT_MS);
  const keepAlive = (bodyComplete = false) => {
    clearTimeout(timer);
    if (!bodyComplete) timer = setTimeout(expire, CLIENT_TIMEOUT_MS);
  };
  const cancel = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', cancel);

  const started = performance.now();
  const sentAt = Date.now();
  const announce = (response: LookupResponse | undefined, failure?: LookupTransportError) =>
    emitAnswer({
      lookupId: lookup.id,
      origin,
      operationId: operation.id,
      params,
      maskRequested: mask,
      sentAt,
      response,
      ...(failure && { failure: { kind: failure.kind, message: failure.message, url: failure.url } }),
    });
  try {
    const response = await fetch(url, { method: request.method, headers, body: requestBody, signal: controller.signal });
    const contentType = response.headers.get('content-type') ?? '';
    const read = await readAnswerBody(response, contentType, {
      lookup,
      operation,
      mask,
      stream: origin === 'form',
      signal: controller.signal,
      onStream,
      onActivity: keepAlive,
    });
    const { receivedAt, text, sizeBytes, body, parseError, streamed, stoppedAfter } = read;
    const result: LookupResponse = {
      url,
      method: request.method,
      ...(requestBody !== undefined ? { requestBody } : {}),
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers.entries()],
      source: readSource(response.headers.get(WIRE_HEADERS.source)) ?? 'unknown',
      ...upstreamMs(response.headers.get(WIRE_HEADERS.upstreamMs)),
      timeMs: Math.round(receivedAt - started),
      sizeBytes,
      contentType,
      text,
      body,
      ...(parseError !== undefined && { parseError }),
      ...(streamed && { streamed }),
      ...(stoppedAfter !== undefined && { stoppedAfter }),
    };
    announce(result);
    if (!response.ok) throw new LookupHttpError(result);
    return result;
  } catch (error) {
    if (error instanceof LookupHttpError) throw error;
    const failure = transportFailure(error, url, timedOut, signal?.aborted === true);
    announce(undefined, failure);
    throw failure;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

function transportFailure(error: unknown, url: string, timedOut: boolean, cancelled: boolean): LookupTransportError {
  if (timedOut) return new LookupTransportError('timeout', `No answer within ${CLIENT_TIMEOUT_MS / 1000} s`, url);
  if (cancelled) return new LookupTransportError('cancelled', 'The request was cancelled', url);
  const reason = error instanceof Error ? error.message : String(error);
  return new LookupTransportError('network', `The proxy could not be reached (${reason})`, url);
}

function upstreamMs(header: string | null): { upstreamMs?: number } {
  if (header === null || header.trim() === '') return {};
  const value = Number(header);
  return Number.isFinite(value) ? { upstreamMs: value } : {};
}

export { parseBody, type Parsed } from './parse-body.ts';
