// Signing out of a team server: a real form POST to /sign-out from this page (the browser sends
// Origin, which the CSRF guard wants), which ends the session in the shared store, so every
// instance refuses the cookie, and answers 303 to the sign-in page. A form, not fetch: the
// browser follows the redirect as a navigation, leaving nothing of the signed-in page behind.
import { SIGN_OUT_PATH } from '../lookups/team-wire.ts';

export { SIGN_OUT_PATH };

/** Submits the sign-out form (the palette's "Sign out"; the header's menu renders the form itself). */
export function submitSignOut(doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = SIGN_OUT_PATH;
  form.hidden = true;
  doc.body.append(form);
  form.submit();
}
