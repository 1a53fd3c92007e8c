// Answers the page has shown but not yet written to History when the page goes away (a reload, a
// link that loads a new page): the write is asynchronous (the recorder loads lazily, IndexedDB),
// and a page being unloaded finishes none of it. So they are kept in sessionStorage, which is
// synchronous and outlives the page in its tab, and the next page writes them. A large answer, or
// one the proxy says it sent unmasked while masking is on, keeps its metadata only, so the stash
// stays small and holds no personal data History would not keep (the next page applies History's
// own rule, which knows the lookup, to the rest).
import type { AnswerEvent } from '../../api/answer-events.ts';

const STASH_KEY = 'lookup-explorer:history-pending';
/**
 * WIRE_HEADERS.masked (lookups/wire.ts), written out: importing wire.ts would load its chunk (with
 * zod and the lookup page's code) on every page to read one header.
 */
export const MASKED_HEADER = 'x-lookup-masked';
/** An answer larger than this (as received) is stashed without its body. */
export const STASH_BODY_BYTES = 1024 * 1024;
/** The stash as a whole stays under this many characters (sessionStorage holds about 5 million). */
const STASH_MAX_CHARS = 3 * 1024 * 1024;

export interface PendingAnswer {
  event: AnswerEvent;
  /** The masking preference when the answer arrived. */
  maskingOn: boolean;
  /** The body was left out of the stash: the entry is written with its metadata only. */
  bodyDropped?: true;
}

/** Whether the proxy says it sent this answer unmasked (it says so on the JSON answers of lookups with personal data). */
function saysUnmasked(event: AnswerEvent): boolean {
  return event.response?.headers.some(([name, value]) => name.toLowerCase() === MASKED_HEADER && value === 'false') === true;
}

/** The answer without its body: what History keeps when it keeps metadata only. */
function withoutBody(pending: PendingAnswer): PendingAnswer {
  const { response } = pending.event;
  if (!response) return pending;
  const { parseError: _parseError, streamed: _streamed, ...rest } = response;
  return { ...pending, event: { ...pending.event, response: { ...rest, text: '', body: undefined } }, bodyDropped: true };
}

/** Adds `answers` to the tab's stash (after any not yet taken); what does not fit goes without its body, or not at all. */
export function stashPending(answers: Iterable<PendingAnswer>, storage: Storage = sessionStorage): void {
  const kept = takeStashed(storage).map((pending) => JSON.stringify(pending));
  let chars = kept.reduce((sum, text) => sum + text.length, 0);
  for (const pending of answers) {
    const { response } = pending.event;
    const bodyAllowed =
      response !== undefined && response.sizeBytes <= STASH_BODY_BYTES && !(pending.maskingOn && saysUnmasked(pending.event));
    let text = JSON.stringify(bodyAllowed ? pending : withoutBody(pending));
    if (chars + text.length > STASH_MAX_CHARS && bodyAllowed) text = JSON.stringify(withoutBody(pending));
    if (chars + text.length > STASH_MAX_CHARS) continue;
    kept.push(text);
    chars += text.length;
  }
  if (kept.length === 0) return;
  try {
    storage.setItem(STASH_KEY, `[${kept.join(',')}]`);
  } catch {
    // Storage full or refused: these answers are lost, as they were before the stash.
  }
}

function isPending(value: unknown): value is PendingAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { event, maskingOn } = value as Partial<PendingAnswer>;
  return (
    typeof maskingOn === 'boolean' &&
    typeof event === 'object' &&
    event !== null &&
    typeof event.lookupId === 'string' &&
    typeof event.operationId === 'string' &&
    typeof event.sentAt === 'number'
  );
}

/** The answers an earlier page in this tab stashed, taken (the stash is emptied). */
export function takeStashed(storage: Storage = sessionStorage): PendingAnswer[] {
  let text: string | null;
  try {
    text = storage.getItem(STASH_KEY);
    if (text !== null) storage.removeItem(STASH_KEY);
  } catch {
    return [];
  }
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isPending) : [];
  } catch {
    return [];
  }
}

/** The tab's sessionStorage, or undefined where reading it throws (a sandboxed frame, storage refused). */
function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Stashes the answers in `pending` when the page goes away (not into the back-forward cache: a page
 * kept there finishes its writes when it comes back), and hands each answer an earlier page left
 * to `writeStashed`. Returns the function that stops watching.
 */
export function carryPendingAnswers(
  pending: ReadonlySet<PendingAnswer>,
  writeStashed: (answer: PendingAnswer) => void,
  storage: Storage | undefined = tabStorage(),
): () => void {
  if (!storage) return () => undefined;
  const onPageHide = (event: PageTransitionEvent) => {
    if (!event.persisted && pending.size > 0) stashPending(pending, storage);
  };
  addEventListener('pagehide', onPageHide);
  for (const answer of takeStashed(storage)) writeStashed(answer);
  return () => removeEventListener('pagehide', onPageHide);
}
