interface FormActionsProps {
  isRunning: boolean;
  onCancel: () => void;
  onExample: () => void;
  onClear: () => void;
  /** What one send costs, formatted (`$0.006`): shown on the button for a per-call-priced live lookup. */
  price?: string | undefined;
}

export function FormActions({ isRunning, onCancel, onExample, onClear, price }: FormActionsProps) {
  return (
    <div className="form-actions">
      <button type="submit" className="primary">
        {price ? `Send request · ${price}` : 'Send request'}
      </button>
      {isRunning && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
      <button type="button" onClick={onExample}>
        Try an example
      </button>
      <button type="button" onClick={onClear}>
        Clear
      </button>
      <span className="shortcut-hint">
        or <kbd>Ctrl</kbd>+<kbd>Enter</kbd>
      </span>
      {/* Always present, so the live region announces the change. */}
      <span role="status" className="running">
        {isRunning ? 'Sending…' : ''}
      </span>
    </div>
  );
}
