// A stale edit (409): someone changed the item since it was opened. Both versions side by side, the
// user's and the current one (whose item, when it was changed, at which version), and the choice:
// keep mine (sent again on the current version) or take the current one (mine is dropped).
import { useState } from 'react';
import type { EditItem, TeamItem } from '../../lookups/team-wire.ts';
import { ModalDialog } from '../saved/modal-dialog.tsx';
import { formatSentAt } from '../history/history-format.ts';

interface StaleEditDialogProps {
  /** What the server said (who changed it, when). */
  message: string;
  yours: EditItem;
  current: TeamItem;
  /** Sends mine again as an edit of the current version. */
  onKeepMine: () => Promise<void>;
  onTakeCurrent: () => void;
}

const VISIBILITY_WORDS = { private: 'Only me', team: 'Team' } as const;

function Version({
  heading,
  title,
  visibility,
  body,
  caption,
}: {
  heading: string;
  title: string;
  visibility: keyof typeof VISIBILITY_WORDS;
  body: unknown;
  caption: string;
}) {
  return (
    <section className="stale-version" aria-label={heading}>
      <h3>{heading}</h3>
      <p className="muted">{caption}</p>
      <dl>
        <dt>Title</dt>
        <dd>{title}</dd>
        <dt>Who sees it</dt>
        <dd>{VISIBILITY_WORDS[visibility]}</dd>
      </dl>
      <details>
        <summary>Contents</summary>
        <pre className="stale-body">{JSON.stringify(body, null, 2)}</pre>
      </details>
    </section>
  );
}

export function StaleEditDialog({ message, yours, current, onKeepMine, onTakeCurrent }: StaleEditDialogProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  async function keep() {
    setBusy(true);
    try {
      await onKeepMine();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }
  return (
    <ModalDialog title="This item changed since you opened it" onClose={onTakeCurrent}>
      <p>{message}</p>
      <div className="stale-versions">
        <Version
          heading="Your version"
          caption={`Your edit of version ${yours.version}, not saved.`}
          title={String(yours.title)}
          visibility={yours.visibility}
          body={yours.body}
        />
        <Version
          heading="The current version"
          caption={`Version ${current.version}, changed ${formatSentAt(Date.parse(current.updatedAt))}; ${current.owner}’s item.`}
          title={current.title}
          visibility={current.visibility}
          body={current.body}
        />
      </div>
      {problem && (
        <p role="alert" className="field-error">
          Could not save yours: {problem}
        </p>
      )}
      <div className="saved-dialog-actions">
        <button type="button" className="primary" data-autofocus disabled={busy} onClick={() => void keep()}>
          Keep mine
        </button>
        <button type="button" disabled={busy} onClick={onTakeCurrent}>
          Take the current one
        </button>
      </div>
    </ModalDialog>
  );
}
