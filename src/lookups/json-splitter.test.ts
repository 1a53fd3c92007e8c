import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayAt } from './adapters.ts';
import { JsonSplitter, type PathKey, type RecordsProbe } from './json-splitter.ts';
import { valueAt, withRecords } from './record-path.ts';

// An L-shaped body (~200 characters) with what trips a scanner: quotes, backslashes and brackets
// inside strings, escaped keys, nested arrays in records, a string record, a number record, an
// object after the records array, whitespace everywhere.
const BODY =
  '[ {"total": 3, "note": "a \\"quoted\\" [x] {y}", "in\\"cidents" : [ {"id":"a\\\\","tags":["x,y",[1,{"z":"]"}]]} ,' +
  ' {"id":"b\\u00e9,\\"","n":-1.5e3, "e":{}}, 7 , "s]\\\\" ,[] ], "after": {"k":[1,"]"]} } ]';
const RECORDS_AT = '0.in"cidents';

/** The records adapter's way: the array at a fixed place; the probe asks whether it is the one that just opened. */
const probeFor =
  (read: (body: unknown) => unknown): RecordsProbe =>
  (body, path) => {
    const records = read(body);
    return Array.isArray(records) && records === valueAt(body, path);
  };
const atRecords = probeFor((body) => (Array.isArray(body) ? valueAt(body, [0, 'in"cidents']) : undefined));

interface Run {
  records: unknown[];
  takes: number;
  outcome: ReturnType<JsonSplitter['end']>;
}

function run(pieces: readonly string[], probe: RecordsProbe = atRecords): Run {
  const splitter = new JsonSplitter({ isRecords: probe });
  const records: unknown[] = [];
  let takes = 0;
  const take = () => {
    const taken = splitter.take();
    if (!taken) return;
    takes += 1;
    const parsed = JSON.parse(`[${taken.text}]`) as unknown[];
    expect(parsed).toHaveLength(taken.count);
    records.push(...parsed);
  };
  for (const piece of pieces) {
    splitter.feed(piece);
    take();
  }
  const outcome = splitter.end();
  take();
  return { records, takes, outcome };
}

function reassembled({ records, outcome }: Run): unknown {
  if (outcome.kind !== 'split') throw new Error(`not split: ${outcome.kind}`);
  return withRecords(JSON.parse(outcome.skeleton), outcome.path, records);
}

function splitAt(text: string, points: readonly number[]): string[] {
  const cuts = [0, ...[...points].sort((a, b) => a - b), text.length];
  return cuts.slice(1).map((end, index) => text.slice(cuts[index], end));
}

describe('JsonSplitter', () => {
  it('finds the records array by the probe and gives back the body, whole', () => {
    const result = run([BODY]);
    expect(result.outcome).toMatchObject({ kind: 'split', path: [0, 'in"cidents'] });
    expect(result.records).toEqual(JSON.parse(BODY)[0]['in"cidents']);
    expect(reassembled(result)).toEqual(JSON.parse(BODY));
    // The skeleton is the body with the records array empty.
    expect(JSON.parse((result.outcome as { skeleton: string }).skeleton)[0]['in"cidents']).toEqual([]);
    expect(RECORDS_AT).toBe('0.in"cidents');
  });

  it('hands the records array to its caller (feedToRecords), and keeps the envelope after it once told it closed', () => {
    const records = JSON.stringify(JSON.parse(BODY)[0]['in"cidents']);
    for (let cut = 1; cut < BODY.length; cut++) {
      const splitter = new JsonSplitter({ isRecords: atRecords });
      // The caller reads the array from just after its `[`, up to and with the `]` that closes it.
      let rest: string | undefined;
      for (const piece of [BODY.slice(0, cut), BODY.slice(cut)]) {
        if (rest === undefined) rest = splitter.feedToRecords(piece);
        else rest += piece;
      }
      expect(splitter.recordsPath(), `cut at ${cut}`).toEqual([0, 'in"cidents']);
      const inner = JSON.stringify(JSON.parse(`[${rest!.slice(0, rest!.indexOf('], "after"'))}]`));
      expect(inner).toBe(records);
      splitter.recordsClosed();
      splitter.feed(rest!.slice(rest!.indexOf('], "after"') + 1));
      const outcome = splitter.end();
      expect(outcome.kind).toBe('split');
      const skeleton = JSON.parse((outcome as { skeleton: string }).skeleton) as unknown;
      expect(withRecords(skeleton, [0, 'in"cidents'], JSON.parse(records) as unknown[])).toEqual(JSON.parse(BODY));
    }
  });

  it('gives the same body for every split of the text into two pieces', () => {
    const whole = JSON.parse(BODY);
    expect(BODY.length).toBeGreaterThan(180);
    for (let at = 0; at <= BODY.length; at += 1) {
      const result = run([BODY.slice(0, at), BODY.slice(at)]);
      expect(reassembled(result), `split at ${at}`).toEqual(whole);
    }
  });

  it('gives the same body for a split into one piece per character', () => {
    const result = run([...BODY]);
    expect(reassembled(result)).toEqual(JSON.parse(BODY));
    // Each record was handed over as soon as the comma after it arrived.
    expect(result.takes).toBe(5);
  });

  it('gives the same body for random splits into many pieces', () => {
    const whole = JSON.parse(BODY);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: BODY.length - 1 }), { maxLength: 40 }), (points) => {
        expect(reassembled(run(splitAt(BODY, points)))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('takes a root array as the records when the probe says so', () => {
    const text = ' [ {"a":1}, [2,"]"], "x\\"" ] ';
    for (let at = 0; at <= text.length; at += 1) {
      const result = run(
        [text.slice(0, at), text.slice(at)],
        probeFor((body) => body),
      );
      expect(result.outcome).toMatchObject({ kind: 'split', path: [] });
      expect(reassembled(result)).toEqual(JSON.parse(text));
    }
  });

  it('offers only arrays as they open, and each once', () => {
    const offered: string[] = [];
    run(['{"a":[1,[2]],"b":{"c":[]},"d":[3]}'], (_body, path) => {
      offered.push(path.join('.'));
      return false;
    });
    expect(offered).toEqual(['a', 'a.1', 'b.c', 'd']);
  });

  it('leaves a body whole when no array holds the records', () => {
    const result = run(['{"a":[1,2],', '"b":3}'], () => false);
    expect(result.outcome).toEqual({ kind: 'whole' });
    expect(result.records).toEqual([]);
  });

  it('gives up looking after the probe limit, leaving the body whole', () => {
    const text = `[${Array.from({ length: 50 }, (_, index) => `[${index}]`).join(',')}]`;
    const splitter = new JsonSplitter({ isRecords: () => false, probeLimit: 10 });
    splitter.feed(text);
    expect(splitter.end()).toEqual({ kind: 'whole' });
  });

  it.each([
    ['a trailing comma', '[{"in\\"cidents":[1,2,]}]'],
    ['two commas', '[{"in\\"cidents":[1,,2]}]'],
    ['a leading comma', '[{"in\\"cidents":[,1]}]'],
    ['a brace closing the array', '[{"in\\"cidents":[1}]'],
    ['an unclosed records array', '[{"in\\"cidents":[1,2'],
  ])('never calls %s split', (_name, text) => {
    for (let at = 0; at <= text.length; at += 1) {
      const result = run([text.slice(0, at), text.slice(at)]);
      expect(result.outcome, `split at ${at}`).toEqual({ kind: 'whole' });
    }
  });

  it('leaves to JSON.parse what it does not check (missing commas, garbage after the body)', () => {
    // The skeleton or a batch does not parse: the engine then reads the whole text and reports why.
    const missingComma = new JsonSplitter({ isRecords: atRecords });
    missingComma.feed('[{"in\\"cidents":[1 2]}]');
    expect(() => JSON.parse(`[${missingComma.take()!.text}]`)).toThrow();
    const garbage = run(['[{"in\\"cidents":[1]}] x']);
    expect(() => JSON.parse((garbage.outcome as { skeleton: string }).skeleton)).toThrow();
  });

  it('closes the body as far as it arrived when stopped, keeping complete records only', () => {
    const text = '{"meta":{"n":2},"items":[{"a":1},{"a":2},{"a":';
    const splitter = new JsonSplitter({ isRecords: probeFor((body) => arrayAt(body, 'items')) });
    splitter.feed(text);
    const taken = splitter.take()!;
    const partial = splitter.partial()!;
    expect(taken.count).toBe(2);
    expect(partial.path).toEqual(['items']);
    expect(withRecords(JSON.parse(partial.skeleton), partial.path, JSON.parse(`[${taken.text}]`))).toEqual({
      meta: { n: 2 },
      items: [{ a: 1 }, { a: 2 }],
    });
  });

  it('closes at the records array when stopped after it', () => {
    const splitter = new JsonSplitter({ isRecords: probeFor((body) => arrayAt(body, 'items')) });
    splitter.feed('{"items":[1,2],"more":{"x":"unfinis');
    const partial = splitter.partial()!;
    expect(JSON.parse(partial.skeleton)).toEqual({ items: [] });
    expect(splitter.take()).toEqual({ text: '1,2', count: 2 });
  });

  it('has nothing to keep when stopped before the records array', () => {
    const splitter = new JsonSplitter({ isRecords: probeFor((body) => arrayAt(body, 'items')) });
    splitter.feed('{"meta":{"n":2},"ite');
    expect(splitter.partial()).toBeUndefined();
  });

  it('reads the path through escaped keys and array indices', () => {
    const paths: PathKey[][] = [];
    run(['[0,{"k\\u0065y":[{"x":[1]}]}]'], (_body, path) => {
      paths.push([...path]);
      return false;
    });
    expect(paths).toEqual([[], [1, 'key'], [1, 'key', 0, 'x']]);
  });
});
