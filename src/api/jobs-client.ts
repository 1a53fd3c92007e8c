// The team server's jobs API (server-side bulk runs, issue 27) for the page: whether the server
// runs jobs (/jobs/config; a laptop's server, or one without Redis, does not), the list, one job,
// submitting, cancelling, the merged result, and a job's live progress over Server-Sent Events.
import { QueryClient, QueryClientContext, queryOptions, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import type { Params } from '../lookups/define-lookup.ts';
import {
  FINAL_JOB_STATES,
  JOBS_PATH,
  type JobDocument,
  type JobGroup,
  type JobState,
  type WatchChange,
  type WatchQuery,
  WATCHES_PATH,
} from '../lookups/jobs-wire.ts';
import { quotaRefusalSchema, type QuotaRefusal } from '../lookups/team-wire.ts';

export { FINAL_JOB_STATES, JOBS_PATH, type JobState, type WatchChange, type WatchQuery };
/** A job as the server describes it. */
export type ServerJob = JobDocument;

/** A refusal of the server's, in its own words; `quota` names the per-user quota a 429 was about (team-wire.ts). */
export class JobsRefusal extends Error {
  readonly quota: QuotaRefusal['error']['quota'] | undefined;

  constructor(message: string, quota?: QuotaRefusal['error']['quota']) {
    super(message);
    this.quota = quota;
  }
}

async function readJson<T>(response: Response, what: string): Promise<T> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) throw new Error(`${what}: the server answered HTTP ${response.status} without JSON`);
  const body = (await response.json()) as T & { error?: { message?: string } };
  if (!response.ok) {
    const quota = response.status === 429 ? quotaRefusalSchema.safeParse(body).data?.error.quota : undefined;
    throw new JobsRefusal(body.error?.message ?? `${what}: HTTP ${response.status}`, quota);
  }
  return body;
}

/** The quota a failed submission passed, if that is why it failed. */
export const quotaOf = (error: unknown) => (error instanceof JobsRefusal ? error.quota : undefined);

/** Whether this server runs jobs: false for anything but its own answer saying so. */
export async function fetchJobsEnabled(signal?: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch(`${JOBS_PATH}/config`, { headers: { accept: 'application/json' }, ...(signal && { signal }) });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return false;
    return ((await response.json()) as { enabled?: unknown }).enabled === true;
  } catch {
    return false;
  }
}

// The app has no QueryClientProvider of its own (lookup-config-query.ts does the same): the jobs'
// queries share one client unless a provider gives them one (tests).
let standaloneClient: QueryClient | undefined;

/** The query client the jobs' hooks use. */
export function useJobsQueryClient(): QueryClient {
  return useContext(QueryClientContext) ?? (standaloneClient ??= new QueryClient());
}

export function useJobsEnabled(): boolean {
  const client = useJobsQueryClient();
  const query = useQuery(
    queryOptions({
      queryKey: ['jobs-config'] as const,
      queryFn: ({ signal }) => fetchJobsEnabled(signal),
      staleTime: Infinity,
      retry: false,
    }),
    client,
  );
  return query.data === true;
}

export async function listJobs(signal?: AbortSignal): Promise<ServerJob[]> {
  const response = await fetch(JOBS_PATH, { headers: { accept: 'application/json' }, ...(signal && { signal }) });
  return (await readJson<{ jobs: ServerJob[] }>(response, 'The jobs')).jobs;
}

export async function getJob(id: string, signal?: AbortSignal): Promise<ServerJob> {
  const response = await fetch(`${JOBS_PATH}/${encodeURIComponent(id)}`, {
    headers: { accept: 'application/json' },
    ...(signal && { signal }),
  });
  return readJson<ServerJob>(response, 'The job');
}

export interface JobSubmission {
  lookup: string;
  operation: string;
  rows: readonly Params[];
  columns?: readonly string[];
  concurrency?: number;
  mask?: boolean;
  shared?: boolean;
  /** Jobs sent together (a place dossier's), listed under this title with a link back to their page. */
  group?: JobGroup;
}

export async function submitJob(job: JobSubmission): Promise<ServerJob> {
  // Parameters left out of a row are not sent (undefined has no JSON).
  const response = await fetch(JOBS_PATH, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(job),
  });
  return readJson<ServerJob>(response, 'The job was not started');
}

export async function cancelJob(id: string): Promise<ServerJob> {
  const response = await fetch(`${JOBS_PATH}/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    headers: { accept: 'application/json' },
  });
  return readJson<ServerJob>(response, 'The job was not cancelled');
}

/** The merged dataset (the same rows as a browser run's). */
export async function fetchJobRows(job: ServerJob, signal?: AbortSignal): Promise<Record<string, unknown>[]> {
  const response = await fetch(job.results.json, { headers: { accept: 'application/json' }, ...(signal && { signal }) });
  return readJson<Record<string, unknown>[]>(response, 'The result');
}

/** Follows a job's progress until it ends (or `stop` is called); the stream reconnects by itself. */
export function followJob(job: Pick<ServerJob, 'events'>, onProgress: (job: ServerJob) => void): () => void {
  const source = new EventSource(job.events);
  source.addEventListener('progress', (event) => onProgress(JSON.parse((event as MessageEvent<string>).data) as ServerJob));
  source.addEventListener('end', () => source.close());
  return () => source.close();
}

export interface WatchSummary {
  id: string;
  url: string;
  name: string;
  owner: string;
  lookup: string;
  operation: string;
  rows: number;
  schedule: 'hourly' | 'daily' | 'weekly';
  stopped: boolean;
  createdAt: string;
  lastJob: string | null;
}

export async function listWatches(signal?: AbortSignal): Promise<WatchSummary[]> {
  const response = await fetch(WATCHES_PATH, { headers: { accept: 'application/json' }, ...(signal && { signal }) });
  return (await readJson<{ watches: WatchSummary[] }>(response, 'The watchlists')).watches;
}

/** One watchlist: its query in words (an older server sends none) and its runs' changes. */
export type WatchDetail = WatchSummary & { query?: WatchQuery; changes: WatchChange[] };

export async function getWatch(id: string, signal?: AbortSignal): Promise<WatchDetail> {
  const response = await fetch(`${WATCHES_PATH}/${encodeURIComponent(id)}`, {
    headers: { accept: 'application/json' },
    ...(signal && { signal }),
  });
  return readJson<WatchDetail>(response, 'The watchlist');
}

export async function stopWatch(id: string): Promise<WatchSummary> {
  const response = await fetch(`${WATCHES_PATH}/${encodeURIComponent(id)}/stop`, {
    method: 'POST',
    headers: { accept: 'application/json' },
  });
  return readJson<WatchSummary>(response, 'The watchlist was not stopped');
}

export type WatchSchedule = WatchSummary['schedule'];
export const WATCH_SCHEDULES: readonly WatchSchedule[] = ['hourly', 'daily', 'weekly'];

export async function createWatch(watch: {
  name: string;
  lookup: string;
  operation: string;
  rows: readonly Params[];
  schedule: WatchSchedule;
}): Promise<WatchSummary> {
  const response = await fetch(WATCHES_PATH, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(watch),
  });
  return readJson<WatchSummary>(response, 'The watchlist was not created');
}
