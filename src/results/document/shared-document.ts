// One document per answer, shared by the Tree and Raw tabs: switching tabs keeps the worker (and
// what was typed in the boxes) instead of sending 100 MB again. A document nobody shows is closed
// after a while, and at once when newer answers push it out.
import { useEffect, useMemo } from 'react';
import { openAnswerDocument, type AnswerDocument, type DocumentSource } from './answer-document.ts';
import type { MatchReply } from './document-session.ts';

/** What the boxes showed, so the other tab (or coming back) shows the same. */
export interface PanelMemory {
  query: string;
  find: string;
  shown?: { kind: 'query' | 'find'; asked: string; reply: MatchReply & { ok: true } };
}

export interface SharedDocument {
  /** Different for every document opened: a key for what shows one document's results. */
  readonly id: number;
  readonly value: unknown;
  readonly document: AnswerDocument;
  readonly memory: Readonly<PanelMemory>;
  /** Keeps what the boxes show for the other tab. */
  remember(patch: Partial<PanelMemory>): void;
}

interface Entry extends SharedDocument {
  memory: PanelMemory;
  users: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** A document no tab shows is closed after this long (a tab switch or a re-render takes far less). */
export const IDLE_CLOSE_MS = 60_000;
/** Documents kept open at most (the current answer and the previous one). */
const KEPT = 2;
const entries: Entry[] = [];
let opened = 0;

function close(entry: Entry) {
  clearTimeout(entry.timer);
  entry.document.close();
  entries.splice(entries.indexOf(entry), 1);
}

function idle(entry: Entry) {
  clearTimeout(entry.timer);
  entry.timer = setTimeout(() => {
    if (entry.users === 0 && entries.includes(entry)) close(entry);
  }, IDLE_CLOSE_MS);
}

/** The answer's document, opened on first ask. Safe to call while rendering: the same value gives the same document. */
export function sharedDocument(source: DocumentSource): SharedDocument {
  const found = entries.find((entry) => entry.value === source.value);
  if (found) return found;
  const entry: Entry = {
    id: (opened += 1),
    value: source.value,
    document: openAnswerDocument(source),
    memory: { query: '', find: '' },
    remember: (patch) => Object.assign(entry.memory, patch),
    users: 0,
    timer: undefined,
  };
  entries.push(entry);
  // Until a tab holds it (a render React discards never does), it counts as idle.
  idle(entry);
  for (const old of entries.filter((other) => other.users === 0 && other !== entry).slice(0, Math.max(0, entries.length - KEPT)))
    close(old);
  return entry;
}

/** Marks the document as shown; the returned function lets go of it. */
export function retainDocument(shared: SharedDocument): () => void {
  const entry = shared as Entry;
  entry.users += 1;
  clearTimeout(entry.timer);
  return () => {
    entry.users -= 1;
    if (entry.users === 0) idle(entry);
  };
}

/** Closes every document (tests). */
export function closeAllDocuments() {
  for (const entry of [...entries]) close(entry);
}

/**
 * The document of an answer's body for the component that shows it. `ownText` is the answer's own
 * text when it is exactly this body (then nothing is stringified); `size` its length in characters.
 */
export function useAnswerDocument(value: unknown, ownText: string | undefined, size: number): SharedDocument {
  const shared = useMemo(() => sharedDocument({ value, size, text: () => ownText ?? JSON.stringify(value) }), [value, ownText, size]);
  useEffect(() => retainDocument(shared), [shared]);
  return shared;
}
