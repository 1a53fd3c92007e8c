// The form that starts watching on the server: a name and how often (hourly, daily, weekly). One
// form for "Watch this query…" and a dossier's "Watch this dossier…"; each says what it creates.
import { type FormEvent, useId } from 'react';
import { WATCH_SCHEDULES, type WatchSchedule } from '../../api/jobs-client.ts';

interface WatchScheduleFormProps {
  /** The form's accessible name ("Watch this query"). */
  label: string;
  nameLabel: string;
  name: string;
  onNameChange: (name: string) => void;
  maxLength: number;
  /** The schedule's legend ("Run it"). */
  scheduleLegend: string;
  schedule: WatchSchedule;
  onScheduleChange: (schedule: WatchSchedule) => void;
  sending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/** Wide enough for the name it starts with (a lookup's title and operation, a dossier's title): 30 to 70 characters. */
export function nameFieldSize(name: string): number {
  return Math.min(70, Math.max(30, name.length + 2));
}

export function WatchScheduleForm(props: WatchScheduleFormProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form aria-label={props.label} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-name`}>{props.nameLabel}</label>
      <input
        id={`${id}-name`}
        value={props.name}
        onChange={(event) => props.onNameChange(event.target.value)}
        aria-invalid={!props.name.trim()}
        maxLength={props.maxLength}
        size={nameFieldSize(props.name)}
      />
      <fieldset>
        <legend>{props.scheduleLegend}</legend>
        {WATCH_SCHEDULES.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={`${id}-schedule`}
              value={value}
              checked={props.schedule === value}
              onChange={() => props.onScheduleChange(value)}
            />{' '}
            {value}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={props.sending}>
        Start watching
      </button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
    </form>
  );
}
