import type { ControlProps } from './control-props.ts';
import { ariaOf } from './control-props.ts';

const PLACEHOLDERS: Partial<Record<string, string>> = {
  distance: 'e.g. 10mi, .25mi, 15km',
  prox: 'lat,lon,radius e.g. 52.52,13.40,5000',
};

/** Free text and the text-shaped widgets (distance, prox). */
export function TextInput(props: ControlProps) {
  const { meta, value, onChange } = props;
  const placeholder = PLACEHOLDERS[meta.widget] ?? (meta.example ? `e.g. ${meta.example}` : undefined);
  return (
    <input
      {...ariaOf(props)}
      type="text"
      autoComplete="off"
      spellCheck={false}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
