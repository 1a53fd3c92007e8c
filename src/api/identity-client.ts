// Who is signed in to a team server (issue 35), for the header's menu and the workspace's team
// features. A single-user server answers 404 to /me, and so does an older team server: either way
// the page has no identity and stays local-first. Any other failure also reads as "no identity",
// so a flaky /me never breaks a page; the header simply shows no menu.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { IDENTITY_PATH, type Identity, identitySchema } from '../lookups/team-wire.ts';
import { useJobsQueryClient } from './jobs-client.ts';
import { useLookupConfig } from './lookup-config-query.ts';

export type { Identity };

/** The signed-in user, or null where the server has no team (404), no one is signed in (401), or the answer is not one. */
export async function fetchIdentity(signal?: AbortSignal): Promise<Identity | null> {
  try {
    const response = await fetch(IDENTITY_PATH, { headers: { accept: 'application/json' }, ...(signal && { signal }) });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return null;
    const parsed = identitySchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const identityQuery = queryOptions({
  queryKey: ['identity'] as const,
  queryFn: ({ signal }) => fetchIdentity(signal),
  staleTime: Infinity,
  retry: false,
});

/**
 * The signed-in user on a team server; null on a single-user server (and while it is being asked).
 * /me is asked only once /lookup-config.json says someone is signed in: a single-user server is
 * never sent a request it would answer 404 (which the browser reports as a console error).
 */
export function useIdentity(): Identity | null {
  const signedIn = useLookupConfig().data?.signedIn === true;
  const query = useQuery({ ...identityQuery, enabled: signedIn }, useJobsQueryClient());
  return signedIn ? (query.data ?? null) : null;
}
