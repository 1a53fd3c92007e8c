import { MAX_CONCURRENCY, MIN_CONCURRENCY } from './runner.ts';

interface ConcurrencyInputProps {
  value: number;
  disabled?: boolean;
  /** The field's text as typed; each caller decides what an empty field means. */
  onText: (text: string) => void;
}

/** The run's concurrency, bounded as the runner bounds it: before a run (setup) and during it (progress). */
export function ConcurrencyInput({ value, disabled = false, onText }: ConcurrencyInputProps) {
  return (
    <label>
      Concurrency{' '}
      <input
        type="number"
        min={MIN_CONCURRENCY}
        max={MAX_CONCURRENCY}
        value={value}
        disabled={disabled}
        onChange={(event) => onText(event.target.value)}
      />
    </label>
  );
}
