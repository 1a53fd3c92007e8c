// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsForService } from '../lookups/m-calls-for-service.ts';
import { buildRequest } from '../lookups/request.ts';
import { proxyUrl, WIRE_HEADERS } from '../lookups/wire.ts';
import { ConfigError, parseServerConfig } from './config.ts';
import { createLookupHandler } from './lookup-handler.ts';
import { UpstreamFailureError } from './live-upstream.ts';
import { masksAnswers, maskingTransform, unmaskedAllowed } from './masking-transform.ts';
import type { BodyTransformContext } from './body-transform.ts';
import { rawRequest, serveHandler, startUpstream, type RunningServer } from './testing/http-fixtures.ts';
import { keyedCode } from './pseudonyms.ts';
import { normaliseForPseudonym } from '../lookups/stand-ins.ts';

const operation = callsForService.operations[0];
const call = {
  call_address: '1600 Block of CESAR CHAVEZ ST',
  call_latitude: 37.782914,
  call_longitude: -122.409534,
  call_type: 'Trespasser',
};
const body = { total_incidents: 1, total_pages: 1, incidents: [call] };
const SECRET = 'masking-transform-test-secret-0123456789';
/** The call's address as the transform keyed by SECRET masks it. */
const ADDRESS = `••• masked address ${keyedCode(SECRET)('address', normaliseForPseudonym(call.call_address))}`;
const context = (requestHeaders: BodyTransformContext['requestHeaders'] = {}): BodyTransformContext => ({
  source: 'live',
  status: 200,
  contentType: 'application/json',
  requestHeaders,
});

describe('the masking transform', () => {
  it('masks by default and says so', async () => {
    const out = await maskingTransform('default', SECRET)(callsForService, operation, Buffer.from(JSON.stringify(body)), context());
    expect(Buffer.isBuffer(out)).toBe(false);
    if (Buffer.isBuffer(out)) return;
    expect(out.headers).toEqual({ [WIRE_HEADERS.masked]: 'true' });
    expect(JSON.parse(out.body.toString()).incidents[0]).toEqual({
      call_address: ADDRESS,
      call_latitude: 37.78,
      call_longitude: -122.41,
      call_type: 'Trespasser',
    });
  });

  it('names an address by the same pseudonym in every answer, keyed by the secret it is given', async () => {
    const other = { ...call, call_address: '200 Block of MARKET ST' };
    const addressesIn = async (transform: ReturnType<typeof maskingTransform>, incidents: unknown[]) => {
      const out = await transform(callsForService, operation, Buffer.from(JSON.stringify({ ...body, incidents })), context());
      if (Buffer.isBuffer(out)) throw new Error('expected headers');
      return (JSON.parse(out.body.toString()) as typeof body).incidents.map((incident) => incident.call_address);
    };
    const first = await addressesIn(maskingTransform('default', SECRET), [call]);
    // Another answer, another transform (another server process with the same secret): the same pseudonym.
    const second = await addressesIn(maskingTransform('default', SECRET), [
      other,
      { ...call, call_address: call.call_address.toLowerCase() },
    ]);
    expect(first).toEqual([ADDRESS]);
    expect(second[1]).toBe(ADDRESS);
    expect(second[0]).toMatch(/^••• masked address [0-9a-z]{12}$/);
    expect(second[0]).not.toBe(ADDRESS);
    // Another deployment's secret: another pseudonym for the same address.
    expect(await addressesIn(maskingTransform('default', `${SECRET}-elsewhere`), [call])).not.toEqual(first);
  });

  it('masks equal bytes to equal bytes, each time afresh (nothing is kept between answers)', async () => {
    const transform = maskingTransform('default');
    const bytes = Buffer.from(JSON.stringify(body));
    const first = await transform(callsForService, operation, bytes, context());
    const again = await transform(callsForService, operation, Buffer.from(bytes), context());
    if (Buffer.isBuffer(first) || Buffer.isBuffer(again)) throw new Error('expected headers');
    expect(again.body).not.toBe(first.body);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers).toEqual({ [WIRE_HEADERS.masked]: 'true' });
  });

  it("sends a body without any of the paths' first keys as it came, parsed but not walked, and still withholds one that is not JSON", async () => {
    const transform = maskingTransform('default', SECRET);
    const bytes = Buffer.from(JSON.stringify({ total_incidents: 0, note: 'incidents' }));
    const out = await transform(callsForService, operation, bytes, context());
    expect(out).toEqual({ body: bytes, headers: { [WIRE_HEADERS.masked]: 'true' } });
    // The same key written with a JSON escape is the same key once parsed: masked.
    const escaped = Buffer.from(`{"\\u0069ncidents":[${JSON.stringify(call)}]}`);
    const masked = await transform(callsForService, operation, escaped, context());
    if (Buffer.isBuffer(masked)) throw new Error('expected headers');
    expect(JSON.parse(masked.body.toString()).incidents[0].call_address).toBe(ADDRESS);
    expect(() => transform(callsForService, operation, Buffer.from('{"total_incidents": 0'), context())).toThrow(UpstreamFailureError);
  });

  it('sends the bytes as they came when the browser asks for unmasked data and the policy allows it', async () => {
    const bytes = Buffer.from(JSON.stringify(body));
    const out = await maskingTransform('default')(callsForService, operation, bytes, context({ 'x-lookup-mask': 'OFF' }));
    expect(out).toEqual({ body: bytes, headers: { [WIRE_HEADERS.masked]: 'false' } });
  });

  it('ignores the header under LOOKUP_MASK=always', () => {
    expect(unmaskedAllowed('default', { 'x-lookup-mask': 'off' })).toBe(true);
    expect(unmaskedAllowed('default', { 'x-lookup-mask': 'on' })).toBe(false);
    expect(unmaskedAllowed('default', {})).toBe(false);
    expect(unmaskedAllowed('always', { 'x-lookup-mask': 'off' })).toBe(false);
  });

  it('withholds a body it cannot read rather than send it unmasked', () => {
    const attempt = () => maskingTransform('default')(callsForService, operation, Buffer.from('{"incidents": [ not json'), context());
    expect(attempt).toThrow(UpstreamFailureError);
    expect(attempt).toThrow(/not valid JSON, so its personal data cannot be masked; it was withheld/);
  });

  it('applies to the JSON operations of lookups with personal data only (every other answer streams)', () => {
    expect(masksAnswers(callsForService, operation)).toBe(true);
    expect(masksAnswers({ ...callsForService, personalData: [] }, operation)).toBe(false);
    expect(masksAnswers(callsForService, { ...operation, format: 'xml' })).toBe(false);
  });
});

describe('LOOKUP_MASK', () => {
  it('is default unless set, accepts always, and names itself when malformed', () => {
    expect(parseServerConfig({}, []).mask).toBe('default');
    expect(parseServerConfig({ LOOKUP_MASK: 'always' }, []).mask).toBe('always');
    expect(() => parseServerConfig({ LOOKUP_MASK: 'sometimes' }, [])).toThrow(ConfigError);
    expect(() => parseServerConfig({ LOOKUP_MASK: 'sometimes' }, [])).toThrow(/LOOKUP_MASK.*must be default or always/);
  });
});

describe("a live provider's answer through the proxy", () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let proxy: RunningServer;
  beforeAll(async () => {
    upstream = await startUpstream();
    upstream.respond((_hit, _req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
    const config = parseServerConfig({ LOOKUP_M_BASE_URL: upstream.url, LOOKUP_M_KEY: 'live-key-123' }, [callsForService]);
    proxy = await serveHandler(
      createLookupHandler({ lookups: [callsForService], generators: {}, config, openApiDocument: () => ({}), log: () => {} }),
    );
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });

  const path = proxyUrl(callsForService, buildRequest(operation, operation.params.parse(operation.example)));

  it('is masked before it leaves the server, and unmasked only when asked', async () => {
    const masked = await rawRequest(proxy.port, 'GET', path);
    expect(masked.status, masked.text).toBe(200);
    expect(masked.headers[WIRE_HEADERS.masked]).toBe('true');
    expect(masked.text).not.toContain('CESAR CHAVEZ');
    expect(masked.text).not.toContain('37.782914');
    expect(Number(masked.headers['content-length'])).toBe(Buffer.byteLength(masked.text));

    const unmasked = await rawRequest(proxy.port, 'GET', path, { headers: { 'x-lookup-mask': 'off' } });
    expect(unmasked.headers[WIRE_HEADERS.masked]).toBe('false');
    expect(JSON.parse(unmasked.text)).toEqual(body);
  });
});
