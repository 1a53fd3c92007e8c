import type { ControlProps } from './control-props.ts';
import { ariaOf } from './control-props.ts';
import { datetimeExample } from './field-help.ts';

/** ISO 8601 date-times as text (the format the providers take), with a "Now" shortcut. */
export function DatetimeInput(props: ControlProps) {
  const { name, meta, value, onChange } = props;
  return (
    <span className="control-with-aside">
      <input
        {...ariaOf(props)}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={datetimeExample(meta)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="button" aria-label={`Now for ${name}`} onClick={() => onChange(new Date().toISOString())}>
        Now
      </button>
    </span>
  );
}
