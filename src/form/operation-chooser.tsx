import { useState } from 'react';
import type { LookupDefinition } from '../lookups/define-lookup.ts';

interface OperationChooserProps {
  lookup: LookupDefinition;
  operationId: string;
  onChange: (id: string) => void;
}

/** The radio group for lookups with several operations (B JSON/XML, E's two forms, F's two paths). */
export function OperationChooser({ lookup, operationId, onChange }: OperationChooserProps) {
  // The switch goes through a navigation that commits a moment later; until then the radio shows
  // the choice instead of flicking back to the current operation.
  const [pending, setPending] = useState<{ from: string; to: string }>();
  if (pending && pending.from !== operationId) setPending(undefined);
  const shownId = pending?.from === operationId ? pending.to : operationId;
  return (
    <fieldset className="operation-chooser" role="radiogroup">
      <legend>Operation</legend>
      {lookup.operations.map((operation) => {
        const id = `operation-${lookup.slug}-${operation.id}`;
        return (
          <div key={operation.id} className="operation-choice">
            <input
              type="radio"
              id={id}
              name={`operation-${lookup.slug}`}
              value={operation.id}
              checked={operation.id === shownId}
              onChange={() => {
                setPending({ from: operationId, to: operation.id });
                onChange(operation.id);
              }}
              aria-describedby={`${id}-path`}
            />
            <label htmlFor={id}>{operation.label}</label>
            <code id={`${id}-path`}>
              {operation.method} {operation.path}
            </code>
          </div>
        );
      })}
    </fieldset>
  );
}
