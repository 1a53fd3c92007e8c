// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answerStreamer,
  forgetLiveAnswer,
  type LiveAnswer,
  provideAnswerStreamer,
  publishLiveAnswer,
  useLiveAnswerByKey,
} from './answer-stream.ts';

const liveAnswer = (): LiveAnswer => ({
  current: () => ({ records: [], progress: { bytes: 0, totalBytes: undefined, records: 0, bytesPerSecond: 0 }, stopping: false }),
  subscribe: () => () => undefined,
  stop: () => undefined,
});

describe('the answer streamer', () => {
  it('is none until the viewer registers one, and a big answer waits a little for it', async () => {
    expect(await answerStreamer(0)).toBeUndefined();
    expect(await answerStreamer(20)).toBeUndefined();
    const waiting = answerStreamer(10_000);
    const streamer = { start: () => ({ live: liveAnswer(), done: Promise.reject(new Error('unused')) }) };
    provideAnswerStreamer(streamer);
    expect(await waiting).toBe(streamer);
    expect(await answerStreamer(0)).toBe(streamer);
  });
});

describe('live answers by query', () => {
  it('gives each query its own, until forgotten, and keeps the last four only', () => {
    const first = liveAnswer();
    const { result, rerender } = renderHook(({ key }) => useLiveAnswerByKey(key), { initialProps: { key: 'q1' as string | undefined } });
    expect(result.current).toBeUndefined();
    act(() => publishLiveAnswer('q1', first));
    expect(result.current).toBe(first);
    rerender({ key: undefined });
    expect(result.current).toBeUndefined();
    rerender({ key: 'q1' });
    act(() => forgetLiveAnswer('q1'));
    expect(result.current).toBeUndefined();

    act(() => {
      for (const key of ['a', 'b', 'c', 'd', 'e']) publishLiveAnswer(key, liveAnswer());
    });
    rerender({ key: 'a' });
    expect(result.current).toBeUndefined();
    rerender({ key: 'e' });
    expect(result.current).toBeDefined();
  });
});
