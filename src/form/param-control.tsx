// Picks the widget for a parameter from its hint. Every lookup's form is built from these.
import type { ControlProps } from './control-props.ts';
import { ariaOf } from './control-props.ts';
import { ChoiceSelect } from './choice-select.tsx';
import { DatetimeInput } from './datetime-input.tsx';
import { EpochMsInput } from './epoch-ms-input.tsx';
import { dateBounds } from './field-help.ts';
import { ListInput } from './list-input.tsx';
import { NumberInput } from './number-input.tsx';
import { TextInput } from './text-input.tsx';

export function ParamControl(props: ControlProps) {
  switch (props.meta.widget) {
    case 'number':
    case 'integer':
    case 'latitude':
    case 'longitude':
    case 'radius':
      return <NumberInput {...props} />;
    case 'epoch-ms':
      return <EpochMsInput {...props} />;
    case 'boolean':
    case 'enum':
      return <ChoiceSelect {...props} />;
    case 'list':
      return <ListInput {...props} />;
    case 'date':
      return (
        <input
          {...ariaOf(props)}
          type="date"
          {...dateBounds(props.meta)}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      );
    case 'datetime':
      return <DatetimeInput {...props} />;
    case 'text':
    case 'distance':
    case 'prox':
      return <TextInput {...props} />;
  }
}
