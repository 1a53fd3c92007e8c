// "Save on the team server…" for what has no local "Save query" dialog of its own to extend (an SQL
// query, a dossier's plan and view): a title and who sees it, then the item is created. Nothing
// shows on a single-user server.
import { useId, useState, type FormEvent } from 'react';
import { useIdentity } from '../../api/identity-client.ts';
import { useCreateTeamItem } from '../../api/team-items-client.ts';
import { TITLE_MAX, type ItemBody, type TeamItemKind, type Visibility } from '../../lookups/team-wire.ts';
import { DialogActions } from '../saved/dialog-actions.tsx';
import { ModalDialog } from '../saved/modal-dialog.tsx';
import { quoted } from '../saved/saved-names.ts';
import { KIND_NAMES } from './item-bodies.ts';
import { ItemFields } from './item-fields.tsx';

interface SaveToTeamButtonProps {
  kind: TeamItemKind;
  /** The item's body, read when the dialog opens (the thing as it is then). */
  body: () => ItemBody;
  suggestedTitle: string;
  /** The button's words where a page has several (a collection's: `Save “Trips” on the team server…`). */
  label?: string;
}

export function SaveToTeamButton({ kind, body, suggestedTitle, label = 'Save on the team server…' }: SaveToTeamButtonProps) {
  const identity = useIdentity();
  const [open, setOpen] = useState<ItemBody>();
  const [status, setStatus] = useState('');
  if (!identity) return null;
  return (
    <span className="save-to-team">
      <button
        type="button"
        onClick={() => {
          setStatus('');
          setOpen(body());
        }}
      >
        {label}
      </button>
      <span role="status">{status}</span>
      {open && (
        <SaveToTeamDialog
          kind={kind}
          body={open}
          suggestedTitle={suggestedTitle}
          onSaved={(title, visibility) => {
            setOpen(undefined);
            setStatus(`Saved ${quoted(title)} on the team server (${visibility === 'team' ? 'the team sees it' : 'only you see it'}).`);
          }}
          onClose={() => setOpen(undefined)}
        />
      )}
    </span>
  );
}

function SaveToTeamDialog({
  kind,
  body,
  suggestedTitle,
  onSaved,
  onClose,
}: {
  kind: TeamItemKind;
  body: ItemBody;
  suggestedTitle: string;
  onSaved: (title: string, visibility: Visibility) => void;
  onClose: () => void;
}) {
  const id = useId();
  const create = useCreateTeamItem();
  const [title, setTitle] = useState(suggestedTitle.slice(0, TITLE_MAX));
  const [visibility, setVisibility] = useState<Visibility>('private');
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setError('A title is needed');
      document.getElementById(`${id}-title`)?.focus();
      return;
    }
    try {
      await create.mutateAsync({ kind, visibility, title: title.trim(), body });
      onSaved(title.trim(), visibility);
    } catch (failure) {
      setError(`Could not save: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  }

  return (
    <ModalDialog title={`Save ${KIND_NAMES[kind]} on the team server`} onClose={onClose}>
      <form className="saved-form" onSubmit={(event) => void submit(event)} noValidate>
        <ItemFields id={id} title={title} onTitle={setTitle} visibility={visibility} onVisibility={setVisibility} error={error} />
        <DialogActions submitLabel="Save" busy={create.isPending} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
