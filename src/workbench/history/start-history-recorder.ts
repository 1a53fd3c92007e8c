// Starts recording every answer the fetcher announces. Started once by the app, which passes how
// to read the masking preference (workbench/ does not know app/). This part is small and in the
// first bundle, so no answer is missed; the store and the answer reading load on the first answer.
// An answer not yet written when the page goes away is stashed and written by the next page
// (pending-answers.ts, loaded after the first paint).
import { useEffect, useRef } from 'react';
import { onAnswer, type AnswerEvent } from '../../api/answer-events.ts';
import type { PendingAnswer } from './pending-answers.ts';
import { isRecordingEnabled } from './recording-preference.ts';

export interface RecorderOptions {
  /** Whether masking is on now (the app's preference), read as each answer arrives. */
  isMasking: () => boolean;
  /** Whether to record at all ("do not record" unset). */
  isRecording?: () => boolean;
  /** Records one answer; by default the history store's recorder, loaded when first needed. */
  record?: (event: AnswerEvent, maskingOn: boolean) => Promise<unknown>;
  /** Records one answer an earlier page stashed (once: it may have been written after all). */
  recordStashed?: (pending: PendingAnswer) => Promise<unknown>;
  /** Where answers wait when the page goes away before they are written (default the tab's sessionStorage). */
  storage?: Storage;
}

const loadRecorder = () => import('./history-recorder.ts');
const recordLazily = (event: AnswerEvent, maskingOn: boolean) => loadRecorder().then((recorder) => recorder.recordAnswer(event, maskingOn));
const recordStashedLazily = (pending: PendingAnswer) => loadRecorder().then((recorder) => recorder.recordStashedAnswer(pending));

/** Subscribes to every answer, and writes what an earlier page left; returns the function that stops recording. */
export function startHistoryRecorder({
  isMasking,
  isRecording = isRecordingEnabled,
  record = recordLazily,
  recordStashed = recordStashedLazily,
  storage,
}: RecorderOptions): () => void {
  const pending = new Set<PendingAnswer>();
  // After the answer has been handed to the page: reading it again is not the page's cost.
  // A history that cannot be written (no IndexedDB, storage full) never disturbs the page.
  const write = (answer: PendingAnswer, recordIt: () => Promise<unknown>) => {
    pending.add(answer);
    setTimeout(
      () =>
        void recordIt()
          .catch(() => undefined)
          .finally(() => pending.delete(answer)),
      0,
    );
  };
  const stopListening = onAnswer((event) => {
    // A bulk run's rows are kept by the run itself (its file, mapping and answers), not one entry each.
    if (event.origin === 'bulk' || !isRecording()) return;
    // The preference when the answer arrived, not when it is written.
    const answer: PendingAnswer = { event, maskingOn: isMasking() };
    write(answer, () => record(event, answer.maskingOn));
  });
  // The stash's code loads after the first paint, and only then watches for the page going away.
  let stopCarrying: (() => void) | undefined;
  let stopped = false;
  void import('./pending-answers.ts')
    .then(({ carryPendingAnswers }) => {
      if (stopped) return;
      stopCarrying = carryPendingAnswers(pending, (answer) => isRecording() && write(answer, () => recordStashed(answer)), storage);
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    stopListening();
    stopCarrying?.();
  };
}

/** Masking was switched on: the bodies kept unmasked go (loaded lazily, like the recorder). */
async function dropUnmaskedBodies(): Promise<void> {
  const { historyStore } = await import('./history-store.ts');
  await historyStore().dropUnmaskedBodies();
}

/** The app's recorder for as long as the calling component is mounted, following `masked`. */
export function useHistoryRecorder(masked: boolean): void {
  const maskedNow = useRef(masked);
  const previous = useRef(masked);
  useEffect(() => {
    maskedNow.current = masked;
    if (masked && !previous.current) void dropUnmaskedBodies().catch(() => undefined);
    previous.current = masked;
  }, [masked]);
  useEffect(() => startHistoryRecorder({ isMasking: () => maskedNow.current }), []);
}
