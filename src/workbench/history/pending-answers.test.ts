// @vitest-environment jsdom
// An answer shown but not yet written to History when the page goes away is stashed in the tab's
// sessionStorage and written by the next page, once, and never with more than History would keep.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitAnswer, type AnswerEvent } from '../../api/answer-events.ts';
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import { WIRE_HEADERS } from '../../lookups/wire.ts';
import { recordStashedAnswer } from './history-recorder.ts';
import { createHistoryStore, type HistoryStore } from './history-store.ts';
import { answerOf, personalLookup, plainLookup } from './history-testing.ts';
import { MASKED_HEADER, type PendingAnswer, STASH_BODY_BYTES, stashPending, takeStashed } from './pending-answers.ts';
import { startHistoryRecorder } from './start-history-recorder.ts';

let sentAt = 1_700_000_000_000;
function event(lookup: AnyLookup, response: AnswerEvent['response']): AnswerEvent {
  sentAt += 1;
  return { lookupId: lookup.id, operationId: lookup.operations[0]!.id, params: {}, maskRequested: true, sentAt, response };
}

const pageHide = (persisted = false) => dispatchEvent(new PageTransitionEvent('pagehide', { persisted }));

afterEach(() => sessionStorage.clear());

describe('the stash of answers not yet written', () => {
  it('gives back what was stashed, once, with its body', () => {
    const answer: PendingAnswer = { event: event(plainLookup, answerOf('{"a":[1,2]}', { masked: true })), maskingOn: true };
    stashPending([answer]);
    expect(takeStashed()).toEqual([answer]);
    expect(takeStashed()).toEqual([]);
  });

  it('keeps the metadata only of a large answer, and of one the proxy sent unmasked while masking is on', () => {
    const big = answerOf('{"a":1}');
    big.sizeBytes = STASH_BODY_BYTES + 1;
    const unmasked = answerOf('{"name":"someone"}', { masked: false });
    const masked = answerOf('{"name":"masked"}', { masked: true });
    stashPending([
      { event: event(plainLookup, big), maskingOn: false },
      { event: event(personalLookup, unmasked), maskingOn: true },
      { event: event(personalLookup, unmasked), maskingOn: false },
      { event: event(personalLookup, masked), maskingOn: true },
      // A lookup without personal data: its answers carry no masking header.
      { event: event(plainLookup, answerOf('{"a":1}')), maskingOn: true },
    ]);
    const taken = takeStashed();
    expect(taken.map((pending) => pending.bodyDropped === true)).toEqual([true, true, false, false, false]);
    expect(MASKED_HEADER).toBe(WIRE_HEADERS.masked);
    expect(taken[0]!.event.response).toMatchObject({ text: '', sizeBytes: STASH_BODY_BYTES + 1, status: 200 });
    expect(taken[0]!.event.response!.body).toBeUndefined();
    expect(JSON.stringify(taken[1])).not.toContain('someone');
    expect(taken[2]!.event.response!.body).toEqual({ name: 'someone' });
  });

  it('adds to what an earlier page left, and reads nothing from a stash that is not its own shape', () => {
    stashPending([{ event: event(plainLookup, answerOf('{"first":1}', { masked: true })), maskingOn: true }]);
    stashPending([{ event: event(plainLookup, answerOf('{"second":2}', { masked: true })), maskingOn: true }]);
    expect(takeStashed().map((pending) => pending.event.response!.text)).toEqual(['{"first":1}', '{"second":2}']);
    sessionStorage.setItem('lookup-explorer:history-pending', '[{"event":1},"x",');
    expect(takeStashed()).toEqual([]);
    sessionStorage.setItem('lookup-explorer:history-pending', '[{"event":{"lookupId":"A"}}]');
    expect(takeStashed()).toEqual([]);
  });

  it('says nothing when storage refuses the stash', () => {
    const full = {
      getItem: () => null,
      removeItem: () => undefined,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => stashPending([{ event: event(plainLookup, answerOf('{}')), maskingOn: true }], full)).not.toThrow();
  });
});

describe('the recorder when the page goes away', () => {
  it('stashes the answers still being written, and the next page writes them', async () => {
    // A write that never finishes: the page goes away first.
    let writing = false;
    const stop = startHistoryRecorder({
      isMasking: () => true,
      isRecording: () => true,
      record: () => {
        writing = true;
        return new Promise(() => {});
      },
    });
    const first = event(plainLookup, answerOf('{"kept":1}', { masked: true }));
    emitAnswer(first);
    await vi.waitFor(() => expect(writing).toBe(true));
    pageHide();
    stop();
    const written: PendingAnswer[] = [];
    const next = startHistoryRecorder({
      isMasking: () => true,
      isRecording: () => true,
      record: async () => undefined,
      recordStashed: async (pending) => written.push(pending),
    });
    await vi.waitFor(() => expect(written).toHaveLength(1));
    next();
    expect(written[0]).toEqual({ event: first, maskingOn: true });
    expect(takeStashed()).toEqual([]);
  });

  it('stashes nothing once the answers are written, nor for a page kept in the back-forward cache', async () => {
    let finish: (() => void) | undefined;
    const stop = startHistoryRecorder({
      isMasking: () => true,
      isRecording: () => true,
      record: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    emitAnswer(event(plainLookup, answerOf('{"a":1}')));
    pageHide(true);
    expect(takeStashed()).toEqual([]);
    await vi.waitFor(() => expect(finish).toBeDefined());
    finish!();
    // Written: a later pagehide has nothing to keep.
    await vi.waitFor(() => {
      pageHide();
      expect(takeStashed()).toEqual([]);
    });
    stop();
  });
});

describe('writing a stashed answer', () => {
  let databases = 0;
  const store = (): HistoryStore => createHistoryStore({ databaseName: `pending-test-${(databases += 1)}` });

  it('writes it once: not again when the page that stashed it wrote it after all', async () => {
    const history = store();
    const pending: PendingAnswer = { event: event(plainLookup, answerOf('{"a":1}', { masked: true })), maskingOn: true };
    const written = await recordStashedAnswer(pending, history);
    expect(written).toMatchObject({ lookupId: plainLookup.id, sentAt: pending.event.sentAt, bodyStored: true });
    expect(await recordStashedAnswer(pending, history)).toBeUndefined();
    expect(await history.list()).toHaveLength(1);
    await history.close();
  });

  it('writes the metadata only of an answer stashed without its body', async () => {
    const history = store();
    stashPending([{ event: event(personalLookup, answerOf('{"name":"someone"}', { masked: false })), maskingOn: true }]);
    const [pending] = takeStashed();
    const written = await recordStashedAnswer(pending!, history);
    expect(written).toMatchObject({ lookupId: personalLookup.id, bodyStored: false, status: 200 });
    expect(await history.getStoredResponse(written!.id)).toBeUndefined();
    await history.close();
  });
});
