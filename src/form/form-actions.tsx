interface FormActionsProps {
  isRunning: boolean;
  onCancel: () => void;
  onExample: () => void;
  onClear: () => void;
  /** What one send costs, formatted (`$0.006`): shown on the button for a per-call-priced live lookup. */
  price?: string | undefined;
}

// Hidden, not removed: the idle and running contents share one grid cell (param-form.css), so the
// bar keeps its size and nothing around it moves when a request starts or ends.
const shownWhen = (visible: boolean) => (visible ? undefined : ({ visibility: 'hidden' } as const));

export function FormActions({ isRunning, onCancel, onExample, onClear, price }: FormActionsProps) {
  return (
    <div className="form-actions">
      <button type="submit" className="primary">
        {price ? `Send request · ${price}` : 'Send request'}
      </button>
      <button type="button" onClick={onExample}>
        Try an example
      </button>
      <button type="button" onClick={onClear}>
        Clear
      </button>
      <span className="run-slot">
        <span className="shortcut-hint" style={shownWhen(!isRunning)}>
          or <kbd>Ctrl</kbd>+<kbd>Enter</kbd>
        </span>
        <span className="run-state" style={shownWhen(isRunning)}>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          {/* Seen; the live region below says it. */}
          <span className="running" aria-hidden="true">
            Sending…
          </span>
        </span>
      </span>
      {/* Always present, so the live region announces the change; out of the layout, so it moves nothing. */}
      <span role="status" className="visually-hidden">
        {isRunning ? 'Sending…' : ''}
      </span>
    </div>
  );
}
