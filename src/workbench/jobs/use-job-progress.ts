// A job kept up to date from its events stream while it is not finished: the newest of what the
// list or page read and what the stream said (the one with more rows done, or a final state).
import { useEffect, useState } from 'react';
import { FINAL_JOB_STATES, followJob, type ServerJob } from '../../api/jobs-client.ts';

function newer(a: ServerJob, b: ServerJob | undefined): ServerJob {
  if (!b || b.id !== a.id) return a;
  if (FINAL_JOB_STATES.has(a.state) && !FINAL_JOB_STATES.has(b.state)) return a;
  return b.done >= a.done ? b : a;
}

export function useJobProgress(initial: ServerJob): ServerJob {
  const [streamed, setStreamed] = useState<ServerJob>();
  const final = FINAL_JOB_STATES.has(initial.state);
  useEffect(() => (final ? undefined : followJob(initial, setStreamed)), [initial, final]);
  return newer(initial, streamed);
}
