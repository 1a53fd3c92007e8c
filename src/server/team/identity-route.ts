// `GET /me` (issue 35): who the access gate let in, for the page's header and the workspace. It runs
// after the gate, so a session cookie, a Bearer token (tokens file or OAuth) or the trusted user
// header names the user; without one the gate has already answered 401. A server without an access
// mode has no /me route at all: its 404 keeps the page local-first (api/identity-client.ts).
import { IDENTITY_PATH, identitySchema } from '../../lookups/team-wire.ts';
import type { ChainHandler } from '../http/handler-types.ts';
import { refusal, sendRefusal } from '../http/refusal.ts';
import { createRoutes } from '../http/routes.ts';
import { sendJson } from '../http/send-json.ts';
import type { AccessConfig } from './access-config.ts';
import { userOf } from './access.ts';

/** /me on a team server: 200 {user, admin}; the gate in front answers 401 when nobody is signed in. */
export function createIdentityRoutes(access: AccessConfig): ChainHandler {
  return createRoutes({
    [IDENTITY_PATH]: {
      GET: (req, res) => {
        const user = userOf(req);
        // The gate lets nobody through here unnamed; were it ever to, say so rather than name someone.
        if (!user) return sendRefusal(res, refusal(401, 'unauthenticated', 'Sign in first'));
        sendJson(res, 200, identitySchema.parse({ user, admin: access.isAdmin?.(user) ?? false }));
      },
    },
  });
}
