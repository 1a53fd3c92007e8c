import { useEffect, useEffectEvent, useId, useState } from 'react';
import type { InputHTMLAttributes, KeyboardEvent } from 'react';

/** Typing pauses this long before a filter applies: 10,000 rows are not re-filtered per keystroke. */
export const COMMIT_DELAY_MS = 300;

interface DraftInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  /** The applied value. */
  value: string;
  /** Applies the text: after a pause in typing, on Enter and when the field is left. */
  onCommit: (text: string) => void;
  /** What `value` becomes once `text` is applied (`1.50` → `1.5`, not a number → ``); the text by default. */
  echo?: (text: string) => string;
  /** A problem with the text as typed (or with the applied value), shown at the field. */
  problem?: (text: string) => string | undefined;
}

interface Draft {
  text: string;
  /** The value the draft was last synchronised with. */
  of: string;
  /** What the last commit turns `value` into: a value that arrives equal to it is our own, not a reset. */
  echo: string | undefined;
}

/**
 * A text field that holds what is typed and applies it after a pause (debounced), so a keystroke
 * costs a re-render of one input, not a filter of the whole table and a URL change. A value
 * changed from outside (Clear filters, a link) replaces the draft.
 */
export function DraftInput({ value, onCommit, echo = (text) => text, problem, onKeyDown, onBlur, ...inputProps }: DraftInputProps) {
  const messageId = useId();
  const [draft, setDraft] = useState<Draft>({ text: value, of: value, echo: undefined });
  if (draft.of !== value) setDraft(value === draft.echo ? { ...draft, of: value } : { text: value, of: value, echo: undefined });
  const dirty = echo(draft.text) !== value;

  function commit() {
    if (echo(draft.text) === value) return;
    setDraft({ ...draft, echo: echo(draft.text) });
    onCommit(draft.text);
  }
  const commitAfterPause = useEffectEvent(commit);

  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => commitAfterPause(), COMMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.text, dirty]);

  const message = problem?.(draft.text);
  const input = (
    <input
      {...inputProps}
      aria-invalid={message !== undefined}
      aria-describedby={problem ? messageId : undefined}
      value={draft.text}
      onChange={(event) => setDraft({ ...draft, text: event.target.value })}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') commit();
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        commit();
        onBlur?.(event);
      }}
    />
  );
  if (!problem) return input;
  return (
    <span className="filter-field">
      {input}
      <span id={messageId} className="filter-error" aria-live="polite">
        {message}
      </span>
    </span>
  );
}
