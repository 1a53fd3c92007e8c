// How many events streams (GET /jobs/<id>/events) this instance holds open at once, per user and
// per job: each is a socket and a poll of Redis every half second, so one caller opening thousands
// could tie the instance up. Counted per instance (a stream lives on the instance that answers it).
import { refusal, type Refusal } from '../http/refusal.ts';

export interface EventStreamCaps {
  /** A stream admitted (call `release` once it ends), or the 429 that says which limit it met. */
  admit(user: string, job: string): { ok: true; release(): void } | Refusal;
}

export function createEventStreamCaps({ perUser, perJob }: { perUser: number; perJob: number }): EventStreamCaps {
  const byUser = new Map<string, number>();
  const byJob = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, step: number) => {
    const next = (counts.get(key) ?? 0) + step;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  return {
    admit(user, job) {
      if ((byUser.get(user) ?? 0) >= perUser)
        return refusal(
          429,
          'too_many_streams',
          `You have ${perUser} event streams open on this server, the most one user may have (LOOKUP_JOBS_EVENTS_PER_USER): close one first`,
        );
      if ((byJob.get(job) ?? 0) >= perJob)
        return refusal(
          429,
          'too_many_streams',
          `This job has ${perJob} event streams open on this server, the most one job may have (LOOKUP_JOBS_EVENTS_PER_JOB): try again when one closes`,
        );
      add(byUser, user, 1);
      add(byJob, job, 1);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          add(byUser, user, -1);
          add(byJob, job, -1);
        },
      };
    },
  };
}
