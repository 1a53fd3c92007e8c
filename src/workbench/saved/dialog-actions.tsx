// The Submit / Cancel bar at the foot of a dialog's form, one for every dialog that saves. Submit is
// the form's submit button, so Enter in a field sends the form the same way; Cancel is type="button"
// so it never submits.
interface DialogActionsProps {
  submitLabel: string;
  /** While a submission runs: Submit is disabled so the form is not sent twice. */
  busy: boolean;
  onCancel: () => void;
}

export function DialogActions({ submitLabel, busy, onCancel }: DialogActionsProps) {
  return (
    <div className="saved-dialog-actions">
      <button type="submit" className="primary" disabled={busy}>
        {submitLabel}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
