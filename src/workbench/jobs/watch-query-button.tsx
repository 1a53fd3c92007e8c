// "Watch this query…": on a team server that runs jobs (/jobs/config), a saved query or a lookup
// page's sent query becomes a watchlist (POST /watches) that the server re-runs hourly, daily or
// weekly; it is then listed on the Watch page. Elsewhere (a laptop, no Redis) it is not offered.
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { createWatch, useJobsEnabled, useJobsQueryClient, WATCH_SCHEDULES, type WatchSchedule, type WatchSummary } from '../../api/jobs-client.ts';
import type { Params } from '../../lookups/define-lookup.ts';

interface WatchQueryButtonProps {
  lookupId: string;
  operationId: string;
  /** The query's parameters, as the lookup page sends them. */
  params: Params;
  /** The watch's name to start with (a saved query's name). */
  name: string;
}

export function WatchQueryButton(props: WatchQueryButtonProps) {
  const enabled = useJobsEnabled();
  return enabled ? <WatchQueryForm {...props} /> : null;
}

function WatchQueryForm({ lookupId, operationId, params, name: initialName }: WatchQueryButtonProps) {
  const client = useJobsQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(initialName);
  const [schedule, setSchedule] = useState<WatchSchedule>('daily');
  const [state, setState] = useState<{ sending: boolean; error?: string; created?: WatchSummary }>({ sending: false });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setState({ sending: false, error: 'Give the watchlist a name.' });
    setState({ sending: true });
    try {
      const created = await createWatch({ name: name.trim(), lookup: lookupId, operation: operationId, rows: [params], schedule });
      // The Watch page's list, when this client has read it, shows the new one.
      await client.invalidateQueries({ queryKey: ['watches'] });
      setState({ sending: false, created });
      setOpen(false);
    } catch (error) {
      setState({ sending: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <div className="watch-query">
      {!open && (
        <button type="button" aria-expanded={false} onClick={() => (setOpen(true), setState({ sending: false }))}>
          Watch this query…
        </button>
      )}
      {open && (
        <form aria-label="Watch this query" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={`${id}-name`}>Watchlist name</label>
          <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} aria-invalid={!name.trim()} maxLength={120} />
          <fieldset>
            <legend>Run it</legend>
            {WATCH_SCHEDULES.map((value) => (
              <label key={value}>
                <input type="radio" name={`${id}-schedule`} value={value} checked={schedule === value} onChange={() => setSchedule(value)} /> {value}
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={state.sending}>
            Start watching
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </form>
      )}
      {state.sending && <p role="status">Creating the watchlist…</p>}
      {state.error && <p role="alert">{state.error}</p>}
      {state.created && (
        <p role="status">
          The server runs “{state.created.name}” {state.created.schedule}: see it on the <Link to="/watches">Watch page</Link>.
        </p>
      )}
    </div>
  );
}
