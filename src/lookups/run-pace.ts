// How fast a run goes and how long it has left, for the page's bulk runs and the server's jobs
// alike. The first row to finish says little: it carries the start-up (a worker picking the job
// up, a cold connection, the provider's first answer), and a 60-row job timed from its start once
// said "about 148 s left" and ended 4 s later. So the pace is the rows finished after the first one
// over the time since the first one finished, and there is none until a few rows have finished.

/** Rows that must have finished, and time since the first did, before a pace is told. */
export const PACE_AFTER_ROWS = 5;
export const PACE_AFTER_MS = 1_000;

export interface Pace {
  rowsPerSecond: number;
  /** Time left at that pace for the rows not yet finished. */
  msLeft: number;
}

export interface PaceFacts {
  /** Rows finished so far (answered or failed). */
  finished: number;
  /** Rows not yet finished. */
  remaining: number;
  /** Time since the first row finished (time the run was paused left out, where the caller knows it). */
  sinceFirstMs: number;
}

/** The pace, or undefined while it cannot be told yet (the page says "estimating…"). */
export function runPace({ finished, remaining, sinceFirstMs }: PaceFacts): Pace | undefined {
  if (finished < PACE_AFTER_ROWS || !(sinceFirstMs >= PACE_AFTER_MS)) return undefined;
  const rowsPerSecond = ((finished - 1) * 1000) / sinceFirstMs;
  return { rowsPerSecond, msLeft: (Math.max(0, remaining) / rowsPerSecond) * 1000 };
}
