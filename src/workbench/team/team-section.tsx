// The Saved page's Team section on a team server (issue 35): every item shared with the team, with
// its owner and time, and the user's own items on the server (private and team). Opening one goes
// to /shared/<id>, which opens it as the local one would; only its owner (or an admin) sees Edit
// and Delete. An edit made from a version that is no longer current shows both versions.
import { useId, useState, type FormEvent } from 'react';
import type { Identity } from '../../api/identity-client.ts';
import { getTeamItem, StaleEditError, useDeleteTeamItem, useEditTeamItem, useTeamItemList } from '../../api/team-items-client.ts';
import { type EditItem, type ItemScope, type TeamItem, type TeamItemSummary, type Visibility } from '../../lookups/team-wire.ts';
import { DialogActions } from '../saved/dialog-actions.tsx';
import { ModalDialog } from '../saved/modal-dialog.tsx';
import { quoted } from '../saved/saved-names.ts';
import { KIND_NAMES } from './item-bodies.ts';
import { StaleEditDialog } from './stale-edit-dialog.tsx';
import { ItemFields } from './item-fields.tsx';
import { ItemLine } from './item-line.tsx';
import './team.css';

export function TeamSection({ identity }: { identity: Identity }) {
  return (
    <section className="team-section" aria-labelledby="team-section-title">
      <h2 id="team-section-title">Team</h2>
      <p className="muted">
        Signed in as {identity.user}
        {identity.admin ? ' (admin: you may change any team item)' : ''}. Items kept on the team server open in any browser; those shared
        with the team open for every member.
      </p>
      <ItemList scope="team" heading="Shared with the team" identity={identity} empty="Nothing is shared with the team yet." />
      <ItemList
        scope="mine"
        heading="Your items on the server"
        identity={identity}
        empty="You keep nothing on the server yet: choose “Only me” or “Team” when you save."
      />
    </section>
  );
}

function ItemList({ scope, heading, identity, empty }: { scope: ItemScope; heading: string; identity: Identity; empty: string }) {
  const id = useId();
  const list = useTeamItemList(scope);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={id} className="team-list">
      <h3 id={id}>{heading}</h3>
      {list.isPending ? (
        <p role="status">Loading…</p>
      ) : list.isError ? (
        <p role="alert">Could not list them: {list.error.message}</p>
      ) : items.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <ul className="saved-list">
          {items.map((item) => (
            <li key={item.id} className="saved-item">
              <TeamItemRow item={item} identity={identity} />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button type="button" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          Show more
        </button>
      )}
    </section>
  );
}

type Editing = { item: TeamItem } | { stale: StaleEditError; edit: EditItem; id: string };

function TeamItemRow({ item, identity }: { item: TeamItemSummary; identity: Identity }) {
  const mayChange = item.owner === identity.user || identity.admin;
  const [editing, setEditing] = useState<Editing>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [problem, setProblem] = useState('');
  const edit = useEditTeamItem();
  const remove = useDeleteTeamItem();

  async function openEditor() {
    setProblem('');
    try {
      setEditing({ item: await getTeamItem(item.id) });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  /** Sends an edit; a stale one opens both versions instead. */
  async function send(id: string, change: EditItem) {
    try {
      await edit.mutateAsync({ id, edit: change });
      setEditing(undefined);
    } catch (error) {
      if (!(error instanceof StaleEditError)) throw error;
      setEditing({ stale: error, edit: change, id });
    }
  }

  async function deleteItem() {
    setConfirmDelete(false);
    try {
      await remove.mutateAsync({ id: item.id, version: item.version });
    } catch (error) {
      setProblem(
        error instanceof StaleEditError
          ? `Not deleted: it changed since (now version ${error.current.version}). Look at it again first.`
          : error instanceof Error
            ? error.message
            : String(error),
      );
    }
  }

  return (
    <>
      <div className="saved-item-main">
        <ItemLine item={item} about={` · ${KIND_NAMES[item.kind]} · ${item.owner === identity.user ? 'yours' : `by ${item.owner}`}`} />
        {problem && (
          <p role="alert" className="field-error">
            {problem}
          </p>
        )}
      </div>
      {mayChange && (
        <div className="saved-item-actions">
          <button type="button" aria-label={`Edit ${quoted(item.title)}`} onClick={() => void openEditor()}>
            Edit
          </button>
          {confirmDelete ? (
            <span className="saved-confirm" role="group" aria-label={`Confirm deleting ${quoted(item.title)}`}>
              <button type="button" className="danger" aria-label={`Yes, delete ${quoted(item.title)}`} onClick={() => void deleteItem()}>
                Yes, delete
              </button>
              <button type="button" onClick={() => setConfirmDelete(false)}>
                Keep it
              </button>
            </span>
          ) : (
            <button type="button" aria-label={`Delete ${quoted(item.title)}`} onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          )}
        </div>
      )}
      {editing && 'item' in editing && (
        <EditItemDialog item={editing.item} onSubmit={(change) => send(editing.item.id, change)} onClose={() => setEditing(undefined)} />
      )}
      {editing && 'stale' in editing && (
        <StaleEditDialog
          message={editing.stale.message}
          yours={editing.edit}
          current={editing.stale.current}
          onKeepMine={() => send(editing.id, { ...editing.edit, version: editing.stale.current.version })}
          onTakeCurrent={() => setEditing(undefined)}
        />
      )}
    </>
  );
}

/** The title and who sees it; the contents stay as saved (open the item and save it again to change them). */
function EditItemDialog({ item, onSubmit, onClose }: { item: TeamItem; onSubmit: (edit: EditItem) => Promise<void>; onClose: () => void }) {
  const id = useId();
  const [title, setTitle] = useState(item.title);
  const [visibility, setVisibility] = useState<Visibility>(item.visibility);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setError('A title is needed');
      document.getElementById(`${id}-title`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ title: title.trim(), visibility, body: item.body, version: item.version });
    } catch (failure) {
      setError(`Could not save: ${failure instanceof Error ? failure.message : String(failure)}`);
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={`Edit ${quoted(item.title)}`} onClose={onClose}>
      <form className="saved-form" onSubmit={(event) => void submit(event)} noValidate>
        <ItemFields id={id} title={title} onTitle={setTitle} visibility={visibility} onVisibility={setVisibility} error={error} />
        <DialogActions submitLabel="Save" busy={busy} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
