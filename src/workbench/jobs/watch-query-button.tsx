// "Watch this query…": on a team server that runs jobs (/jobs/config), a saved query or a lookup
// page's sent query becomes a watchlist (POST /watches) that the server re-runs hourly, daily or
// weekly; it is then listed on the Watch page. Elsewhere (a laptop, no Redis) it is not offered.
import { useState } from 'react';
import { Link } from 'react-router';
import { createWatch, useJobsEnabled, useJobsQueryClient, type WatchSchedule, type WatchSummary } from '../../api/jobs-client.ts';
import { WatchScheduleForm } from './watch-schedule-form.tsx';
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
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(initialName);
  const [schedule, setSchedule] = useState<WatchSchedule>('daily');
  const [state, setState] = useState<{ sending: boolean; error?: string; created?: WatchSummary }>({ sending: false });

  async function submit() {
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
        <WatchScheduleForm
          label="Watch this query"
          nameLabel="Watchlist name"
          name={name}
          onNameChange={setName}
          maxLength={120}
          scheduleLegend="Run it"
          schedule={schedule}
          onScheduleChange={setSchedule}
          sending={state.sending}
          onSubmit={() => void submit()}
          onCancel={() => setOpen(false)}
        />
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
