import { useId } from 'react';
import type { Operation } from '../../lookups/define-lookup.ts';
import type { FormValues } from '../../form/form-values.ts';
import { type ColumnMapping, parameterNames } from './column-mapping.ts';

interface MappingPanelProps {
  operation: Operation;
  columns: readonly string[];
  mapping: ColumnMapping;
  onMappingChange: (mapping: ColumnMapping) => void;
  constants: FormValues;
  onConstantsChange: (constants: FormValues) => void;
}

const CONSTANT = '';

/** One row per parameter: the column that feeds it, or a constant (the form's value) for every row. */
export function MappingPanel({ operation, columns, mapping, onMappingChange, constants, onConstantsChange }: MappingPanelProps) {
  const id = useId();
  return (
    <fieldset className="bulk-mapping">
      <legend>Columns and parameters</legend>
      <p className="bulk-help">
        Columns named like a parameter (any case) are matched already. A parameter without a column takes the same value for every row.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Parameter</th>
            <th scope="col">From column</th>
            <th scope="col">Constant for every row</th>
          </tr>
        </thead>
        <tbody>
          {parameterNames(operation).map((name) => {
            const column = mapping[name];
            return (
              <tr key={name}>
                <th scope="row">
                  <code>{name}</code>
                </th>
                <td>
                  <select
                    aria-label={`Column for ${name}`}
                    value={column ?? CONSTANT}
                    onChange={(event) => {
                      const { [name]: _dropped, ...rest } = mapping;
                      onMappingChange(event.target.value === CONSTANT ? rest : { ...rest, [name]: event.target.value });
                    }}
                  >
                    <option value={CONSTANT}>(no column: constant)</option>
                    {columns.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  {column === undefined ? (
                    <input
                      id={`${id}-${name}`}
                      aria-label={`Constant ${name}`}
                      value={constants[name] ?? ''}
                      onChange={(event) => onConstantsChange({ ...constants, [name]: event.target.value })}
                    />
                  ) : (
                    <span className="bulk-muted">from the file</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
