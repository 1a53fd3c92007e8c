// Splits a JSON text that arrives in pieces into the elements of its records array and the rest
// (the skeleton: the body with that array empty), so each batch of records is parsed by the
// engine's native JSON.parse as soon as it is complete. The splitter only scans: it follows
// strings, depth and the path of the array being opened, and asks `isRecords` (which runs the
// lookup's records adapter on the body read so far) whether that array holds the records.
// A general streaming parser (@streamparser/json) builds every value in JavaScript, a character at
// a time: measured 20 to 30 times slower than JSON.parse on an L answer, it could not keep up with
// a local download (docs/performance.md, "Big answers").
//
// It never decides what is valid JSON: a body it cannot follow is left whole (`end()` says so)
// and the engine parses the whole text, as the page always did.

export type PathKey = string | number;

/** Whether the array that just opened at `path` holds the records; `bodySoFar` is the text read so far, closed. */
export type RecordsProbe = (bodySoFar: unknown, path: readonly PathKey[]) => boolean;

/** Complete records since the last take: their text, comma-separated (no brackets), and how many. */
export interface RecordsText {
  text: string;
  count: number;
}

export type SplitOutcome =
  /** The records array was found and closed: the skeleton (the body with it empty) and where it is. */
  | { kind: 'split'; skeleton: string; path: readonly PathKey[] }
  /** Never found, not followed, or not well formed: parse the whole text. */
  | { kind: 'whole' };

export interface SplitterOptions {
  isRecords: RecordsProbe;
  /** Stop looking for the records once this much text came before them (the probes parse it). */
  probeLimitChars?: number;
  /** At most this many arrays are offered to `isRecords`. */
  probeLimit?: number;
}

interface Frame {
  object: boolean;
  /** The current key (object) or index (array): the path of the value being read in it. */
  at: PathKey;
  /** An object waiting for a key (after `{` or `,`). */
  expectKey: boolean;
}

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
const SPACE = 0x20;

export const isSpace = (code: number) => code === SPACE || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * Where the string that is open at `from` ends in `text` (the index of its closing quote), or -1
 * when it goes on past this piece; `escaped` says a backslash ended the previous piece.
 * Jumps from quote to quote with indexOf: most of a body's characters are inside strings.
 */
function stringEnd(text: string, from: number, escaped: boolean): { end: number; escaped: boolean } {
  let at = from;
  if (escaped) {
    if (at >= text.length) return { end: -1, escaped: true };
    at += 1;
  }
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) {
      let backslashes = 0;
      for (let k = text.length - 1; k >= at && text.charCodeAt(k) === BACKSLASH; k -= 1) backslashes += 1;
      return { end: -1, escaped: backslashes % 2 === 1 };
    }
    let backslashes = 0;
    for (let k = quote - 1; k >= at && text.charCodeAt(k) === BACKSLASH; k -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return { end: quote, escaped: false };
    at = quote + 1;
  }
}

const closerOf = (frame: Frame) => (frame.object ? '}' : ']');

export class JsonSplitter {
  private mode: 'seek' | 'records' | 'after' | 'whole' = 'seek';
  private readonly frames: Frame[] = [];
  private inString = false;
  private escaped = false;
  /** The key being read (seek mode): its pieces so far, the quotes included. */
  private keyParts: string[] | undefined;
  private readonly skeleton: string[] = [];
  private skeletonChars = 0;
  private probes = 0;
  private path: PathKey[] = [];
  /** Closers of the arrays and objects around the records array, innermost first. */
  private outerClosers = '';
  /** The skeleton's length right after the records array closed (what a stop keeps). */
  private closedAt = -1;
  // Inside the records array:
  private depth = 0;
  private elementOpen = false;
  private afterComma = false;
  private pending: string[] = [];
  private pendingChars = 0;
  /** The end of the last complete element in the pending text, -1 when none is complete. */
  private boundary = -1;
  private complete = 0;
  private readonly probeLimitChars: number;
  private readonly probeLimit: number;

  constructor(private readonly options: SplitterOptions) {
    this.probeLimitChars = options.probeLimitChars ?? 1024 * 1024;
    this.probeLimit = options.probeLimit ?? 256;
  }

  /** The next piece of the text. */
  feed(text: string): void {
    let at = 0;
    while (at < text.length) {
      if (this.mode === 'seek') at = this.seek(text, at);
      else if (this.mode === 'records') at = this.records(text, at);
      else {
        if (this.mode === 'after') this.keep(at === 0 ? text : text.slice(at));
        return;
      }
    }
  }

  /**
   * Like feed, but stops where the records array opens: the text after its `[` is given back for
   * the caller to read (it calls recordsClosed at the array's end); undefined while it has not
   * opened, or once the text is left whole.
   */
  feedToRecords(text: string): string | undefined {
    if (this.mode !== 'seek') return undefined;
    const at = this.seek(text, 0);
    // seek changes the mode when it finds the array (TypeScript cannot see that).
    return (this.mode as JsonSplitter['mode']) === 'records' ? text.slice(at) : undefined;
  }

  /** The caller read the records array to its `]` (after feedToRecords): what follows is fed as usual. */
  recordsClosed(): void {
    if (this.mode !== 'records') throw new Error('the records array is not open');
    this.mode = 'after';
    this.keep(']');
    this.closedAt = this.skeletonChars;
  }

  /** Where the records array is, once found. */
  recordsPath(): readonly PathKey[] | undefined {
    return this.mode === 'records' || this.mode === 'after' ? this.path : undefined;
  }

  /** How much text came after the records array closed (0 before): what the skeleton holds past it. */
  charsAfterRecords(): number {
    return this.mode === 'after' ? this.skeletonChars - this.closedAt : 0;
  }

  /** The records completed since the last take, or undefined when none is. */
  take(): RecordsText | undefined {
    if (this.complete === 0 || this.boundary < 0) return undefined;
    const joined = this.pending.length === 1 ? this.pending[0]! : this.pending.join('');
    const text = joined.slice(0, this.boundary);
    // Past the boundary: the comma that ended the last element, then the next one's beginning.
    const rest = this.mode === 'records' ? joined.slice(this.boundary + 1) : '';
    const taken = { text, count: this.complete };
    this.pending = rest ? [rest] : [];
    this.pendingChars = rest.length;
    this.boundary = -1;
    this.complete = 0;
    return taken;
  }

  /** The text is complete: the skeleton and the records' path, or "whole". Take the last records first. */
  end(): SplitOutcome {
    if (this.mode !== 'after') return { kind: 'whole' };
    return { kind: 'split', skeleton: this.skeleton.join(''), path: this.path };
  }

  /**
   * The body as far as it arrived, closed, with the records array empty (its complete records are
   * what `take` gave); undefined before the records array opened or once the text is left whole.
   */
  partial(): { skeleton: string; path: readonly PathKey[] } | undefined {
    if (this.mode === 'records') return { skeleton: `${this.skeleton.join('')}]${this.outerClosers}`, path: this.path };
    if (this.mode === 'after')
      return { skeleton: `${this.skeleton.join('').slice(0, this.closedAt)}${this.outerClosers}`, path: this.path };
    return undefined;
  }

  private keep(text: string): void {
    if (text === '') return;
    this.skeleton.push(text);
    this.skeletonChars += text.length;
  }

  private giveUp(): void {
    this.mode = 'whole';
    this.skeleton.length = 0;
    this.pending = [];
    this.boundary = -1;
    this.complete = 0;
  }

  /** Before the records array: follows keys and indices, and offers each array opened to the probe. */
  private seek(text: string, from: number): number {
    const { frames } = this;
    let at = from;
    while (at < text.length) {
      if (this.inString) {
        const found = stringEnd(text, at, this.escaped);
        if (found.end === -1) {
          this.escaped = found.escaped;
          this.keyParts?.push(text.slice(at));
          break;
        }
        this.inString = false;
        this.escaped = false;
        if (this.keyParts) {
          this.keyParts.push(text.slice(at, found.end + 1));
          if (!this.readKey()) return this.leaveWhole();
        }
        at = found.end + 1;
        continue;
      }
      const code = text.charCodeAt(at);
      const top = frames[frames.length - 1];
      if (code === QUOTE) {
        this.inString = true;
        this.keyParts = top?.object && top.expectKey ? ['"'] : undefined;
        at += 1;
        continue;
      }
      if (code === OPEN_OBJECT) frames.push({ object: true, at: '', expectKey: true });
      else if (code === OPEN_ARRAY) {
        frames.push({ object: false, at: 0, expectKey: false });
        if (this.offer(text, from, at)) return at + 1;
        if (this.mode === 'whole') return text.length;
      } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) frames.pop();
      else if (code === COMMA && top) {
        if (top.object) top.expectKey = true;
        else top.at = (top.at as number) + 1;
      }
      at += 1;
    }
    this.keep(text.slice(from));
    return text.length;
  }

  private leaveWhole(): number {
    this.giveUp();
    return Number.POSITIVE_INFINITY;
  }

  /** A key was read: it names the value that follows in the innermost object. */
  private readKey(): boolean {
    const raw = this.keyParts!.join('');
    this.keyParts = undefined;
    const top = this.frames[this.frames.length - 1]!;
    try {
      top.at = JSON.parse(raw) as string;
    } catch {
      return false;
    }
    top.expectKey = false;
    return true;
  }

  /** The array opening at `at` is offered to the probe; true when it holds the records (records mode from here). */
  private offer(text: string, from: number, at: number): boolean {
    const before = text.slice(from, at + 1);
    if (this.skeletonChars + before.length > this.probeLimitChars || this.probes >= this.probeLimit) {
      this.giveUp();
      return false;
    }
    this.probes += 1;
    const outer = this.frames.slice(0, -1);
    const closers = outer.map(closerOf).reverse().join('');
    const path = outer.map((frame) => frame.at);
    let bodySoFar: unknown;
    try {
      bodySoFar = JSON.parse(`${this.skeleton.join('')}${before}]${closers}`);
    } catch {
      this.giveUp();
      return false;
    }
    if (!this.options.isRecords(bodySoFar, path)) return false;
    this.keep(before);
    this.frames.length = 0;
    this.path = path;
    this.outerClosers = closers;
    this.mode = 'records';
    this.depth = 0;
    this.elementOpen = false;
    this.afterComma = false;
    return true;
  }

  /** Inside the records array: finds where elements end (commas at its own depth) and where it closes. */
  private records(text: string, from: number): number {
    let { depth, elementOpen } = this;
    let at = from;
    let closed = -1;
    while (at < text.length) {
      if (this.inString) {
        const found = stringEnd(text, at, this.escaped);
        if (found.end === -1) {
          this.escaped = found.escaped;
          at = text.length;
          break;
        }
        this.inString = false;
        this.escaped = false;
        at = found.end + 1;
        continue;
      }
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        this.inString = true;
        elementOpen = true;
      } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
        depth += 1;
        elementOpen = true;
      } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
        if (depth === 0) {
          // `]` closes the records array; a `}` here, or `,]`, is not JSON.
          if (code !== CLOSE_ARRAY || (this.afterComma && !elementOpen)) return this.leaveWhole();
          closed = at;
          break;
        }
        depth -= 1;
      } else if (code === COMMA) {
        if (depth === 0) {
          if (!elementOpen) return this.leaveWhole();
          this.boundary = this.pendingChars + (at - from);
          this.complete += 1;
          elementOpen = false;
          this.afterComma = true;
        }
      } else if (!isSpace(code)) elementOpen = true;
      at += 1;
    }
    this.depth = depth;
    this.elementOpen = elementOpen;
    if (closed === -1) {
      if (at > from) {
        this.pending.push(text.slice(from, at));
        this.pendingChars += at - from;
      }
      return at;
    }
    if (closed > from) this.pending.push(text.slice(from, closed));
    this.pendingChars += closed - from;
    if (elementOpen) {
      this.boundary = this.pendingChars;
      this.complete += 1;
    }
    this.mode = 'after';
    this.keep(']');
    this.closedAt = this.skeletonChars;
    return closed + 1;
  }
}
