import { queriesWords } from './run-words.ts';
import type { RunRecord } from './run-store.ts';

interface PastRunsProps {
  runs: readonly RunRecord[];
  currentId: string | undefined;
  onOpen: (run: RunRecord) => void;
  onDelete: (run: RunRecord) => void;
}

/** Every stored run of this lookup, newest first: reopen one (file, mapping, settings, results) or delete it. */
export function PastRuns({ runs, currentId, onOpen, onDelete }: PastRunsProps) {
  if (runs.length === 0) return null;
  return (
    <section className="bulk-past" aria-labelledby="bulk-past-title">
      <h3 id="bulk-past-title">Past runs</h3>
      <ul>
        {runs.map((run) => (
          <li key={run.id} aria-current={run.id === currentId ? 'true' : undefined}>
            <span>
              {new Date(run.createdAt).toLocaleString('en-US')} · {run.fileName} · {queriesWords(run.jobCount)} · concurrency{' '}
              {run.concurrency} · {run.state}
            </span>{' '}
            <button
              type="button"
              onClick={() => onOpen(run)}
              aria-label={`Open run of ${run.fileName}, ${new Date(run.createdAt).toLocaleString('en-US')}`}
            >
              Open
            </button>{' '}
            <button
              type="button"
              onClick={() => onDelete(run)}
              aria-label={`Delete run of ${run.fileName}, ${new Date(run.createdAt).toLocaleString('en-US')}`}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
