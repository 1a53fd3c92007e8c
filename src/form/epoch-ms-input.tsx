import type { ControlProps } from './control-props.ts';
import { NumberInput } from './number-input.tsx';

/** "2021-06-01 12:00:00 UTC" for epoch milliseconds; undefined for anything else. */
export function epochMsToText(value: string): string | undefined {
  if (!/^\d+$/.test(value.trim())) return undefined;
  const date = new Date(Number(value));
  if (Number.isNaN(date.getTime())) return undefined;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Epoch milliseconds, with the moment they name shown beside them. */
export function EpochMsInput(props: ControlProps) {
  const human = epochMsToText(props.value);
  return (
    <span className="control-with-aside">
      <NumberInput {...props} describedBy={`${props.describedBy} ${props.id}-date`} />
      <output id={`${props.id}-date`} htmlFor={props.id} className="control-aside">
        {human ?? (props.value.trim() ? 'not a moment' : 'no moment chosen')}
      </output>
    </span>
  );
}
