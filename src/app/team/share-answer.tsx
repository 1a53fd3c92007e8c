// "Share…" on an answer, on a team server (issue 35): stores the answer as the page shows it (masked
// when it was) as a team snapshot and gives a link, /shared/<id>, that opens the same view for any
// member on any instance. The map's added layers go along: each one read from this browser (History,
// a bulk run) is stored as a snapshot of its own and named `team:<id>` in the link's `layers=`, so the
// colleague's map draws it too. Nothing shows on a single-user server.
import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { LookupResponse } from '../../api/lookup-response.ts';
import { useIdentity } from '../../api/identity-client.ts';
import { createTeamItem } from '../../api/team-items-client.ts';
import type { Answer } from '../../lookups/answer.ts';
import type { AnyLookup, AnyOperation, Params } from '../../lookups/define-lookup.ts';
import { SNAPSHOT_LAYER_PREFIX, sharedItemUrl, TITLE_MAX } from '../../lookups/team-wire.ts';
import { paramsToValues, readViewState, sentQuerySearch, STORED_KEY, withViewState } from '../../form/url-state.ts';
import { CopyButton } from '../../results/copy-button.tsx';
import { ModalDialog } from '../../workbench/saved/modal-dialog.tsx';
import { describeSearch } from '../../workbench/saved/saved-validity.ts';
import { answerSnapshot } from '../../workbench/team/snapshot.ts';

interface ShareAnswerProps {
  lookup: AnyLookup;
  operation: AnyOperation;
  params: Params;
  response: LookupResponse;
  answer: Answer;
  /** This browser's masking preference: the added layers are read with it, as the map reads them. */
  masked: boolean;
}

type Sharing =
  | { status: 'sharing' }
  | { status: 'shared'; link: string; liveLink: string; left: readonly string[] }
  | { status: 'failed'; message: string };

/** The page's query string without a stored answer's id (which names this browser's History). */
function searchWithout(search: string, key: string): string {
  const params = new URLSearchParams(search);
  params.delete(key);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function ShareAnswer({ lookup, operation, params, response, answer, masked }: ShareAnswerProps) {
  const identity = useIdentity();
  const { search } = useLocation();
  const [sharing, setSharing] = useState<Sharing>();
  if (!identity) return null;

  const view = readViewState(search);
  // What the snapshot is called on the Saved page: the lookup and the values it was asked with.
  const words = describeSearch(sentQuerySearch(lookup, operation, paramsToValues(operation, params)));
  const title = `${lookup.id}. ${lookup.title}${words ? ` · ${words}` : ''}`.slice(0, TITLE_MAX);
  const layerIds = view.map?.layers ?? [];

  async function share() {
    setSharing({ status: 'sharing' });
    try {
      // The layers' code (History, bulk runs, every lookup's definition) loads only when there are layers to share.
      const layers = layerIds.length > 0 ? await (await import('./share-layers.ts')).shareLayers(layerIds, masked) : { ids: [], left: [] };
      const shownSearch = withViewState(searchWithout(search, STORED_KEY), {
        ...view,
        ...(view.map && { map: { ...view.map, layers: layers.ids.length > 0 ? layers.ids : undefined } }),
      });
      const body = answerSnapshot({ lookupId: lookup.id, operationId: operation.id, title, params, search: shownSearch, response, answer });
      const item = await createTeamItem({ kind: 'snapshot', visibility: 'team', title, body });
      setSharing({
        status: 'shared',
        link: new URL(sharedItemUrl(item.id), window.location.origin).href,
        liveLink: new URL(`/lookups/${lookup.slug}${shownSearch}`, window.location.origin).href,
        left: layers.left,
      });
    } catch (error) {
      setSharing({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  const teamLayers = layerIds.filter((id) => !id.startsWith(SNAPSHOT_LAYER_PREFIX)).length;
  return (
    <>
      <button type="button" className="share-answer" onClick={() => void share()} disabled={sharing?.status === 'sharing'}>
        Share…
      </button>
      {sharing && (
        <ModalDialog title="Share this answer with the team" onClose={() => setSharing(undefined)}>
          {sharing.status === 'sharing' && (
            <p role="status">
              Storing the answer as shown
              {teamLayers > 0 ? ` and ${teamLayers === 1 ? 'its added layer' : `its ${teamLayers} added layers`}` : ''}…
            </p>
          )}
          {sharing.status === 'failed' && (
            <p role="alert" className="field-error">
              Could not share: {sharing.message}
            </p>
          )}
          {sharing.status === 'shared' && <SharedLinks {...sharing} masked={answer.masked} />}
          <div className="saved-dialog-actions">
            <button type="button" onClick={() => setSharing(undefined)}>
              Close
            </button>
          </div>
        </ModalDialog>
      )}
    </>
  );
}

function SharedLinks({ link, liveLink, left, masked }: { link: string; liveLink: string; left: readonly string[]; masked: boolean }) {
  // The dialog opened while the snapshot was stored: focus moves to the link once there is one.
  const linkField = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => linkField.current?.focus(), []);
  return (
    <div className="share-links">
      <p>
        Any member of this team can open this link, on any instance: the answer as you see it now
        {masked ? ', with personal data masked' : ''}, read-only.
      </p>
      <label htmlFor="share-link">Link to the snapshot</label>
      <input id="share-link" ref={linkField} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
      <CopyButton text={link} label="Copy link" />
      <label htmlFor="share-live-link">Link that asks the lookup again (with the shared layers)</label>
      <input id="share-live-link" readOnly value={liveLink} onFocus={(event) => event.currentTarget.select()} />
      <CopyButton text={liveLink} label="Copy the live link" />
      {left.length > 0 && (
        <p role="note">
          {left.length === 1 ? 'One added layer was' : `${left.length} added layers were`} left out: this browser no longer holds{' '}
          {left.length === 1 ? 'its answer' : 'their answers'}.
        </p>
      )}
    </div>
  );
}
