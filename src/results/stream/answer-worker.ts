// The Web Worker that reads a big answer off the page's thread (reader-session.ts).
import { loadLookupBySlug } from '../../lookups/lookup-loaders.ts';
import { ReaderSession } from './reader-session.ts';
import type { ToReader } from './stream-protocol.ts';

const session = new ReaderSession(
  (message) => self.postMessage(message),
  async (slug, operationId) => (await loadLookupBySlug(slug))?.operations.find((operation) => operation.id === operationId),
);
self.addEventListener('message', (event: MessageEvent<ToReader>) => session.handle(event.data));
