// What the document worker does with each message, apart from the worker itself so the tests can
// drive the same code behind a stand-in Worker.
import { DocumentSession } from './document-session.ts';
import type { FromDocumentWorker, ToDocumentWorker } from './document-protocol.ts';

export function documentWorkerHandler(post: (message: FromDocumentWorker) => void): (message: ToDocumentWorker) => void {
  let session: DocumentSession | undefined;
  return (message) => {
    if (message.type === 'load') {
      const started = performance.now();
      try {
        session = new DocumentSession(JSON.parse(message.text));
        post({ type: 'loaded', parseMs: performance.now() - started });
      } catch (error) {
        post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
      return;
    }
    if (!session) {
      post({ type: 'reply', id: message.id, error: 'The document is not loaded.' });
      return;
    }
    try {
      // The page keeps what it asked for (the pretty text too), so nothing here is kept twice.
      post({ type: 'reply', id: message.id, reply: session.handle(message.request) });
    } catch (error) {
      post({ type: 'reply', id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  };
}
