// Starts the usage counters: subscribed from the first page (so no answer is missed), while the
// counting itself loads with the first answer (the lookup page has it already), keeping the
// catalog's first download small.
import { onAnswer } from '../../api/answer-events.ts';

/** Counts every answer from now on; returns the stop function. */
export function startUsageCounting(): () => void {
  return onAnswer(({ lookupId, response, sentAt }) => {
    // A transport failure reached no one: nothing to count, nothing to load.
    if (!response) return;
    void import('./usage-store.ts')
      .then(({ countAnswer }) => countAnswer({ lookupId, response, sentAt }))
      // A counter that cannot load (the app was updated under the page) never disturbs the page.
      .catch(() => undefined);
  });
}
