import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJsonText } from '../../api/json-text.ts';
import { arrayAt, isRecord } from '../../lookups/adapters.ts';
import { schemaIssues } from '../../lookups/answer.ts';
import type { AnyOperation } from '../../lookups/define-lookup.ts';
import { flattenRecords, type FlatRow } from '../table/flatten-records.ts';
import { withRecords } from '../../lookups/record-path.ts';
import { BATCH_RECORDS, FLUSH_MS, StreamEngine } from './stream-engine.ts';
import type { BatchMessage, DoneMessage, FromReader } from './stream-protocol.ts';

const itemsSchema = z.looseObject({ total: z.number(), items: z.array(z.looseObject({ name: z.string() })) });

function operationWith(records: (body: unknown) => unknown[] | undefined, response: z.ZodType = itemsSchema): AnyOperation {
  return { id: 'items', adapters: { records }, response } as unknown as AnyOperation;
}

const items = operationWith((body) => arrayAt(body, 'items'));

// Multi-byte characters (2, 3 and 4 bytes in UTF-8), nesting that the table flattens, and a flat record.
const BODY =
  '{"total":3,"items":[{"name":"Zoë","tags":["a","b"],"at":{"x":1}},{"name":"名前","n":2},{"name":"🦊 \\"fox\\"","n":null}],"end":true}';

interface Outcome {
  batches: BatchMessage[];
  done: DoneMessage;
}

function runEngine(
  chunks: readonly Uint8Array[],
  { operation = items, progressive = true, stopAfter }: { operation?: AnyOperation; progressive?: boolean; stopAfter?: number } = {},
): Outcome {
  const messages: FromReader[] = [];
  let clock = 0;
  const engine = new StreamEngine({ operation, progressive, totalBytes: undefined, now: () => (clock += FLUSH_MS) }, (message) =>
    messages.push(message),
  );
  chunks.forEach((chunk, index) => {
    engine.push(chunk);
    if (index + 1 === stopAfter) engine.stop();
  });
  engine.end();
  const done = messages.find((message): message is DoneMessage => message.type === 'done');
  if (!done) throw new Error(`no done message: ${JSON.stringify(messages.map((message) => message.type))}`);
  return { batches: messages.filter((message): message is BatchMessage => message.type === 'batch'), done };
}

/** The answer as the page puts it together from the messages. */
function assembled({ batches, done }: Outcome) {
  const records = batches.flatMap((batch) => batch.records);
  const rows = batches.flatMap((batch) => batch.rows.map((row, index) => row ?? (batch.records[index] as FlatRow)));
  const columns = batches.flatMap((batch) => batch.columns);
  const text = batches.map((batch) => batch.text).join('') + done.text;
  // As the page does: the records into the skeleton, or the whole text when the worker no longer held it.
  const read =
    done.kind === 'split' ? { body: withRecords(JSON.parse(done.skeleton), done.path, records) } : done.reread ? parseJsonText(text) : done;
  return { records, rows, columns, text, body: read.body, parseError: read.parseError };
}

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('StreamEngine', () => {
  it('reads the same answer for every split of the bytes into two chunks, multi-byte characters cut included', () => {
    const bytes = bytesOf(BODY);
    const whole = JSON.parse(BODY);
    const table = flattenRecords(whole.items);
    for (let at = 0; at <= bytes.length; at += 1) {
      const outcome = runEngine([bytes.slice(0, at), bytes.slice(at)]);
      const answer = assembled(outcome);
      expect(outcome.done.kind, `split at ${at}`).toBe('split');
      expect(answer.body, `split at ${at}`).toEqual(whole);
      expect(answer.text).toBe(BODY);
      expect(answer.rows).toEqual(table.rows);
      expect(answer.columns).toEqual(table.columns);
      expect(outcome.done.progress).toMatchObject({ bytes: bytes.length, records: 3 });
    }
  });

  it('sends a flat record once: its row is the record itself', () => {
    const { batches } = runEngine([bytesOf(BODY)]);
    expect(batches.flatMap((batch) => batch.rows).map((row) => row === null)).toEqual([false, true, true]);
  });

  it('checks the whole body against the schema in the worker, with the same issues as on the page', () => {
    const text = '{"total":2,"items":[{"name":"a"},{"name":5}]}';
    const { done } = runEngine([bytesOf(text)]);
    expect(done.kind).toBe('split');
    const issues = done.kind === 'split' ? (done.issues ?? []) : [];
    expect(issues).toEqual(schemaIssues(itemsSchema, JSON.parse(text)));
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['items.1.name']);
  });

  it.each([
    ['truncated', '{"total":2,"items":[{"name":"a"},{"na'],
    ['a missing comma', '{"total":2,"items":[{"name":"a"} {"name":"b"}]}'],
    ['a trailing comma', '{"total":2,"items":[{"name":"a"},]}'],
    ['garbage after the body', '{"total":1,"items":[{"name":"a"}]} !'],
    ['empty', '  '],
  ])('reads a body with %s whole, with the words a whole read gives', (_name, text) => {
    const bytes = bytesOf(text);
    for (let at = 0; at <= bytes.length; at += 1) {
      const outcome = runEngine([bytes.slice(0, at), bytes.slice(at)]);
      expect(outcome.done.kind).toBe('whole');
      expect(assembled(outcome), `split at ${at}`).toMatchObject({ body: undefined, parseError: parseJsonText(text).parseError });
    }
  });

  it('keeps the complete records when stopped, and the body as far as it arrived', () => {
    const text = '{"total":9,"items":[{"name":"a"},{"name":"b"},{"name":"c"';
    const bytes = bytesOf(text);
    const outcome = runEngine([bytes.slice(0, 30), bytes.slice(30)], { stopAfter: 2 });
    expect(outcome.done).toMatchObject({ kind: 'split', stoppedAfter: 2 });
    expect(assembled(outcome).body).toEqual({ total: 9, items: [{ name: 'a' }, { name: 'b' }] });
    expect(assembled(outcome).text).toBe(text);
  });

  it('stopped before the records array, says so and keeps no body', () => {
    const { done } = runEngine([bytesOf('{"total":9,"ite')], { stopAfter: 1 });
    expect(done).toMatchObject({ kind: 'whole', body: undefined, stoppedAfter: 0 });
    expect(done.kind === 'whole' && done.parseError).toMatch(/^Stopped after 15 bytes/);
  });

  it('posts no records when they may not be shown yet (the page masks them first), and reads the body whole', () => {
    const outcome = runEngine([bytesOf(BODY)], { progressive: false });
    expect(outcome.batches.flatMap((batch) => batch.records)).toEqual([]);
    expect(outcome.done).toMatchObject({ kind: 'whole', body: JSON.parse(BODY) });
  });

  it('reads the body whole when the adapter picks another array from the complete body', () => {
    // Before `results` arrives, the adapter reads `items`; the whole body says otherwise.
    const later = operationWith((body) => (isRecord(body) ? ((body.results ?? body.items) as unknown[]) : undefined), z.unknown());
    const text = '{"items":[1,2],"results":[3]}';
    const outcome = runEngine([bytesOf(text)], { operation: later });
    expect(outcome.batches.flatMap((batch) => batch.records)).toEqual([1, 2]);
    // The worker kept neither the text nor the records once it followed them: the page reads the text whole.
    expect(outcome.done).toMatchObject({ kind: 'whole', reread: true });
    expect(assembled(outcome).body).toEqual(JSON.parse(text));
  });

  it('posts at most BATCH_RECORDS records a message', () => {
    const count = BATCH_RECORDS * 2 + 10;
    const text = JSON.stringify({ total: count, items: Array.from({ length: count }, (_, index) => ({ name: `n${index}` })) });
    const { batches, done } = runEngine([bytesOf(text)]);
    expect(batches.map((batch) => batch.records.length).filter((length) => length > 0)).toEqual([BATCH_RECORDS, BATCH_RECORDS, 10]);
    expect(done.progress.records).toBe(count);
  });
});
