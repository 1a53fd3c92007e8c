import type { ControlProps } from './control-props.ts';
import { ariaOf } from './control-props.ts';

export const DATETIME_EXAMPLE = '2020-12-01T15:53:00.000Z';

/** ISO 8601 date-times as text (the format the providers take), with a "Now" shortcut. */
export function DatetimeInput(props: ControlProps) {
  const { name, value, onChange } = props;
  return (
    <span className="control-with-aside">
      <input
        {...ariaOf(props)}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={DATETIME_EXAMPLE}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="button" aria-label={`Now for ${name}`} onClick={() => onChange(new Date().toISOString())}>
        Now
      </button>
    </span>
  );
}
