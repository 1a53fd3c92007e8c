import type { ControlProps } from './control-props.ts';
import { NumberInput } from './number-input.tsx';

/** Epoch milliseconds as text, or undefined when the text is not a whole, representable moment. */
function epochMs(value: string): number | undefined {
  if (!/^\d+$/.test(value.trim())) return undefined;
  const ms = Number(value);
  return Number.isNaN(new Date(ms).getTime()) ? undefined : ms;
}

/** "2021-06-01 12:00:00 UTC" for epoch milliseconds; undefined for anything else. */
export function epochMsToText(value: string): string | undefined {
  const ms = epochMs(value);
  return ms === undefined ? undefined : `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * The value of a `datetime-local` input (`YYYY-MM-DDTHH:mm:ss`, read as UTC) for epoch
 * milliseconds; '' when there is no moment or it lies outside the years 0000–9999 the input shows.
 */
export function epochMsToPicker(value: string): string {
  const ms = epochMs(value);
  if (ms === undefined) return '';
  const iso = new Date(ms).toISOString();
  return /^\d{4}-/.test(iso) ? iso.slice(0, 19) : '';
}

/** Epoch milliseconds, as text, for a `datetime-local` value read as UTC; undefined for an incomplete one. */
export function pickerToEpochMs(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second = '0', fraction = '0'] = match.slice(1) as string[];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps the years 0–99 to 1900–1999.
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Number(second), Number(fraction.padEnd(3, '0')));
  const ms = date.getTime();
  return Number.isNaN(ms) || ms < 0 ? undefined : String(ms);
}

/**
 * Epoch milliseconds, the form the provider takes: the raw number stays the field (labelled with
 * the parameter's name, as every field is) and a date-time picker beside it, read and written in
 * UTC, fills it; the moment the number names is spelled out after both.
 */
export function EpochMsInput(props: ControlProps) {
  const { id, name, value, onChange, describedBy } = props;
  const human = epochMsToText(value);
  const pickerId = `${id}-picker`;
  return (
    <span className="control-with-aside">
      <NumberInput {...props} describedBy={`${describedBy} ${id}-date`} />
      <input
        id={pickerId}
        type="datetime-local"
        step={1}
        aria-label={`${name} as a UTC date and time`}
        aria-describedby={`${id}-date`}
        value={epochMsToPicker(value)}
        onChange={(event) => {
          // A cleared picker clears the field; one still being typed into leaves it as it was.
          if (event.target.value === '') onChange('');
          else {
            const ms = pickerToEpochMs(event.target.value);
            if (ms !== undefined) onChange(ms);
          }
        }}
      />
      <output id={`${id}-date`} htmlFor={`${id} ${pickerId}`} className="control-aside">
        {human ?? (value.trim() ? 'not a moment' : 'no moment chosen')}
      </output>
    </span>
  );
}
