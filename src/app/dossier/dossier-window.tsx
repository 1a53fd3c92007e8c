// The dossier's time window: the first and last day the lookups searched by time (incidents, 911
// calls) cover. Applied to the URL (`since`, `until`), so the dossier stays a link; a bad pair is
// named at its field and nothing is sent.
import { useId, useState, type FormEvent } from 'react';
import { type DossierWindow, windowDays, windowProblem } from './dossier-url.ts';

interface DossierWindowFormProps {
  window: DossierWindow;
  onApply: (days: { since: string; until: string }) => void;
}

export function DossierWindowForm({ window, onApply }: DossierWindowFormProps) {
  const [days, setDays] = useState(() => windowDays(window));
  const [problem, setProblem] = useState<ReturnType<typeof windowProblem>>();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = windowProblem(days.since, days.until);
    setProblem(found);
    if (!found) onApply(days);
  };
  const field = (name: 'since' | 'until', label: string) => {
    const invalid = problem?.field === name;
    return (
      <label className="dossier-window__field">
        {label}
        <input
          type="date"
          value={days[name]}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => setDays((current) => ({ ...current, [name]: event.target.value }))}
        />
      </label>
    );
  };
  return (
    <form className="dossier-window" aria-label="Time window" onSubmit={submit} noValidate>
      {field('since', 'First day')}
      {field('until', 'Last day')}
      <button type="submit">Apply the window</button>
      {problem && (
        <p id={`${id}-error`} className="dossier-window__error" role="alert">
          {problem.message}
        </p>
      )}
    </form>
  );
}
