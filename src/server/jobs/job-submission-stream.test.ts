// @vitest-environment node
import fc from 'fast-check';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { registryIndex } from '../../lookups/registry.ts';
import { readJobSubmission, type SubmissionOptions } from './job-submission-stream.ts';
import { jobSubmission } from './job-submission.ts';

const LIMIT = 1024 * 1024;

/** A request whose body arrives in `pieces`; `pulled()` says how many bytes the reader asked for. */
function requestOf(pieces: Iterable<Buffer>): { req: IncomingMessage; pulled: () => number } {
  let pulled = 0;
  function* counted() {
    for (const piece of pieces) {
      pulled += piece.length;
      yield piece;
    }
  }
  const req = Object.assign(Readable.from(counted(), { objectMode: false, highWaterMark: 1 }), {
    socket: { destroyed: false },
  }) as unknown as IncomingMessage;
  return { req, pulled: () => pulled };
}

/** `bytes` cut at each of `cuts` (sorted, within it). */
function cutAt(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const pieces: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    pieces.push(bytes.subarray(from, cut));
    from = cut;
  }
  return pieces;
}

/** The submission read from `pieces`, its rows (kept as text, row-texts.ts) parsed back into data.rows to compare. */
async function read(pieces: Iterable<Buffer>, options: Partial<SubmissionOptions> = {}) {
  const streamed = await readJobSubmission(requestOf(pieces).req, { limit: LIMIT, index: registryIndex, ...options });
  if (!streamed.ok || !streamed.rowTexts) return streamed;
  const rows = JSON.parse(streamed.rowTexts.arrayText(0, streamed.rowTexts.length)) as NonNullable<typeof streamed.data.rows>;
  return { ...streamed, data: { ...streamed.data, rows } };
}

/** What the old whole-body path gave: JSON.parse, then the schema, then every row against its operation. */
function wholeBody(text: string): { ok: true; data: unknown } | { ok: false } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  const parsed = jobSubmission.safeParse(json);
  if (!parsed.success) return { ok: false };
  const operation = registryIndex.operation(parsed.data.lookup, parsed.data.operation)?.operation;
  if (!operation || (parsed.data.rows ?? []).some((row) => !operation.params.safeParse(row).success)) return { ok: false };
  return { ok: true, data: parsed.data };
}

// Rows of H (zip code, name): valid, and now and then not (a 4-digit zip code, a name that is a
// number), with the characters that trip a scanner: quotes, backslashes, brackets, commas, a
// letter of more than one byte in UTF-8 (é, 😀) so pieces cut it in half.
const text = fc.constantFrom('Pat', 'O\'Neil "Jr"', 'a\\b', '[x], {y}', 'é😀', ' ', 'Zoë,');
const row = fc.record(
  { zipcode: fc.constantFrom('62701', '10001', '1234'), name: fc.oneof(text, fc.constant(7)) },
  { requiredKeys: ['zipcode'] },
);
const submissionBody = fc
  .record({
    rows: fc.array(row, { minLength: 0, maxLength: 12 }),
    concurrency: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    fieldsAfterRows: fc.boolean(),
    spaced: fc.boolean(),
  })
  .map(({ rows, concurrency, fieldsAfterRows, spaced }) => {
    const fields = { lookup: 'H', operation: 'records', ...(concurrency !== undefined && { concurrency }) };
    return JSON.stringify(fieldsAfterRows ? { rows, ...fields } : { ...fields, rows }, null, spaced ? 1 : undefined);
  });

describe('reading a POST /jobs body as a stream', () => {
  it('gives what JSON.parse and the schema give, however the body is cut (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        submissionBody.chain((body) =>
          fc.tuple(fc.constant(body), fc.uniqueArray(fc.integer({ min: 0, max: Buffer.byteLength(body) }), { maxLength: 12 })),
        ),
        async ([body, cuts]) => {
          const bytes = Buffer.from(body);
          const streamed = await read(
            cutAt(
              bytes,
              cuts.sort((a, b) => a - b),
            ),
            { sliceMs: 0 },
          );
          const expected = wholeBody(body);
          expect(streamed.ok).toBe(expected.ok);
          if (!streamed.ok || !expected.ok) return;
          expect(streamed.data).toEqual(expected.data);
          // The rows' names, gathered as they were checked: what the job's columns were made of before.
          expect(streamed.rowKeys).toEqual([...new Set(streamed.data.rows!.flatMap((row) => Object.keys(row)))]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives the same submission when the body is cut at every byte', async () => {
    const body = JSON.stringify({
      lookup: 'H',
      operation: 'records',
      rows: [{ zipcode: '62701', name: 'O\'Neil "é😀" [a],{b}\\' }, { name: 'Pat' }],
      concurrency: 2,
      columns: ['zipcode'],
    });
    const expected = wholeBody(body);
    expect(expected.ok).toBe(true);
    const bytes = Buffer.from(body);
    for (let at = 0; at <= bytes.length; at++) {
      const streamed = await read(cutAt(bytes, [at]));
      expect(streamed).toMatchObject({ ok: true, data: (expected as { data: unknown }).data });
    }
    const byteByByte = await read(
      cutAt(
        bytes,
        Array.from({ length: bytes.length }, (_, index) => index),
      ),
    );
    expect(byteByByte).toMatchObject({
      ok: true,
      data: (expected as { data: unknown }).data,
      lookup: { id: 'H' },
      operation: { id: 'records' },
    });
  });

  it('reads a job from a link to an answer, which has no rows, whole', async () => {
    const job = {
      lookup: 'L',
      operation: registryIndex.lookup('L')!.operations[0]!.id,
      from: { lookup: 'H', operation: 'records', params: { zipcode: '62701' } },
    };
    expect(await read([Buffer.from(JSON.stringify(job))])).toMatchObject({ ok: true, data: job, rowKeys: undefined });
  });

  it('refuses a body that is not JSON with a 400 that says what a job looks like', async () => {
    for (const body of [
      '{"lookup": "H", "operation": "records", "rows": [{"zipcode": "62701"} {"zipcode": "62702"}]}',
      '{"lookup": "H", "rows": [{"zipcode": "62701"}], }',
      '{"lookup": "H", "operation": "records", "rows": [{"zipcode": "62701"}',
      'not json',
      '',
    ]) {
      const refused = await read([Buffer.from(body)]);
      expect(refused).toMatchObject({ ok: false, status: 400, code: 'invalid_job' });
      expect(refused.ok || refused.message).toMatch(/^The job is sent as JSON: \{lookup, operation, rows, concurrency\}/);
    }
    const inRows = await read([
      Buffer.from('{"lookup": "H", "operation": "records", "rows": [{"zipcode": "62701"}, {"zipcode": 62702,}]}'),
    ]);
    expect(inRows.ok || inRows.message).toBe(
      'The job is sent as JSON: {lookup, operation, rows, concurrency}; it is not valid JSON in rows 1 to 2',
    );
  });

  it('names the row (counted from 1) and the field of a row that is not valid, and up to five of them', async () => {
    const rows = [{ zipcode: '62701' }, { zipcode: '62701' }, { zipcode: '123' }, { zipcode: ['62701'] }, { name: 'Pat' }];
    const refused = await read([Buffer.from(JSON.stringify({ lookup: 'H', operation: 'records', rows }))]);
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      code: 'invalid_job',
      message: 'Row 3 is not valid (zipcode must be a 5-digit US zip code): nothing was queued',
    });
    expect(refused.ok || refused.details).toEqual({
      rows: [expect.objectContaining({ row: 3 }), { row: 4, message: expect.stringMatching(/^zipcode /) as unknown }],
    });
    const many = Array.from({ length: 50 }, (_, index) => ({ zipcode: String(index) }));
    const five = await read([Buffer.from(JSON.stringify({ lookup: 'H', operation: 'records', rows: many }))]);
    expect(five.ok || (five.details as { rows: unknown[] }).rows).toHaveLength(5);
  });

  it('checks rows sent before their lookup once the lookup is known', async () => {
    const refused = await read([
      Buffer.from(JSON.stringify({ rows: [{ zipcode: '62701' }, { zipcode: 'x' }], lookup: 'H', operation: 'records' })),
    ]);
    expect(refused).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/^Row 2 is not valid \(zipcode /) as unknown });
  });

  it('refuses the rest of the submission with the schema’s own words, and an operation that does not exist', async () => {
    const body = (job: object) => [Buffer.from(JSON.stringify(job))];
    expect(await read(body({ lookup: 'H', operation: 'records', rows: [{ zipcode: '62701' }], concurrency: 0 }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^The job is not valid: concurrency: /) as unknown,
    });
    expect(await read(body({ lookup: 'H', operation: 'records', rows: [] }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^The job is not valid: rows: Too small/) as unknown,
    });
    expect(await read(body({ lookup: 'H', operation: 'records' }))).toMatchObject({
      status: 400,
      message: 'The job is not valid: body: send either rows or from (a link to an answer), not both',
    });
    expect(await read(body({ lookup: 'H', operation: 'nope', rows: [{ zipcode: '62701' }] }))).toMatchObject({
      status: 400,
      message: 'There is no operation nope of lookup H',
    });
    expect(await read(body([{ lookup: 'H' }]))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^The job is not valid: body: /) as unknown,
    });
  });

  it('refuses a body past the byte limit with a 413 as soon as it passes it, without reading the rest', async () => {
    const piece = Buffer.from(`${JSON.stringify({ zipcode: '62701', name: 'x'.repeat(90) })},`);
    function* endless() {
      yield Buffer.from('{"lookup":"H","operation":"records","rows":[');
      for (;;) yield piece;
    }
    const { req, pulled } = requestOf(endless());
    const refused = await readJobSubmission(req, { limit: 64 * 1024, index: registryIndex });
    expect(refused).toMatchObject({
      ok: false,
      status: 413,
      code: 'body_too_large',
      message: 'The request body is larger than 65536 bytes',
      headers: { connection: 'close' },
    });
    expect(pulled()).toBeLessThan(64 * 1024 + 2 * piece.length);
  });

  it('refuses more rows than a job holds with a 413 naming the limit, without reading the rest', async () => {
    const piece = Buffer.from('{"zipcode":"62701"},');
    function* endless() {
      yield Buffer.from('{"lookup":"H","operation":"records","rows":[');
      for (;;) yield piece;
    }
    const { req, pulled } = requestOf(endless());
    const refused = await readJobSubmission(req, { limit: LIMIT, index: registryIndex, maxRows: 1_000 });
    expect(refused).toMatchObject({
      ok: false,
      status: 413,
      code: 'too_many_rows',
      message: 'A job holds at most 1,000 rows: this one has more (send it as more than one job)',
      headers: { connection: 'close' },
    });
    expect(pulled()).toBeLessThan(1_010 * piece.length);
  });

  it('lets the event loop in while it checks many rows', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => ({ zipcode: String(10_000 + index), name: `n${index}` }));
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 0);
    // One piece: the rows are parsed in one batch, then checked in slices of at most 1 ms.
    const streamed = await read([Buffer.from(JSON.stringify({ lookup: 'H', operation: 'records', rows }))], { sliceMs: 1 });
    clearInterval(ticking);
    expect(streamed.ok && streamed.data.rows).toHaveLength(20_000);
    // Kept as text until stored: the chunks' bytes are what JSON.stringify of the row objects gave.
    const kept = await readJobSubmission(requestOf([Buffer.from(JSON.stringify({ lookup: 'H', operation: 'records', rows }))]).req, {
      limit: LIMIT,
      index: registryIndex,
    });
    expect(kept.ok && kept.data.rows).toBeUndefined();
    expect(kept.ok && kept.rowTexts!.arrayText(1_000, 3_100)).toBe(JSON.stringify(rows.slice(1_000, 3_100)));
    expect(turns).toBeGreaterThan(1);
  });
});
