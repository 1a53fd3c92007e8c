// What the team server's jobs API and the page agree on (issue 27): the path, a job's states, the
// document GET /jobs/<id> answers, and a watchlist run's changes. Written once for both sides, as
// wire.ts is for the proxy.

export const JOBS_PATH = '/jobs';
export const WATCHES_PATH = '/watches';

export const JOB_STATES = ['queued', 'running', 'paused-budget', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** States a job never leaves. */
export const FINAL_JOB_STATES: ReadonlySet<JobState> = new Set(['completed', 'cancelled', 'failed']);

/** Jobs sent together (a place dossier's lookups): what they are called and the page they came from (a path of this site). */
export interface JobGroup {
  title: string;
  path: string;
}

/** What the jobs API answers about a job: its facts, counts, rate and ETA, and its addresses. */
export interface JobDocument {
  id: string;
  url: string;
  owner: string;
  lookup: string;
  /** The lookup's address segment (/lookups/<slug>), when the server knows the lookup. */
  slug: string | null;
  operation: string;
  shared: boolean;
  state: JobState;
  rows: number;
  done: number;
  failed: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** paused-budget: when the budget allows again. */
  resumesAt: string | null;
  /** Rows settled per second since its first row finished; null until a few rows have (lookups/run-pace.ts). */
  rate: number | null;
  /** Seconds left at that rate; null while it is being estimated. */
  etaSeconds: number | null;
  watch: string | null;
  group: JobGroup | null;
  /** Rows of this job in flight at once, across every instance. */
  concurrency: number;
  results: { csv: string; json: string; geojson: string };
  events: string;
}

/** What one run of a watchlist found, compared with the run before it. */
export interface WatchChange {
  job: string;
  previousJob: string | null;
  ranAt: string;
  /** The first run: nothing to compare with. */
  baseline: boolean;
  records: number;
  counts: { added: number; removed: number; changed: number; unchanged: number };
  added: string[];
  removed: string[];
  changed: { label: string; fields: string[] }[];
}

/** A watchlist's query in words, as GET /watches/<id> answers it: the lookup, the operation and the first rows' parameters. */
export interface WatchQuery {
  lookupTitle: string;
  operationLabel: string;
  /** The first rows (at most WATCH_QUERY_ROWS_SHOWN), each the parameters as sent. */
  rows: Record<string, unknown>[];
  /** All the rows the watch runs. */
  totalRows: number;
}

export const WATCH_QUERY_ROWS_SHOWN = 10;
