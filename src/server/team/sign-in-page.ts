// The sign-in page, rendered on the server: a plain HTML form that posts the token back to
// /sign-in (no script: the page's policy allows none, and needs none). Its own
// Content-Security-Policy allows only its one inline stylesheet (by hash) and posting to itself.
import { createHash } from 'node:crypto';

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f5f7;color:#1b1f24}
main{background:#fff;border:1px solid #d0d5dc;border-radius:8px;padding:2rem;max-width:24rem;width:calc(100% - 4rem)}
h1{font-size:1.4rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=password]{box-sizing:border-box;width:100%;font:inherit;padding:.5rem;border:1px solid #6b7480;border-radius:4px}
button,a.button{font:inherit;margin-top:1rem;padding:.5rem 1rem;border:0;border-radius:4px;background:#1f5fbf;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
:focus-visible{outline:3px solid #f0a800;outline-offset:2px}
.error{color:#a4161a;margin:.5rem 0 0}
.hint{color:#4a525c;font-size:.9rem}
`;

export const SIGN_IN_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Lookup Explorer</title>${head}
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface SignInFormOptions {
  /** Where to go after signing in (a path of this site). */
  next: string;
  /** Shown at the field when the last try failed. */
  error?: string;
}

export function signInFormPage({ next, error }: SignInFormOptions): string {
  const described = error ? ' aria-describedby="token-error" aria-invalid="true"' : '';
  return page(
    'Sign in',
    `<h1>Sign in to Lookup Explorer</h1>
<form method="post" action="/sign-in">
<input type="hidden" name="next" value="${escapeHtml(next)}">
<label for="token">Access token</label>
<input type="password" id="token" name="token" required autocomplete="current-password" autofocus${described}>
${error ? `<p class="error" id="token-error" role="alert">${escapeHtml(error)}</p>\n` : ''}<p class="hint">Your token is in the access list your administrator keeps (LOOKUP_ACCESS_TOKENS_FILE).</p>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** `canSignOut`: the user has a session here (one named by the proxy or a Bearer token has none to end). */
export function signedInPage(user: string, next: string, canSignOut: boolean): string {
  const signOut = canSignOut ? '\n<form method="post" action="/sign-out">\n<button type="submit">Sign out</button>\n</form>' : '';
  return page(
    'Signed in',
    `<h1>Signed in as ${escapeHtml(user)}</h1>
<p><a class="button" href="${escapeHtml(next)}">Continue to Lookup Explorer</a></p>${signOut}`,
  );
}

/** With only a signing-in proxy configured there is no form: the proxy names the user. */
export function proxySignInPage(): string {
  return page(
    'Sign in',
    `<h1>Sign in through your proxy</h1>
<p>This server learns who you are from the signing-in proxy in front of it. Open Lookup Explorer at the address your team uses, through that proxy.</p>`,
  );
}

/**
 * A browser arriving from another site does not send the SameSite=Strict cookie, so a signed-in
 * user following a link would land here: this page goes on to `next` as a same-site navigation,
 * which sends it (no script: a meta refresh). Without a session, `next` sends the browser back
 * here, now same-origin, and the form is shown.
 */
export function continuePage(next: string): string {
  const target = escapeHtml(next);
  return page(
    'Continue',
    `<h1>Lookup Explorer</h1>
<p><a class="button" href="${target}">Continue</a></p>`,
    `\n<meta http-equiv="refresh" content="0; url=${target}">`,
  );
}
