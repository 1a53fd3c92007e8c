// Personal-data masking in the proxy: the JSON answers of every lookup with personal-data paths
// are masked here, before the body leaves the server, so an unmasked value reaches a browser (its
// cache, devtools, a screen share) only when the browser asked for it with `X-Lookup-Mask: off`
// and the server's LOOKUP_MASK allows it (`default`; `always` ignores the header). The answer
// says which it got in `x-lookup-masked`. A big answer is masked as it streams, record by record
// (masking-stream.ts), with the bytes this whole-body transform gives. Demo answers are masked the same way, by the
// demo's worker thread (demo-worker.ts), and cached masked and unmasked apart. Names, addresses and
// contacts become pseudonyms keyed by the deployment's secret (pseudonyms.ts), the same in every
// answer, so masked answers can still be counted and joined.
import type { IncomingHttpHeaders } from 'node:http';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import { maskPersonalData } from '../lookups/masking.ts';
import { MASK_OFF, MASK_REQUEST_HEADER, WIRE_HEADERS, type MaskPolicy } from '../lookups/wire.ts';
import { UpstreamFailureError } from './live-upstream.ts';
import type { BodyTransform, BodyTransformHooks } from './body-transform.ts';
import { keyedCode, processMaskSecret } from './pseudonyms.ts';

/** Whether this request may have unmasked data: it asked (`X-Lookup-Mask: off`) and the policy lets it. */
export function unmaskedAllowed(policy: MaskPolicy, headers: IncomingHttpHeaders): boolean {
  if (policy === 'always') return false;
  const asked = headers[MASK_REQUEST_HEADER];
  return typeof asked === 'string' && asked.trim().toLowerCase() === MASK_OFF;
}

/** The lookups whose answers the proxy masks: those that list personal data. */
export function masksAnswers(lookup: AnyLookup, operation: AnyOperation): boolean {
  return lookup.personalData.length > 0 && operation.format === 'json';
}

/**
 * The top-level keys a lookup's paths start from, when every path starts from a plain key (no
 * glob, no index): a body object holding none of them has nothing to mask, and is sent without
 * the walk. Undefined when some path could start anywhere. Read once per lookup.
 */
function firstKeysOf(lookup: AnyLookup): readonly string[] | undefined {
  const keys: string[] = [];
  for (const entry of lookup.personalData) {
    // `kind:` then an optional `$[condition].` on the body itself, then the first segment.
    const path = entry.slice(entry.indexOf(':') + 1).replace(/^\$\[[^\]]*\]\.?/, '');
    const key = /^[^.[]*/.exec(path)![0];
    if (key === '' || key.includes('*') || /^\d+$/.test(key)) return undefined;
    keys.push(key);
  }
  return keys;
}

const firstKeys = new WeakMap<AnyLookup, readonly string[] | undefined>();

/** Whether `body` may hold a value at one of the lookup's paths (false only when it certainly does not). */
function mayHoldPersonalData(lookup: AnyLookup, body: unknown): boolean {
  if (!firstKeys.has(lookup)) firstKeys.set(lookup, firstKeysOf(lookup));
  const keys = firstKeys.get(lookup);
  if (!keys || typeof body !== 'object' || body === null || Array.isArray(body)) return true;
  return keys.some((key) => Object.hasOwn(body, key));
}

// The headers an answer gets, the same two objects for every answer (read, never changed).
export const MASKED: Readonly<Record<string, string>> = Object.freeze({ [WIRE_HEADERS.masked]: 'true' });
const UNMASKED: Readonly<Record<string, string>> = Object.freeze({ [WIRE_HEADERS.masked]: 'false' });

/**
 * The masking transform for one server's policy and masking secret (ServerConfig.maskSecret; a
 * test's transform takes the process's, as an unconfigured server does).
 */
export function maskingTransform(policy: MaskPolicy, secret: string = processMaskSecret()): BodyTransform {
  const code = keyedCode(secret);
  // Nothing is remembered between answers: each live answer is new bytes (a WeakMap keyed by them
  // only added to every collection), and demo answers are masked, and cached, by the demo itself.
  return (lookup, _operation, bytes, { requestHeaders }) => {
    if (unmaskedAllowed(policy, requestHeaders)) return { body: bytes, headers: UNMASKED };
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      // A body that is not JSON cannot be masked field by field: it is withheld, never sent as is.
      throw new UpstreamFailureError({
        kind: 'failure',
        status: 502,
        code: 'answer_not_maskable',
        message: `The answer of ${lookup.id} is not valid JSON, so its personal data cannot be masked; it was withheld`,
      });
    }
    // Parsed in any case: a body that is not JSON is withheld even when it names no personal field.
    const masked = mayHoldPersonalData(lookup, body) ? maskPersonalData(body, lookup.personalData, code) : body;
    return { body: masked === body ? bytes : Buffer.from(JSON.stringify(masked)), headers: MASKED };
  };
}

/**
 * The proxy options that mask: pass them to createProxyHandler. Live answers are masked by the
 * transform on the server's thread as they arrive; demo answers by the demo's worker thread
 * (demoMask says which requests get them masked; the proxy hands the thread the same secret),
 * never parsed on the server's thread.
 */
export function personalDataMasking(policy: MaskPolicy = 'default', secret: string = processMaskSecret()): BodyTransformHooks {
  return {
    transformBody: maskingTransform(policy, secret),
    transformsBody: masksAnswers,
    demoMask: (requestHeaders) => !unmaskedAllowed(policy, requestHeaders),
  };
}
