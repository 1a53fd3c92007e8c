// What the page and the document worker say to each other.
import type { DocumentReply, DocumentRequest } from './document-session.ts';

export type ToDocumentWorker = { type: 'load'; text: string } | { type: 'ask'; id: number; request: DocumentRequest };

export type FromDocumentWorker =
  | { type: 'loaded'; parseMs: number }
  | { type: 'failed'; message: string }
  | { type: 'reply'; id: number; reply?: DocumentReply; error?: string };
