// What every widget receives: the field's identity, its text, and the ARIA wiring ParamField owns.
import type { ParamMeta } from '../lookups/param.ts';

export interface ControlProps {
  id: string;
  /** The spec's parameter name (also the control's `name`). */
  name: string;
  meta: ParamMeta;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  /** Ids of the help text and, when invalid, the message. */
  describedBy: string;
}

/** Attributes shared by every input and select. */
export function ariaOf({ id, name, meta, invalid, describedBy }: ControlProps) {
  return {
    id,
    name,
    'aria-required': meta.required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
}
