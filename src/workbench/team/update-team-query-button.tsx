// "Update “…” on the server" on a saved query's page opened from the team server
// (opened-team-query.ts): its owner, or an admin, saves the query the form holds into that item,
// keeping its title, note, collection and who sees it. The edit names the version that was opened,
// so a change someone made since is never overwritten: the server refuses it (409) and the line
// says so, and how to start from that version.
import { useState } from 'react';
import { useIdentity } from '../../api/identity-client.ts';
import { getTeamItem, StaleEditError, useEditTeamItem } from '../../api/team-items-client.ts';
import { quoted } from '../saved/saved-names.ts';
import type { OpenedTeamQuery } from './opened-team-query.ts';

interface UpdateTeamQueryButtonProps {
  opened: OpenedTeamQuery;
  /** The lookup, operation and query string to keep, or why the form cannot be saved. */
  toSave: () => { ok: true; lookupId: string; operationId: string; search: string } | { ok: false; problem: string };
  /** Says what happened (the Save button's status line). */
  onStatus: (status: string) => void;
}

export function UpdateTeamQueryButton({ opened, toSave, onStatus }: UpdateTeamQueryButtonProps) {
  const identity = useIdentity();
  // Each update moves the item on a version: the next one is made from it.
  const [item, setItem] = useState(opened);
  const [busy, setBusy] = useState(false);
  const edit = useEditTeamItem();
  if (!identity || (item.owner !== identity.user && !identity.admin)) return null;

  async function update() {
    const query = toSave();
    if (!query.ok) return onStatus(query.problem);
    setBusy(true);
    onStatus(`Updating ${quoted(item.title)} on the team server…`);
    try {
      // Its note, collection and who sees it stay as they are; the query is the form's.
      const current = await getTeamItem(item.id);
      const { lookupId, operationId, search } = query;
      const updated = await edit.mutateAsync({
        id: item.id,
        edit: {
          title: current.title,
          visibility: current.visibility,
          body: { ...current.body, lookupId, operationId, search },
          version: item.version,
        },
      });
      setItem({ ...item, title: updated.title, version: updated.version });
      onStatus(`Updated ${quoted(updated.title)} on the team server.`);
    } catch (error) {
      onStatus(
        error instanceof StaleEditError
          ? `Not updated: ${quoted(item.title)} changed on the server since you opened it (it is at version ${error.current.version} now). Open it again from the Saved page to start from that version.`
          : `Not updated: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" onClick={() => void update()} disabled={busy}>
      Update {quoted(item.title)} on the server
    </button>
  );
}
