// "Watch this dossier…": on a team server that runs jobs, each of the dossier's queries becomes a
// watchlist (POST /watches) the server re-runs hourly, daily or weekly and compares with its last
// run; they are named after the dossier and listed on the Watch page.
import { useState } from 'react';
import { Link } from 'react-router';
import { createWatch, useJobsQueryClient, type WatchSchedule } from '../../api/jobs-client.ts';
import { WatchScheduleForm } from '../../workbench/jobs/watch-schedule-form.tsx';
import { validateValues } from '../../form/validate-values.ts';
import type { DossierQuery } from './dossier-plan.ts';

interface DossierWatchProps {
  queries: readonly DossierQuery[];
  /** The watchlists' name to start with (the dossier's title). */
  title: string;
  ready: boolean;
}

type WatchState =
  | { step: 'closed' | 'open' | 'sending' }
  | { step: 'created'; count: number; schedule: WatchSchedule }
  | { step: 'failed'; message: string };

export function DossierWatch({ queries, title, ready }: DossierWatchProps) {
  const client = useJobsQueryClient();
  const [name, setName] = useState(title);
  const [schedule, setSchedule] = useState<WatchSchedule>('daily');
  const [state, setState] = useState<WatchState>({ step: 'closed' });

  async function submit() {
    if (!name.trim()) return setState({ step: 'failed', message: 'Give the watchlists a name.' });
    setState({ step: 'sending' });
    let created = 0;
    try {
      for (const { lookup, operation, values } of queries) {
        const checked = validateValues(operation, values);
        if (!checked.ok) continue;
        await createWatch({
          name: `${name.trim()}: ${lookup.id}. ${lookup.title}`,
          lookup: lookup.id,
          operation: operation.id,
          rows: [checked.params],
          schedule,
        });
        created += 1;
      }
      await client.invalidateQueries({ queryKey: ['watches'] });
      setState({ step: 'created', count: created, schedule });
    } catch (error) {
      setState({
        step: 'failed',
        message: `${error instanceof Error ? error.message : String(error)}${created > 0 ? ` (${created} had been created)` : ''}`,
      });
    }
  }

  const open = state.step === 'open' || state.step === 'sending' || state.step === 'failed';
  return (
    <div className="dossier-watch">
      {!open && (
        <button type="button" aria-expanded={false} disabled={!ready} onClick={() => setState({ step: 'open' })}>
          Watch this dossier…
        </button>
      )}
      {open && (
        <WatchScheduleForm
          label="Watch this dossier"
          nameLabel="Watchlists’ name"
          name={name}
          onNameChange={setName}
          maxLength={80}
          scheduleLegend="Run them"
          schedule={schedule}
          onScheduleChange={setSchedule}
          sending={state.step === 'sending'}
          onSubmit={() => void submit()}
          onCancel={() => setState({ step: 'closed' })}
        />
      )}
      {state.step === 'sending' && <p role="status">Creating the watchlists…</p>}
      {state.step === 'failed' && <p role="alert">{state.message}</p>}
      {state.step === 'created' && (
        <p role="status">
          The server runs the dossier’s {state.count} {state.count === 1 ? 'query' : 'queries'} {state.schedule}: see them on the{' '}
          <Link to="/watches">Watch page</Link>.
        </p>
      )}
    </div>
  );
}
