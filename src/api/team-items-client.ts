// The team server's workspace items for the page (issue 35): list, read, create, edit and delete
// against /team/items, every answer checked with the wire's schemas (team-wire.ts), every refusal
// turned into words: a stale edit (409) carries both versions so the page can show them side by
// side, a quota (429) says which, and 401/403/404 say plainly what they mean.
import { queryOptions, useInfiniteQuery, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  quotaRefusalSchema,
  staleEditSchema,
  TEAM_ITEMS_PATH,
  teamItemListSchema,
  teamItemSchema,
  type CreateItem,
  type EditItem,
  type ItemScope,
  type QuotaRefusal,
  type StaleEdit,
  type TeamItem,
  type TeamItemKind,
  type TeamItemList,
} from '../lookups/team-wire.ts';
import { useJobsQueryClient } from './jobs-client.ts';

/** A refusal of the workspace API, in words; `status` is the HTTP status (0: the server was not reached). */
export class TeamItemsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'TeamItemsError';
  }
}

/** 409: the item changed since the version the edit (or delete) was made from. */
export class StaleEditError extends TeamItemsError {
  readonly current: TeamItem;
  readonly yours: StaleEdit['yours'];
  constructor(stale: StaleEdit) {
    super(stale.error.message || `Someone changed this item since you opened it: ${stale.current.owner}'s version is newer.`, 409);
    this.name = 'StaleEditError';
    this.current = stale.current;
    this.yours = stale.yours;
  }
}

/** 429: a per-user quota would be passed; the server's words say which. */
export class QuotaError extends TeamItemsError {
  readonly quota: QuotaRefusal['error']['quota'];
  readonly limit: number;
  readonly used: number;
  constructor(refusal: QuotaRefusal) {
    super(refusal.error.message, 429);
    this.name = 'QuotaError';
    this.quota = refusal.error.quota;
    this.limit = refusal.error.limit;
    this.used = refusal.error.used;
  }
}

const PLAIN_REFUSALS: Record<number, string> = {
  401: 'You are not signed in (or your session ended): sign in again and retry.',
  403: 'Only its owner or an admin may change this item.',
  404: 'This item is not on the server: it was deleted, or it is private to someone else.',
};

async function bodyOf(response: Response): Promise<unknown> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return undefined;
  return response.json().catch(() => undefined);
}

/** The refusal a non-2xx answer stands for. */
async function refusal(response: Response, what: string): Promise<TeamItemsError> {
  const body = await bodyOf(response);
  if (response.status === 409) {
    const stale = staleEditSchema.safeParse(body);
    if (stale.success) return new StaleEditError(stale.data);
  }
  if (response.status === 429) {
    const quota = quotaRefusalSchema.safeParse(body);
    if (quota.success) return new QuotaError(quota.data);
    return new TeamItemsError(`${what}: a limit of your account was reached (HTTP 429).`, 429);
  }
  const plain = PLAIN_REFUSALS[response.status];
  if (plain) return new TeamItemsError(plain, response.status);
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return new TeamItemsError(
    typeof message === 'string' && message ? `${what}: ${message}` : `${what}: the server answered HTTP ${response.status}.`,
    response.status,
  );
}

/** The answer when 2xx; otherwise the refusal it stands for, thrown. */
async function request(url: string, init: RequestInit, what: string): Promise<Response> {
  const headers = { accept: 'application/json', ...(init.body !== undefined && { 'content-type': 'application/json' }) };
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new TeamItemsError(`${what}: the server could not be reached.`, 0);
  }
  if (!response.ok) throw await refusal(response, what);
  return response;
}

async function send<S extends z.ZodType>(url: string, init: RequestInit, schema: S, what: string): Promise<z.output<S>> {
  const response = await request(url, init, what);
  const parsed = schema.safeParse(await bodyOf(response));
  if (!parsed.success) throw new TeamItemsError(`${what}: the server's answer is not a workspace item.`, response.status);
  return parsed.data;
}

const itemUrl = (id: string) => `${TEAM_ITEMS_PATH}/${encodeURIComponent(id)}`;
const withSignal = (signal?: AbortSignal): RequestInit => (signal ? { signal } : {});

export interface ListRequest {
  scope: ItemScope;
  kind?: TeamItemKind;
  /** With kind query: the saved queries of this lookup (the user's own, or the team's). */
  lookup?: string;
  cursor?: string;
}

/** One page of the user's own items (scope mine) or of every team item (scope team), newest edit first. */
export function listTeamItems({ scope, kind, lookup, cursor }: ListRequest, signal?: AbortSignal): Promise<TeamItemList> {
  const query = new URLSearchParams({ scope, ...(kind && { kind }), ...(lookup && { lookup }), ...(cursor && { cursor }) });
  return send(`${TEAM_ITEMS_PATH}?${query}`, withSignal(signal), teamItemListSchema, 'The workspace items');
}

export function getTeamItem(id: string, signal?: AbortSignal): Promise<TeamItem> {
  return send(itemUrl(id), withSignal(signal), teamItemSchema, 'The item');
}

export function createTeamItem(item: CreateItem): Promise<TeamItem> {
  return send(TEAM_ITEMS_PATH, { method: 'POST', body: JSON.stringify(item) }, teamItemSchema, 'Saving on the server');
}

export function editTeamItem(id: string, edit: EditItem): Promise<TeamItem> {
  return send(itemUrl(id), { method: 'PUT', body: JSON.stringify(edit) }, teamItemSchema, 'The edit');
}

/** Deletes the item as of `version` (409 when it changed since). */
export async function deleteTeamItem(id: string, version: number): Promise<void> {
  await request(`${itemUrl(id)}?version=${version}`, { method: 'DELETE' }, 'Deleting');
}

const ITEMS_KEY = 'team-items';

export const teamItemQuery = (id: string) =>
  queryOptions({ queryKey: [ITEMS_KEY, 'item', id] as const, queryFn: ({ signal }) => getTeamItem(id, signal), retry: false });

/** Pages of a list, each fetched when asked (`fetchNextPage`). */
export function useTeamItemList(scope: ItemScope, kind?: TeamItemKind, enabled = true) {
  return useInfiniteQuery(
    {
      queryKey: [ITEMS_KEY, 'list', scope, kind ?? 'all'] as const,
      queryFn: ({ pageParam, signal }) => listTeamItems({ scope, ...(kind && { kind }), ...(pageParam && { cursor: pageParam }) }, signal),
      initialPageParam: '',
      getNextPageParam: (page) => page.next,
      retry: false,
      enabled,
    },
    useJobsQueryClient(),
  );
}

/**
 * The most recent saved queries on the server, the user's own (mine) or the team's, of one lookup
 * or of all: the first page, for a page's preview.
 */
export function useRecentTeamQueries(scope: ItemScope, lookup: string | undefined) {
  return useQuery(
    {
      queryKey: [ITEMS_KEY, 'list', scope, 'query', lookup ?? 'all', 'first'] as const,
      queryFn: ({ signal }) => listTeamItems({ scope, kind: 'query', ...(lookup && { lookup }) }, signal),
      retry: false,
    },
    useJobsQueryClient(),
  );
}

export function useTeamItem(id: string) {
  return useQuery(teamItemQuery(id), useJobsQueryClient());
}

/** After any change, every list and the item itself are read again. */
const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: [ITEMS_KEY] });

export function useCreateTeamItem() {
  const client = useJobsQueryClient();
  return useMutation({ mutationFn: createTeamItem, onSuccess: () => refresh(client) }, client);
}

export function useEditTeamItem() {
  const client = useJobsQueryClient();
  return useMutation(
    { mutationFn: ({ id, edit }: { id: string; edit: EditItem }) => editTeamItem(id, edit), onSuccess: () => refresh(client) },
    client,
  );
}

export function useDeleteTeamItem() {
  const client = useJobsQueryClient();
  return useMutation(
    { mutationFn: ({ id, version }: { id: string; version: number }) => deleteTeamItem(id, version), onSuccess: () => refresh(client) },
    client,
  );
}
