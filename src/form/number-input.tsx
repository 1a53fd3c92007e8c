import type { ControlProps } from './control-props.ts';
import { ariaOf } from './control-props.ts';

/**
 * Numbers as text with a numeric keyboard: a native number input would silently empty itself on
 * "12abc", and the user would read "is required" instead of "must be a number".
 */
export function NumberInput(props: ControlProps) {
  const { meta, value, onChange } = props;
  const whole = meta.widget === 'integer' || meta.widget === 'epoch-ms';
  // Coordinates need a minus sign, which numeric keypads lack.
  const signed = meta.widget === 'latitude' || meta.widget === 'longitude' || (meta.min ?? 0) < 0;
  return (
    <input
      {...ariaOf(props)}
      type="text"
      inputMode={signed ? 'text' : whole ? 'numeric' : 'decimal'}
      autoComplete="off"
      placeholder={meta.example ? `e.g. ${meta.example}` : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
