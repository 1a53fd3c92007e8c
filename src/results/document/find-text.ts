// Find in a document: every key or value whose text contains the words typed, ignoring case, in
// document order. The first `limit` hits keep their paths; the rest are only counted, so a search
// that matches a million values still answers with a short list and the true total.
import { isRecord, type Segment } from './doc-path.ts';
import { regexEscaped } from '../../lookups/regex-escaped.ts';

/** The longest text Find reads: a key or value to look for, not a document to paste. */
export const FIND_MAX_LENGTH = 1000;

export interface TextHit {
  path: Segment[];
  /** Whether the key, the value or both hold the text. */
  where: 'key' | 'value' | 'both';
}

export interface TextHits {
  hits: TextHit[];
  total: number;
}

/** Why Find will not look for `text`, in words for the field; undefined when it will. */
export function findTextProblem(text: string): string | undefined {
  if (text.length <= FIND_MAX_LENGTH) return undefined;
  return `Find reads at most ${FIND_MAX_LENGTH.toLocaleString('en-US')} characters; this text has ${text.length.toLocaleString('en-US')}.`;
}

/** Where a text holds what Find looks for: the first place, any case. */
export type Locate = (hay: string) => { at: number; length: number } | undefined;

/**
 * Finds `text` in a string, ignoring case. A case-blind regular expression tests a string without
 * making a lower-case copy of it: three times faster over 100,000 records than
 * toLowerCase().includes(). The pattern is as long as the text, which findTextProblem bounds: far
 * below the size at which V8 refuses to compile one ("regular expression too large").
 */
function matcher(text: string): RegExp {
  const problem = findTextProblem(text);
  if (problem) throw new RangeError(problem);
  return new RegExp(regexEscaped(text), 'i');
}

export function locator(text: string): Locate {
  const pattern = matcher(text);
  return (hay) => {
    const found = pattern.exec(hay);
    return found ? { at: found.index, length: found[0].length } : undefined;
  };
}

/** The text a primitive shows as; containers have none of their own. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return undefined;
}

/** Throws a RangeError when the text is longer than Find reads (see findTextProblem). */
export function findText(root: unknown, text: string, limit: number): TextHits {
  const result: TextHits = { hits: [], total: 0 };
  if (text === '') return result;
  const pattern = matcher(text);
  const contains = (hay: string) => pattern.test(hay);
  // A document repeats its keys (each record has the same ones): test each key once.
  const keyMatches = new Map<string, boolean>();
  const keyHas = (key: string) => {
    let found = keyMatches.get(key);
    if (found === undefined) keyMatches.set(key, (found = contains(key)));
    return found;
  };
  const stack: Segment[] = [];

  const visit = (value: unknown, inKey: boolean) => {
    const own = textOf(value);
    const inValue = own !== undefined && contains(own);
    if (inKey || inValue) {
      result.total += 1;
      if (result.hits.length < limit) result.hits.push({ path: [...stack], where: inKey && inValue ? 'both' : inKey ? 'key' : 'value' });
    }
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        stack.push(index);
        visit(value[index], false);
        stack.pop();
      }
    } else if (isRecord(value)) {
      for (const key in value) {
        stack.push(key);
        visit(value[key], keyHas(key));
        stack.pop();
      }
    }
  };
  visit(root, false);
  return result;
}
