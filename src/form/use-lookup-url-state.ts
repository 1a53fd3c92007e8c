// The lookup page's state as the URL holds it (see url-state.ts for the format). Sending pushes a
// history entry, so back/forward move between queries and a reload or a copied link loses nothing.
// Changing the view (tab, sort, columns) replaces the current entry instead: back goes to the
// previous query, not through every tab clicked on the way, and the link still holds the view.
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LookupDefinition, Operation, Params } from '../lookups/define-lookup.ts';
import { findOperation } from '../lookups/define-lookup.ts';
import { applyViewChange, columnChoiceOf, type ViewChange, type ViewState } from '../results/view-state.ts';
import { rememberColumns, rememberedColumns, viewWithColumns } from './column-memory.ts';
import type { FormValues } from './form-values.ts';
import type { FieldErrors } from './validate-values.ts';
import {
  carryValues,
  operationSearch,
  paramsToValues,
  parseUrlQuery,
  readViewState,
  sentQuerySearch,
  STORED_KEY,
  viewQuery,
  withViewState,
} from './url-state.ts';

export interface LookupUrlState {
  operation: Operation;
  /** The form values the URL holds; a new object only when the URL's state changes. */
  urlValues: FormValues;
  /** Parameters of the sent, valid query in the URL; undefined when there is none. */
  submittedParams: Params | undefined;
  /** Field messages when the URL holds a sent query that is invalid. */
  urlErrors: FieldErrors | undefined;
  /**
   * How the answer is viewed (tab, sort, columns): the URL's, with the operation's key columns and,
   * when the URL names no columns, the choice remembered for this lookup and operation; a new object only when it changes.
   */
  view: ViewState;
  /** Changes the view in place (replaces the history entry). */
  changeView: (change: ViewChange) => void;
  /** The history entry whose stored answer the URL shows instead of sending its query (`stored`). */
  storedAnswerId: string | undefined;
  /** Leaves the stored answer for a fresh one: the same query and view without `stored` (a new history entry). */
  fetchFresh: () => void;
  /**
   * Records values as the sent query (a new history entry) with the current view. Returns false
   * when the URL already holds exactly this query, so the caller can run it again instead.
   */
  submit: (values: FormValues) => boolean;
  /** Sends parameters (the paging bar's neighbours). */
  navigate: (params: Params) => boolean;
  /** Switches operation with a fresh, unsent form, keeping the draft values both operations share. */
  changeOperation: (id: string, draft?: FormValues) => void;
}

/** History state of an unsent form: values carried over from the previous operation. */
interface CarriedDraft {
  draft: FormValues;
}

function carriedDraft(state: unknown): FormValues {
  const draft = (state as Partial<CarriedDraft> | null)?.draft;
  if (typeof draft !== 'object' || draft === null) return {};
  return Object.fromEntries(Object.entries(draft).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function useLookupUrlState(lookup: LookupDefinition): LookupUrlState {
  const location = useLocation();
  const routerNavigate = useNavigate();
  const { search, state, key } = location;
  const parsed = useMemo(() => parseUrlQuery(lookup, search), [lookup, search]);
  const { operation } = parsed;
  // A carried draft lives in its own history entry, so its identity follows that entry.
  const draftKey = parsed.sent ? '' : key;
  const urlValues = useMemo(
    () => (parsed.sent ? parsed.values : carryValues(carriedDraft(state), operation)),
    // `state` belongs to the entry named by draftKey; reading it without depending on it is deliberate.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [parsed, draftKey],
  );

  // Identity follows the view's text, so a new query with the same view keeps the same object.
  const viewText = viewQuery(readViewState(search));
  const urlView = useMemo(() => readViewState(viewText), [viewText]);
  // The viewer's view adds the operation's key columns and, when the URL names no columns, the
  // choice remembered in this browser; the URL itself keeps only what the person changed.
  const view = useMemo(
    () => viewWithColumns(urlView, operation.table?.keyColumns, rememberedColumns(lookup.id, operation.id)),
    [urlView, lookup.id, operation],
  );

  const changeView = useCallback(
    (change: ViewChange) => {
      if ('columns' in change) rememberColumns(lookup.id, operation.id, columnChoiceOf(change.columns));
      const next = withViewState(search, applyViewChange(urlView, change));
      if (next !== search) void routerNavigate({ search: next }, { replace: true, state });
    },
    [lookup.id, operation.id, search, state, urlView, routerNavigate],
  );

  const storedAnswerId = useMemo(() => new URLSearchParams(search).get(STORED_KEY) || undefined, [search]);

  const submit = useCallback(
    (values: FormValues) => {
      const next = sentQuerySearch(lookup, operation, values);
      const current = parsed.sent ? sentQuerySearch(lookup, operation, parsed.values) : undefined;
      // Over a stored answer the same query is new: it leaves the stored answer and is sent.
      if (next === current && !storedAnswerId) return false;
      // The view goes with the new query: paging on keeps the tab, the sort and the columns.
      void routerNavigate({ search: withViewState(next, urlView) });
      return true;
    },
    [lookup, operation, parsed, urlView, routerNavigate, storedAnswerId],
  );

  const fetchFresh = useCallback(() => {
    if (parsed.sent) void routerNavigate({ search: withViewState(sentQuerySearch(lookup, operation, parsed.values), urlView) });
  }, [lookup, operation, parsed, urlView, routerNavigate]);

  const navigate = useCallback((params: Params) => submit(paramsToValues(operation, params)), [operation, submit]);

  const changeOperation = useCallback(
    (id: string, draft: FormValues = {}) => {
      const to = findOperation(lookup, id);
      if (to === operation) return;
      const carried: CarriedDraft = { draft: carryValues(draft, to) };
      void routerNavigate({ search: operationSearch(lookup, to) }, { state: carried });
    },
    [lookup, operation, routerNavigate],
  );

  return {
    operation,
    urlValues,
    submittedParams: parsed.submittedParams,
    urlErrors: parsed.urlErrors,
    view,
    changeView,
    storedAnswerId,
    fetchFresh,
    submit,
    navigate,
    changeOperation,
  };
}
