// Whether a request is a browser opening a page (not a script's fetch of data): the app answers
// it, so `/jobs` typed in the address bar gets the Jobs page while the page's fetch of `/jobs`
// gets the list. A browser says so in Sec-Fetch-Mode; one too old to send it asks for HTML.
import type { IncomingMessage } from 'node:http';

export function isPageNavigation(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const mode = req.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return String(req.headers.accept ?? '').includes('text/html');
}
