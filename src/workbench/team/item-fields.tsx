// A team item's title and who sees it, with the form's error at the title: the fields both the
// "Save on the team server…" dialog and the team section's Edit dialog ask for.
import { TITLE_MAX, type Visibility } from '../../lookups/team-wire.ts';
import { VisibilityField } from './visibility-field.tsx';

interface ItemFieldsProps {
  /** The dialog's useId(): the title is `<id>-title`, which the dialog focuses when a save is refused. */
  id: string;
  title: string;
  onTitle: (title: string) => void;
  visibility: Visibility;
  onVisibility: (visibility: Visibility) => void;
  /** What refused the form, said at the title (empty: nothing). */
  error: string;
}

export function ItemFields({ id, title, onTitle, visibility, onVisibility, error }: ItemFieldsProps) {
  return (
    <>
      <label htmlFor={`${id}-title`}>Title</label>
      <input
        id={`${id}-title`}
        data-autofocus
        value={title}
        maxLength={TITLE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onTitle(event.target.value)}
      />
      <VisibilityField value={visibility} onChange={onVisibility} />
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
