// @vitest-environment node
// One contract test for the whole registry, looping over every lookup and operation: its example,
// built into a request exactly as the browser builds it (parse with the operation's own parameter
// schema, buildRequest, proxyUrl), goes through the server's own handler with no key configured,
// so the demo answers → HTTP 200 from the demo → the body (JSON, or XML for an XML operation)
// parses with the operation's response schema → the records adapter finds records → a second
// identical call gives the same bytes → /openapi.json from the same handler lists the operation.
// A new lookup or operation is covered by adding it to the registry; no test is copied per lookup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyLookup, AnyOperation } from '../lookups/define-lookup.ts';
import { allLookups } from '../lookups/registry.ts';
import { buildRequest } from '../lookups/request.ts';
import { proxyUrl, WIRE_HEADERS } from '../lookups/wire.ts';
import { fromXml } from '../lookups/xml.ts';
import { createAppHandler, loadAppConfig } from './assembly.ts';
import { rawRequest, serveHandler, type RawResponse, type RunningServer } from './testing/http-fixtures.ts';

type OpenApiDocument = { paths?: Record<string, Record<string, unknown> | undefined> };

let server: RunningServer;
let openApi: Promise<OpenApiDocument> | undefined;
beforeAll(async () => {
  // An empty environment (not even .env): no lookup has a key, so every one runs on demo data.
  server = await serveHandler(createAppHandler(loadAppConfig({}), () => {}));
});
afterAll(() => server.close());

/** /openapi.json from the same handler, fetched once. */
function openApiDocument(): Promise<OpenApiDocument> {
  return (openApi ??= rawRequest(server.port, 'GET', '/openapi.json').then((answer) => {
    expect(answer.status).toBe(200);
    return JSON.parse(answer.text) as OpenApiDocument;
  }));
}

/** Sends the operation's example through the proxy as the browser's fetcher would. */
function sendExample(lookup: AnyLookup, operation: AnyOperation): Promise<RawResponse> {
  const params = operation.params.parse(operation.example);
  const request = buildRequest(operation, params);
  const body = request.body ? JSON.stringify(request.body) : undefined;
  const headers: Record<string, string> = {
    accept: operation.format === 'xml' ? 'application/xml' : 'application/json',
    // The contract is the demo's bodies against the spec, unmasked (masking-walk.test.ts checks masked ones).
    'x-lookup-mask': 'off',
    ...(body !== undefined && { 'content-type': 'application/json' }),
  };
  return rawRequest(server.port, request.method, proxyUrl(lookup, request), { headers, ...(body !== undefined && { body }) });
}

function parseBody(operation: AnyOperation, text: string): unknown {
  return operation.format === 'xml' ? fromXml(text, operation) : (JSON.parse(text) as unknown);
}

/**
 * The one value a demo body may change per call: a `requestId` (S's error and success bodies
 * carry a fresh one per request, as its spec requires). It is blanked, in JSON and in XML, before
 * two answers are compared; every other byte must be equal.
 */
function withoutRequestId(text: string): string {
  return text.replace(/("requestId"\s*:\s*)"[^"]*"/g, '$1"<per call>"').replace(/(<requestId>)[^<]*(<\/requestId>)/g, '$1<per call>$2');
}

/** Records as the answer interpreter reads them: the adapter's, else an array body or the one object. */
function recordsOf(operation: AnyOperation, body: unknown): readonly unknown[] {
  const adapter = operation.adapters?.records;
  if (adapter) return adapter(body) ?? [];
  return Array.isArray(body) ? body : body === undefined || body === null ? [] : [body];
}

const cases = allLookups.flatMap((lookup) =>
  lookup.operations.map((operation) => ({
    lookup,
    operation,
    name: `${lookup.id} ${lookup.title}: ${operation.id} (${operation.method} ${operation.path})`,
  })),
);

describe('every lookup and operation of the registry, through the server on demo data', () => {
  it('covers the whole registry', () => {
    expect(allLookups.length).toBeGreaterThan(0);
    expect(cases.length).toBeGreaterThan(allLookups.length);
  });

  describe.each(cases)('$name', ({ lookup, operation }) => {
    it('answers its example: 200 from the demo, a body the schema accepts, records, the same bytes twice', {
      timeout: 60_000,
    }, async () => {
      const first = await sendExample(lookup, operation);
      expect(first.status, first.text.slice(0, 500)).toBe(200);
      expect(first.headers[WIRE_HEADERS.source]).toBe('demo');
      expect(first.headers['content-type']).toMatch(operation.format === 'xml' ? /xml/i : /json/i);

      const body = parseBody(operation, first.text);
      const parsed = operation.response.safeParse(body);
      expect(parsed.success, parsed.error?.message).toBe(true);
      const success = operation.adapters?.success?.(parsed.data);
      if (success) expect(success, 'the body says success').toEqual(expect.objectContaining({ ok: true }));
      expect(recordsOf(operation, parsed.data).length, 'records found in the answer').toBeGreaterThan(0);

      const second = await sendExample(lookup, operation);
      expect(second.status).toBe(200);
      expect(withoutRequestId(second.text)).toBe(withoutRequestId(first.text));
    });

    it('is listed by /openapi.json with its path and method', async () => {
      const document = await openApiDocument();
      expect(Object.keys(document.paths ?? {})).toContain(operation.path);
      expect(document.paths?.[operation.path]?.[operation.method.toLowerCase()], `${operation.method} ${operation.path}`).toBeDefined();
    });
  });
});
