import type { ControlProps } from './control-props.ts';
import { ariaOf } from './control-props.ts';

/**
 * Enums and booleans. The empty choice leaves the parameter out (the provider's default), which is
 * why a boolean is a select and not a checkbox: "unset" differs from "false".
 */
export function ChoiceSelect(props: ControlProps) {
  const { meta, value, onChange } = props;
  const options = meta.widget === 'boolean' ? ['true', 'false'] : (meta.options ?? []);
  const unset = meta.required ? 'Choose…' : meta.defaultHint ? `any (default ${meta.defaultHint})` : 'any (not sent)';
  // A value from a hand-edited link stays visible so its error message makes sense.
  const unknown = value !== '' && !options.includes(value);
  return (
    <select {...ariaOf(props)} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{unset}</option>
      {unknown && <option value={value}>{value}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
