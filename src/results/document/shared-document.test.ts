// One document per answer, shared by the tabs: the same body gives the same document (and what the
// boxes showed); a document no tab shows closes after a while; newer answers push old ones out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllDocuments, IDLE_CLOSE_MS, retainDocument, sharedDocument } from './shared-document.ts';

const source = (value: unknown) => ({ value, text: () => JSON.stringify(value), size: 10 });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  closeAllDocuments();
  vi.useRealTimers();
});

describe('shared documents', () => {
  it('gives the same document, and its memory, for the same body', () => {
    const body = { a: 1 };
    const first = sharedDocument(source(body));
    first.remember({ query: '$.a' });
    expect(sharedDocument(source(body))).toBe(first);
    expect(sharedDocument(source(body)).memory.query).toBe('$.a');
    expect(sharedDocument(source({ a: 1 }))).not.toBe(first);
  });

  it('closes a document no tab shows after the idle time, and keeps one that is shown', () => {
    const shown = sharedDocument(source({ shown: true }));
    const letGo = retainDocument(shown);
    const hidden = sharedDocument(source({ hidden: true }));
    const closeHidden = vi.spyOn(hidden.document, 'close');
    const closeShown = vi.spyOn(shown.document, 'close');
    vi.advanceTimersByTime(IDLE_CLOSE_MS + 1);
    expect(closeHidden).toHaveBeenCalledOnce();
    expect(closeShown).not.toHaveBeenCalled();
    // Let go, then held again before the time is up (a tab switch): still open.
    letGo();
    vi.advanceTimersByTime(IDLE_CLOSE_MS / 2);
    const again = retainDocument(shown);
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(closeShown).not.toHaveBeenCalled();
    again();
    vi.advanceTimersByTime(IDLE_CLOSE_MS + 1);
    expect(closeShown).toHaveBeenCalledOnce();
  });

  it('closes documents nobody holds when newer answers arrive, keeping two', () => {
    const closed: number[] = [];
    const open = (n: number) => {
      const doc = sharedDocument(source({ n }));
      vi.spyOn(doc.document, 'close').mockImplementation(() => closed.push(n));
      return doc;
    };
    open(1);
    open(2);
    expect(closed).toEqual([]);
    open(3);
    expect(closed).toEqual([1]);
    const held = retainDocument(open(4));
    open(5);
    open(6);
    // 4 is shown, so it stays though older than 5.
    expect(closed).toEqual([1, 2, 3, 5]);
    held();
  });
});
