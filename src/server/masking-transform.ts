// Personal-data masking in the proxy: the JSON answers of every lookup with personal-data paths
// are masked here, before the body leaves the server, so an unmasked value reaches a browser (its
// cache, devtools, a screen share) only when the browser asked for it with `X-Lookup-Mask: off`
// and the server's LOOKUP_MASK allows it (`default`; `always` ignores the header). The answer
// says which it got in `x-lookup-masked`. Only the operations of lookups with personal data are
// buffered; every other answer streams as before.
import type { IncomingHttpHeaders } from 'node:http';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import { maskPersonalData } from '../lookups/masking.ts';
import { MASK_OFF, MASK_REQUEST_HEADER, WIRE_HEADERS, type MaskPolicy } from '../lookups/wire.ts';
import { UpstreamFailureError } from './live-upstream.ts';
import type { BodyTransform, ProxyOptions } from './proxy-handler.ts';

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

/** The masking transform for one server's policy. */
export function maskingTransform(policy: MaskPolicy): BodyTransform {
  // A cached demo answer arrives as the same Buffer every time: its masked bytes are remembered
  // with it, so a repeated 4 MB answer is not parsed and masked again on the server's thread.
  const maskedBytes = new WeakMap<Buffer, Buffer>();
  return (lookup, _operation, bytes, { requestHeaders }) => {
    if (unmaskedAllowed(policy, requestHeaders)) return { body: bytes, headers: { [WIRE_HEADERS.masked]: 'false' } };
    const remembered = maskedBytes.get(bytes);
    if (remembered) return { body: remembered, headers: { [WIRE_HEADERS.masked]: 'true' } };
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
    const masked = maskPersonalData(body, lookup.personalData);
    const maskedBody = masked === body ? bytes : Buffer.from(JSON.stringify(masked));
    maskedBytes.set(bytes, maskedBody);
    return { body: maskedBody, headers: { [WIRE_HEADERS.masked]: 'true' } };
  };
}

/** The proxy options that mask: pass them to createProxyHandler. */
export function personalDataMasking(policy: MaskPolicy = 'default'): Pick<ProxyOptions, 'transformBody' | 'transformsBody'> {
  return { transformBody: maskingTransform(policy), transformsBody: masksAnswers };
}
