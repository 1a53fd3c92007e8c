// What a Find result shows of the value it found: the text found and a little on either side, with
// the found part's place given so the list can mark it. A long value is cut to that window, so the
// text found is always in view, wherever it sits in the value.

/** A text and the part of it to mark, [start, end). */
export interface MarkedText {
  text: string;
  mark: [number, number];
}

/** Strings this long or shorter are shown whole. */
const WHOLE = 80;
/** Characters kept before and after the text found, in a longer string. */
const BEFORE = 24;
const AFTER = 40;
/** Text found longer than this is cut too. */
const FOUND = 80;

/** The characters of a string as they read inside JSON quotes. */
const quoted = (text: string) => JSON.stringify(text).slice(1, -1);

/** Moves a cut off the second half of a surrogate pair, so no character is split. */
function cutAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return index > 0 && index < text.length && code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
}

/**
 * A primitive's text as a result lists it (a string in JSON quotes, cut around the text found with
 * "…"; a number, true, false or null as it is), with `text[at, at + length)` marked.
 */
export function excerptAround(value: string | number | boolean | null, at: number, length: number): MarkedText {
  if (typeof value !== 'string') return { text: String(value), mark: [at, at + length] };
  const whole = value.length <= WHOLE;
  const foundEnd = whole ? at + length : cutAt(value, at + Math.min(length, FOUND));
  const cutFound = foundEnd < at + length;
  const start = whole ? 0 : cutAt(value, Math.max(0, at - BEFORE));
  const end = whole ? value.length : cutFound ? foundEnd : cutAt(value, Math.min(value.length, foundEnd + AFTER));
  const before = `"${start > 0 ? '…' : ''}${quoted(value.slice(start, at))}`;
  const found = quoted(value.slice(at, foundEnd));
  const after = `${quoted(value.slice(foundEnd, end))}${end < value.length ? '…' : ''}"`;
  return { text: before + found + after, mark: [before.length, before.length + found.length] };
}
