// Naming a query: its name, an optional note and its collection (one already in use, or a new
// one). The same dialog saves a new query and renames, re-notes or moves a saved one. Every
// message sits at its field; nothing is written until all of them are answered.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DialogActions } from './dialog-actions.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import { quoted } from './saved-names.ts';

export interface SavedQueryFields {
  name: string;
  note: string;
  collection: string;
}

interface SavedQueryDialogProps {
  title: string;
  submitLabel: string;
  initial: SavedQueryFields;
  /** Collections to choose from (the initial one included). */
  collections: readonly string[];
  /** What is being saved, in words (the lookup and its values). */
  summary?: string;
  /** Whether another saved query already has this name in this collection. */
  isTaken: (collection: string, name: string) => boolean;
  onSubmit: (fields: SavedQueryFields) => Promise<void>;
  onClose: () => void;
  /** More fields before the buttons (on a team server: who sees it). */
  children?: ReactNode;
}

const NEW_COLLECTION = '\u0000new';
type Errors = Partial<Record<'name' | 'newCollection' | 'form', string>>;

export function SavedQueryDialog({
  title,
  submitLabel,
  initial,
  collections,
  summary,
  isTaken,
  onSubmit,
  onClose,
  children,
}: SavedQueryDialogProps) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [note, setNote] = useState(initial.note);
  const [choice, setChoice] = useState(collections.includes(initial.collection) ? initial.collection : NEW_COLLECTION);
  const [newCollection, setNewCollection] = useState(collections.includes(initial.collection) ? '' : initial.collection);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const collection = (choice === NEW_COLLECTION ? newCollection : choice).trim();
    const found: Errors = {};
    if (!name.trim()) found.name = 'Name is required';
    else if (collection && isTaken(collection, name.trim()))
      found.name = `${quoted(name.trim())} is already saved in ${quoted(collection)}: choose another name`;
    if (choice === NEW_COLLECTION && !newCollection.trim()) found.newCollection = 'New collection name is required';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.name ? `${id}-name` : `${id}-new`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ name: name.trim(), note: note.trim(), collection });
    } catch (error) {
      setErrors({ form: `Could not save: ${error instanceof Error ? error.message : String(error)}` });
      setBusy(false);
    }
  }

  const fieldError = (field: 'name' | 'newCollection') =>
    errors[field] && (
      <p className="field-error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    );

  return (
    <ModalDialog title={title} onClose={onClose}>
      <form className="saved-form" onSubmit={(event) => void submit(event)} noValidate>
        {summary && <p className="muted saved-summary">{summary}</p>}
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          data-autofocus
          value={name}
          required
          maxLength={200}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {fieldError('name')}
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <textarea id={`${id}-note`} value={note} rows={3} maxLength={5000} onChange={(event) => setNote(event.target.value)} />
        <label htmlFor={`${id}-collection`}>Collection</label>
        <select id={`${id}-collection`} value={choice} onChange={(event) => setChoice(event.target.value)}>
          {collections.map((collection) => (
            <option key={collection} value={collection}>
              {collection}
            </option>
          ))}
          <option value={NEW_COLLECTION}>New collection…</option>
        </select>
        {choice === NEW_COLLECTION && (
          <>
            <label htmlFor={`${id}-new`}>New collection name</label>
            <input
              id={`${id}-new`}
              value={newCollection}
              maxLength={200}
              aria-invalid={errors.newCollection ? true : undefined}
              aria-describedby={errors.newCollection ? `${id}-newCollection-error` : undefined}
              onChange={(event) => setNewCollection(event.target.value)}
            />
            {fieldError('newCollection')}
          </>
        )}
        {children}
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
        <DialogActions submitLabel={submitLabel} busy={busy} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
