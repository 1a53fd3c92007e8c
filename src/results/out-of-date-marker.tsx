// The marker over an answer that no longer answers what the form says: the form was edited, a
// send was refused by validation, or a newer query is still loading. It names the values the
// answer is for, compactly; the answer (and its exports) stay usable underneath.
import { useId } from 'react';

export type OutOfDateReason = 'edited' | 'refused' | 'loading';

export interface OutOfDate {
  reason: OutOfDateReason;
  /** The parameters the shown answer was sent with, as control text (name, value). */
  sent: ReadonlyArray<readonly [name: string, value: string]>;
}

const REASONS: Record<OutOfDateReason, string> = {
  edited: 'The form has changed since it was sent: press “Send request” to update.',
  refused: 'The last send was refused: correct the form and send again.',
  loading: 'The answer to the new query is loading.',
};

/** Longest value shown in full; longer ones are shortened (the title holds them whole). */
const VALUE_LENGTH = 32;

const shorten = (value: string) => (value.length > VALUE_LENGTH ? `${value.slice(0, VALUE_LENGTH - 1)}…` : value);

export function describeSent(sent: OutOfDate['sent'], shortenValues: boolean): string {
  if (sent.length === 0) return 'no parameters';
  return sent.map(([name, value]) => `${name}=${shortenValues ? shorten(value) : value}`).join(' · ');
}

export function OutOfDateMarker({ outOfDate }: { outOfDate: OutOfDate }) {
  const id = useId();
  return (
    <div className="out-of-date" role="status" aria-labelledby={id}>
      <strong id={id}>Out of date</strong> — this answer is for{' '}
      <span className="out-of-date-values" title={describeSent(outOfDate.sent, false)}>
        {describeSent(outOfDate.sent, true)}
      </span>
      . {REASONS[outOfDate.reason]}
    </div>
  );
}
