// "Save query" on a lookup page: names the query the form holds (or, while the form has errors,
// the one last sent) and saves it into a collection.
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import type { FormValues } from '../../form/form-values.ts';
import { sentQuerySearch } from '../../form/url-state.ts';
import { validateValues } from '../../form/validate-values.ts';
import { collectionNames, DEFAULT_COLLECTION, listSavedQueries, saveQuery, type SavedQuery } from './saved-store.ts';
import { describeSearch } from './saved-validity.ts';
import { SavedQueryDialog } from './saved-query-dialog.tsx';
import { useRecentSaved } from './use-saved-queries.ts';
import { isNameTaken, quoted, suggestedName } from './saved-names.ts';
import { useIdentity } from '../../api/identity-client.ts';
import { useCreateTeamItem } from '../../api/team-items-client.ts';
import type { Visibility } from '../../lookups/team-wire.ts';
import { queryBody } from '../team/item-bodies.ts';
import { VisibilityField } from '../team/visibility-field.tsx';
import { openedTeamQuery } from '../team/opened-team-query.ts';
import { UpdateTeamQueryButton } from '../team/update-team-query-button.tsx';

interface SaveQueryButtonProps {
  lookup: AnyLookup;
  operation: AnyOperation;
  /** What the form holds now. */
  values: FormValues;
  /** The values last sent (the URL's), when a query was sent. */
  sentValues?: FormValues;
}

type ToSave = { ok: true; search: string } | { ok: false; problem: string };

/** The form's values when they validate; else the query last sent; else why nothing can be saved. */
export function queryToSave(lookup: AnyLookup, operation: AnyOperation, values: FormValues, sentValues?: FormValues): ToSave {
  const validation = validateValues(operation, values);
  if (validation.ok) return { ok: true, search: sentQuerySearch(lookup, operation, values) };
  if (sentValues && validateValues(operation, sentValues).ok) return { ok: true, search: sentQuerySearch(lookup, operation, sentValues) };
  const [first] = [...Object.values(validation.errors.fields), ...validation.errors.form];
  return { ok: false, problem: `Fix the form before saving: ${first ?? 'it is not valid'}.` };
}

export function SaveQueryButton({ lookup, operation, values, sentValues }: SaveQueryButtonProps) {
  const [open, setOpen] = useState<{ search: string; all: readonly SavedQuery[] } | undefined>();
  const [status, setStatus] = useState('');
  // Only a count, to say early when the browser refuses storage: every saved query (the
  // collections and names taken) is read when the dialog opens, not on every lookup page.
  const saved = useRecentSaved(0);
  // On a team server the query is kept on the server, for its owner alone or for the team.
  const identity = useIdentity();
  const [visibility, setVisibility] = useState<Visibility>('private');
  // Through the mutation, so the page's list of queries on the server shows it at once.
  const createTeamItem = useCreateTeamItem();
  // A query opened from the team server may be updated in place. Read once: sending a query
  // changes the address, and the navigation's state goes with it.
  const location = useLocation();
  const [opened] = useState(() => openedTeamQuery(location.state));

  async function start() {
    const toSave = queryToSave(lookup, operation, values, sentValues);
    if (!toSave.ok) {
      setStatus(toSave.problem);
      return;
    }
    // Quick for a few; with tens of thousands saved it takes a moment, so say what is happening.
    setStatus('Reading the saved queries…');
    const all = await listSavedQueries().catch(() => undefined);
    if (!all) {
      setStatus('Saving is unavailable: this browser refuses local storage.');
      return;
    }
    setStatus('');
    setOpen({ search: toSave.search, all });
  }

  const words = open ? describeSearch(open.search) : '';
  return (
    <div className="save-query">
      <button type="button" onClick={() => void start()} disabled={saved.status === 'unavailable'}>
        Save query…
      </button>
      {opened && (
        <UpdateTeamQueryButton
          opened={opened}
          toSave={() => {
            const toSave = queryToSave(lookup, operation, values, sentValues);
            return toSave.ok ? { ok: true, lookupId: lookup.id, operationId: operation.id, search: toSave.search } : toSave;
          }}
          onStatus={setStatus}
        />
      )}
      <span role="status" className="save-query-status">
        {saved.status === 'unavailable' ? 'Saving is unavailable: this browser refuses local storage.' : status}
      </span>
      {open && (
        <SavedQueryDialog
          title="Save query"
          submitLabel="Save"
          initial={{ name: suggestedName(lookup.title, words ? words.split(' · ') : []), note: '', collection: DEFAULT_COLLECTION }}
          collections={collectionNames(open.all)}
          summary={`${lookup.id}. ${lookup.title}${operation !== lookup.operations[0] ? ` (${operation.label})` : ''}${words ? ` · ${words}` : ''}`}
          isTaken={(collection, name) => isNameTaken(open.all, collection, name)}
          onSubmit={async (fields) => {
            const query = { ...fields, lookupId: lookup.id, operationId: operation.id, search: open.search };
            if (identity) {
              await createTeamItem.mutateAsync({ kind: 'query', visibility, title: query.name, body: queryBody(query) });
              setOpen(undefined);
              setStatus(
                `Saved ${quoted(query.name)} on the team server (${visibility === 'team' ? 'the team sees it' : 'only you see it'}).`,
              );
              return;
            }
            const local = await saveQuery(query);
            setOpen(undefined);
            setStatus(`Saved ${quoted(local.name)} in ${quoted(local.collection)}.`);
          }}
          onClose={() => setOpen(undefined)}
        >
          {identity && <VisibilityField value={visibility} onChange={setVisibility} />}
        </SavedQueryDialog>
      )}
    </div>
  );
}
