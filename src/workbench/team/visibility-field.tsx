// Who sees an item kept on a team server: its owner alone ("Only me": private) or every member
// ("Team"). A radio group with its legend, so each choice is labelled and the arrows move between them.
import { useId } from 'react';
import type { Visibility } from '../../lookups/team-wire.ts';

const CHOICES: ReadonlyArray<{ value: Visibility; label: string; hint: string }> = [
  { value: 'private', label: 'Only me', hint: 'kept on the team server, seen by you alone' },
  { value: 'team', label: 'Team', hint: 'every member sees it on their Saved page; only you (or an admin) change it' },
];

export function VisibilityField({ value, onChange }: { value: Visibility; onChange: (value: Visibility) => void }) {
  const name = useId();
  return (
    <fieldset className="visibility-field">
      <legend>Who sees it</legend>
      {CHOICES.map((choice) => (
        <label key={choice.value}>
          <input type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />{' '}
          {choice.label} <span className="muted">({choice.hint})</span>
        </label>
      ))}
    </fieldset>
  );
}
