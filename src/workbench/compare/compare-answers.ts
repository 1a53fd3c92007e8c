// A promise around the compare worker: start one worker per comparison, end it when it answers or
// the comparison is abandoned. Where workers do not exist (the component tests' DOM), the same
// diff runs in this thread after the current task, so the "Comparing…" state still shows first.
import type { AnswerDiff } from './diff.ts';
import { runCompare, type CompareReply, type CompareRequest } from './compare-request.ts';

function settle(reply: CompareReply): AnswerDiff {
  if (!reply.ok) throw new Error(reply.message);
  return reply.diff;
}

function abortError(): DOMException {
  return new DOMException('The comparison was abandoned.', 'AbortError');
}

export function compareAnswers(request: CompareRequest, signal?: AbortSignal): Promise<AnswerDiff> {
  if (signal?.aborted) return Promise.reject(abortError());
  if (typeof Worker === 'undefined') {
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        if (signal?.aborted) reject(abortError());
        else {
          try {
            resolve(settle(runCompare(request)));
          } catch (error) {
            reject(error);
          }
        }
      }, 0);
    });
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./diff-worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(abortError());
    };
    signal?.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.addEventListener('message', (event: MessageEvent<CompareReply>) => {
      finish();
      try {
        resolve(settle(event.data));
      } catch (error) {
        reject(error);
      }
    });
    worker.addEventListener('error', (event) => {
      finish();
      reject(new Error(event.message || 'The compare worker failed.'));
    });
    worker.postMessage(request);
  });
}
