// Full-text helpers for the T demo: query terms, word-prefix matching and highlight markup that
// only ever touches text, never the inside of a tag or an entity.
import { regexEscaped } from '../lookups/regex-escaped.ts';

const WORD = /[\p{L}\p{N}]+/gu;
const TAG_OR_ENTITY = /(<[^>]*>|&[#a-z0-9]+;)/i;

/** Lowercase, de-duplicated words of a query: `Climate  change!` → climate, change. */
export function queryTerms(q: string): string[] {
  return [...new Set(q.toLowerCase().match(WORD) ?? [])];
}

/** Text of an HTML fragment, lowercased and reduced to words, for matching. */
export function searchable(text: string): string {
  return ` ${(
    text
      .replace(/<[^>]*>/g, ' ')
      .toLowerCase()
      .match(WORD) ?? []
  ).join(' ')}`;
}

/** Whether a `searchable` text has a word starting with `term`. */
export function hasTerm(text: string, term: string): boolean {
  return text.includes(` ${term}`);
}

/**
 * The forms a query word matches, as a search index's light English stemming would: the word, and
 * for a plural of five letters or more its stem ("movies" also finds "movie", "politics" finds
 * "political", "elections" finds "election"). Short words ("news", "bus") stay as typed.
 */
export function termForms(term: string): string[] {
  if (term.length < 5 || !term.endsWith('s') || term.endsWith('ss')) return [term];
  const singular = term.slice(0, -1);
  // "stories" → "story", while "movies" → "movie" is the plain rule.
  return term.endsWith('ies') ? [term, singular, `${term.slice(0, -3)}y`] : [term, singular];
}

/** Whether a `searchable` text has a word starting with one of the term's forms. */
export function matchesTerm(text: string, term: string): boolean {
  return termForms(term).some((form) => hasTerm(text, form));
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function termPattern(terms: readonly string[]): RegExp | undefined {
  if (terms.length === 0) return undefined;
  const forms = [...new Set(terms.flatMap(termForms))];
  const alternatives = forms.sort((a, b) => b.length - a.length).map(regexEscaped);
  return new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives.join('|')})`, 'giu');
}

/** Wraps each word-prefix occurrence of a term in `<span class="highlight">`, in text segments only. */
export function highlight(html: string, terms: readonly string[]): string {
  const pattern = termPattern(terms);
  if (!pattern) return html;
  return html
    .split(TAG_OR_ENTITY)
    .map((segment, i) => (i % 2 === 1 ? segment : segment.replace(pattern, '<span class="highlight">$1</span>')))
    .join('');
}

/** About `width` characters of plain text around the first term, escaped and highlighted. */
export function snippet(text: string, terms: readonly string[], width = 160): string | undefined {
  const pattern = termPattern(terms);
  const match = pattern?.exec(text);
  if (!match) return undefined;
  const start = Math.max(0, match.index - width / 2);
  const end = Math.min(text.length, start + width);
  const body = escapeHtml(text.slice(start, end));
  return `${start > 0 ? '…' : ''}${highlight(body, terms)}${end < text.length ? '…' : ''}`;
}
