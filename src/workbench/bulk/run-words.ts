// A run's counts and time left in the words of the bulk and Jobs pages: noun and verb agree with
// the number ("1 invalid row was skipped"), and no time left is told before there is a pace to
// tell it from (lookups/run-pace.ts).
import { plural } from '../../lookups/adapters.ts';

export const queriesWords = (count: number) => plural(count, 'query', 'queries');

export const skippedWords = (count: number) => `${plural(count, 'invalid row')} ${count === 1 ? 'was' : 'were'} skipped.`;

export function durationWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 90 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

/** "about 12 s left", or "estimating the time left…" while too few rows have finished. */
export const timeLeftWords = (ms: number | undefined) =>
  ms === undefined ? 'estimating the time left…' : `about ${durationWords(ms)} left`;
