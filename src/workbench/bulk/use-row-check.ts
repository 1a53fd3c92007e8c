// The rows of a file checked against the lookup's schema, in slices (checkRowsInSlices), again
// whenever the file, the mapping or the constants change; a check still running is abandoned.
import { useEffect, useMemo, useState } from 'react';
import type { Operation } from '../../lookups/define-lookup.ts';
import type { FormValues } from '../../form/form-values.ts';
import type { ColumnMapping } from './column-mapping.ts';
import type { InputRow } from './read-input.ts';
import { checkRowsInSlices, type RowCheck } from './validate-rows.ts';

export interface RowCheckState {
  /** The latest complete check of these rows; while a new mapping is checked, the one before it. */
  check: RowCheck | undefined;
  /** Rows checked so far, while a check runs. */
  checking: { checked: number } | undefined;
}

interface Inputs {
  operation: Operation;
  rows: readonly InputRow[];
  mapping: ColumnMapping;
  constants: FormValues;
}

export function useRowCheck(
  operation: Operation,
  rows: readonly InputRow[] | undefined,
  mapping: ColumnMapping,
  constants: FormValues,
): RowCheckState {
  // One object per set of inputs: what a result or a progress report was computed for.
  const inputs = useMemo<Inputs | undefined>(() => rows && { operation, rows, mapping, constants }, [operation, rows, mapping, constants]);
  const [done, setDone] = useState<{ inputs: Inputs; check: RowCheck }>();
  const [progress, setProgress] = useState<{ inputs: Inputs; checked: number }>();

  useEffect(() => {
    if (!inputs) return;
    const controller = new AbortController();
    void checkRowsInSlices(inputs.operation, inputs.rows, inputs.mapping, inputs.constants, {
      signal: controller.signal,
      onProgress: (checked) => {
        if (!controller.signal.aborted) setProgress({ inputs, checked });
      },
    }).then((check) => {
      if (check) setDone({ inputs, check });
    });
    return () => controller.abort();
  }, [inputs]);

  if (!inputs) return { check: undefined, checking: undefined };
  const check = done?.inputs.rows === inputs.rows ? done.check : undefined;
  if (done?.inputs === inputs) return { check, checking: undefined };
  return { check, checking: { checked: progress?.inputs === inputs ? progress.checked : 0 } };
}
