import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitAnswer, type AnswerEvent } from '../../api/answer-events.ts';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import { historyRecord } from './history-recorder.ts';
import { startHistoryRecorder } from './start-history-recorder.ts';
import { answerOf, personalLookup, plainLookup } from './history-testing.ts';

function event(lookup: AnyLookup, response: AnswerEvent['response'], extra: Partial<AnswerEvent> = {}): AnswerEvent {
  return {
    lookupId: lookup.id,
    operationId: lookup.operations[0]!.id,
    params: {},
    maskRequested: true,
    sentAt: 1_700_000_000_000,
    response,
    ...extra,
  };
}

afterEach(() => vi.useRealTimers());

describe('what the history keeps of an answer', () => {
  it('keeps the text as received and the metadata of the request', () => {
    const response = answerOf('{"error":{"code":"not_found","message":"No such thing","origin":"upstream"}}', {
      status: 404,
      masked: true,
    });
    const record = historyRecord(event(personalLookup, response), true, personalLookup)!;
    expect(record.entry).toMatchObject({
      lookupId: personalLookup.id,
      status: 404,
      source: 'demo',
      durationMs: 12,
      sizeBytes: response.sizeBytes,
      masked: true,
      verdict: 'failed',
      url: response.url,
    });
    expect(record.entry.search).toMatch(/^\?/);
    expect(record.answer).toMatchObject({ text: response.text, status: 404 });
    expect(record.answer).not.toHaveProperty('body');
  });

  it('keeps no unmasked personal data while masking is on', () => {
    const unmasked = answerOf('{"name":"someone"}', { masked: false });
    expect(historyRecord(event(personalLookup, unmasked), true, personalLookup)!.answer).toBeUndefined();
    expect(historyRecord(event(personalLookup, unmasked, { maskRequested: false }), false, personalLookup)!.answer).toMatchObject({
      text: unmasked.text,
    });
    // An answer that does not say it was masked is not trusted to be.
    expect(historyRecord(event(personalLookup, answerOf('{"name":"someone"}')), true, personalLookup)!.answer).toBeUndefined();
    expect(
      historyRecord(event(personalLookup, answerOf('{"name":"masked"}', { masked: true })), true, personalLookup)!.answer,
    ).toBeDefined();
    // A lookup without personal data has nothing to mask.
    expect(historyRecord(event(plainLookup, answerOf('{"a":1}')), true, plainLookup)!.answer).toBeDefined();
  });

  it('says an answer came from the proxy’s cache when the cache says so', () => {
    const cached = answerOf('{"a":1}');
    cached.headers.push(['x-lookup-cache', 'hit']);
    expect(historyRecord(event(plainLookup, cached), true, plainLookup)!.entry.source).toBe('cache');
    expect(historyRecord(event(plainLookup, answerOf('{"a":1}')), true, plainLookup)!.entry.source).toBe('demo');
  });

  it('records a transport failure as metadata with its reason', () => {
    const record = historyRecord(
      event(plainLookup, undefined, {
        failure: { kind: 'network', message: 'The proxy could not be reached', url: '/proxy/x' },
        sentAt: Date.now(),
      }),
      true,
      plainLookup,
    )!;
    expect(record.answer).toBeUndefined();
    expect(record.entry).toMatchObject({
      status: undefined,
      failure: 'The proxy could not be reached',
      url: '/proxy/x',
      verdict: 'unchecked',
      recordCount: undefined,
      sizeBytes: 0,
    });
  });
});

describe('the recorder', () => {
  function fakeRecorder(): {
    record: (event: AnswerEvent, maskingOn: boolean) => Promise<unknown>;
    added: Array<ReturnType<typeof historyRecord>>;
  } {
    const added: Array<ReturnType<typeof historyRecord>> = [];
    return {
      added,
      record: async (event, maskingOn) =>
        added.push(historyRecord(event, maskingOn, event.lookupId === personalLookup.id ? personalLookup : plainLookup)),
    };
  }

  it('records each answer after the page has it, and nothing when "do not record" is set', async () => {
    vi.useFakeTimers();
    const { record, added } = fakeRecorder();
    let recording = true;
    const stop = startHistoryRecorder({ isMasking: () => true, isRecording: () => recording, record });
    emitAnswer(event(plainLookup, answerOf('{"a":1}')));
    expect(added).toHaveLength(0);
    await vi.runAllTimersAsync();
    expect(added).toHaveLength(1);
    recording = false;
    emitAnswer(event(plainLookup, answerOf('{"a":2}')));
    await vi.runAllTimersAsync();
    expect(added).toHaveLength(1);
    stop();
    recording = true;
    emitAnswer(event(plainLookup, answerOf('{"a":3}')));
    await vi.runAllTimersAsync();
    expect(added).toHaveLength(1);
  });

  it('leaves a bulk run’s answers to the run: none is recorded, a form answer beside them is', async () => {
    vi.useFakeTimers();
    const { record, added } = fakeRecorder();
    const stop = startHistoryRecorder({ isMasking: () => true, isRecording: () => true, record });
    for (let row = 0; row < 3; row += 1) emitAnswer(event(plainLookup, answerOf(`{"row":${row}}`), { origin: 'bulk' }));
    emitAnswer(event(plainLookup, answerOf('{"form":1}'), { origin: 'form' }));
    await vi.runAllTimersAsync();
    stop();
    expect(added.map((kept) => kept?.answer?.text)).toEqual(['{"form":1}']);
  });

  it('reads the masking preference when the answer arrives', async () => {
    vi.useFakeTimers();
    const { record, added } = fakeRecorder();
    let masking = false;
    const stop = startHistoryRecorder({ isMasking: () => masking, isRecording: () => true, record });
    emitAnswer(event(personalLookup, answerOf('{"name":"someone"}', { masked: false }), { maskRequested: false }));
    masking = true;
    emitAnswer(event(personalLookup, answerOf('{"name":"someone"}', { masked: false }), { maskRequested: false }));
    await vi.runAllTimersAsync();
    stop();
    expect(added.map((kept) => kept?.answer !== undefined)).toEqual([true, false]);
  });
});
