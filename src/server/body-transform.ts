// The proxy's hook for rewriting a JSON answer before it leaves the server (personal-data
// masking), typed apart from the proxy so that the transform's module does not import the proxy.
import type { IncomingHttpHeaders } from 'node:http';
import type { Transform } from 'node:stream';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import type { LookupMode } from './config.ts';

export interface BodyTransformContext {
  /** Who answered: `live` (the provider) or `demo`. */
  source: LookupMode['mode'];
  /** The status the browser will get. */
  status: number;
  /** The answer's JSON content type, as the browser will get it. */
  contentType: string;
  /** The browser's request headers (e.g. an explicit request for unmasked data). */
  requestHeaders: IncomingHttpHeaders;
  /** Nothing reads the bytes after the transform: it may move them (to a thread) instead of copying them. */
  owned?: boolean;
}

/**
 * Rewrites a lookup's JSON answer before it leaves the server (personal-data masking). It gets
 * the whole body, decoded and within the size cap; what it returns is scrubbed of the key and sent,
 * with any headers it returns beside the body (masking says `x-lookup-masked`). It may answer with
 * a promise (a large body is masked on a worker thread, mask-pool.ts).
 */
export type BodyTransform = (
  lookup: AnyLookup,
  operation: AnyOperation,
  bytes: Buffer,
  context: BodyTransformContext,
) => TransformedBody | Promise<TransformedBody>;

/** A JSON answer rewritten as it streams: the provider's bytes in, the browser's out, and the headers to add. */
export interface StreamedBody {
  stream: Transform;
  headers: Readonly<Record<string, string>>;
}

/**
 * Rewrites a lookup's JSON answer as it streams (masking, decision 031), its raw bytes refused past
 * `maxBytes`; undefined when this request's answer is not rewritten this way (it goes to BodyTransform).
 */
export type StreamBodyTransform = (
  lookup: AnyLookup,
  operation: AnyOperation,
  context: BodyTransformContext,
  maxBytes: number,
) => StreamedBody | undefined;

/** The proxy options a body transform is set up with (ProxyOptions has them all). */
export interface BodyTransformHooks {
  /** The hook for body transforms (masking): applied to JSON answers of the operations `transformsBody` selects. */
  transformBody?: BodyTransform;
  /** The same transform as a stream, for an answer that is not kept whole (larger than the cache keeps, or no cache). */
  streamBody?: StreamBodyTransform;
  /**
   * Which operations' answers go through `transformBody` (asked once per operation, at start-up);
   * only those are read whole, every other answer streams. Default: all, when transformBody is set.
   */
  transformsBody?: (lookup: AnyLookup, operation: AnyOperation) => boolean;
  /**
   * When given, the demo masks its own answers to the operations `transformsBody` selects, on its
   * worker thread, and transformBody is not applied to them: this says whether a request gets them
   * masked (true) or unmasked (false). Masking's answer to a demo request never costs the server's thread.
   */
  demoMask?: (requestHeaders: IncomingHttpHeaders) => boolean;
  /**
   * Asked per request for the operations `transformsBody` selects: headers when this request's
   * answer is sent as it is (masking: the browser asked for unmasked data and the policy allows
   * it), so it streams instead of being read whole, with those headers added to a JSON answer.
   * Undefined: the answer goes through `transformBody`.
   */
  untransformed?: (requestHeaders: IncomingHttpHeaders) => Readonly<Record<string, string>> | undefined;
}

/** What a body transform returns: the new bytes, or the new bytes and headers to add to that answer. */
export type TransformedBody = Buffer | { body: Buffer; headers: Readonly<Record<string, string>> };
