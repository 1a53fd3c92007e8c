// Starts recording every answer the fetcher announces. Started once by the app, which passes how
// to read the masking preference (workbench/ does not know app/). This part is small and in the
// first bundle, so no answer is missed; the store and the answer reading load on the first answer.
import { useEffect, useRef } from 'react';
import { onAnswer, type AnswerEvent } from '../../api/answer-events.ts';
import { isRecordingEnabled } from './recording-preference.ts';

export interface RecorderOptions {
  /** Whether masking is on now (the app's preference), read as each answer arrives. */
  isMasking: () => boolean;
  /** Whether to record at all ("do not record" unset). */
  isRecording?: () => boolean;
  /** Records one answer; by default the history store's recorder, loaded when first needed. */
  record?: (event: AnswerEvent, maskingOn: boolean) => Promise<unknown>;
}

async function recordLazily(event: AnswerEvent, maskingOn: boolean): Promise<unknown> {
  const { recordAnswer } = await import('./history-recorder.ts');
  return recordAnswer(event, maskingOn);
}

/** Subscribes to every answer; returns the function that stops recording. */
export function startHistoryRecorder({ isMasking, isRecording = isRecordingEnabled, record = recordLazily }: RecorderOptions): () => void {
  return onAnswer((event) => {
    // A bulk run's rows are kept by the run itself (its file, mapping and answers), not one entry each.
    if (event.origin === 'bulk' || !isRecording()) return;
    // The preference when the answer arrived, not when it is written.
    const maskingOn = isMasking();
    // After the answer has been handed to the page: reading it again is not the page's cost.
    // A history that cannot be written (no IndexedDB, storage full) never disturbs the page.
    setTimeout(() => void record(event, maskingOn).catch(() => undefined), 0);
  });
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
