// What a masked name, address or contact reads as (masking.ts decides which values get one).
// Two forms, told apart at a glance and by numberedStandInKind:
// - a pseudonym, made by the server: the kind's words and a 12-character code keyed by the
//   deployment's secret (src/server/pseudonyms.ts), e.g. "Person 7f3ak2m9x0qd". The code depends on
//   the kind and the normalised value alone, so the same person is the same pseudonym in every
//   answer, process and worker thread of a deployment: a merged bulk dataset, a compare or two
//   exports can be counted and joined on it. Without the secret nobody can say which value a code
//   stands for, nor work out the code of a guessed name.
// - a local stand-in, numbered per answer: "Person 1 (this answer)". The browser masks only as a
//   fallback (an answer the server did not say it masked, see answer.ts) and never holds the
//   secret, so its stand-ins agree for the same value within that one answer only, and say so.

/** The kinds of personal value that get a stand-in naming them apart (every other kind has one fixed text). */
export type PseudonymKind = 'name' | 'address' | 'contact';

/**
 * The server's keyed code for a kind and a normalised value (normaliseForPseudonym): the same
 * inputs, the same code, and nothing of the value readable in it.
 */
export type KeyedCode = (kind: PseudonymKind, normalised: string) => string;

const WORDS: Record<PseudonymKind, string> = {
  name: 'Person',
  address: '••• masked address',
  contact: '••• masked contact',
};

const LOCAL_SUFFIX = ' (this answer)';

/**
 * The value a pseudonym is made from: Unicode-normalised (NFKC), trimmed, runs of white space as
 * one space, lower case. "ADA  Lovelace" and "Ada Lovelace" are one person; nothing else is merged.
 */
export function normaliseForPseudonym(value: string): string {
  return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A part of a person's name, which a stand-in may stand for instead of the whole name. */
export type NamePart = 'first' | 'middle' | 'last';

/** ", first name": what follows a person's stand-in when it stands for a part of the name. */
const partWords = (part: NamePart | undefined) => (part ? `, ${part} name` : '');

/** "Person 7f3ak2m9x0qd": the kind's words and the server's code; "Person 7f3ak2m9x0qd, first name" for a part of that person's name. */
export function pseudonym(kind: PseudonymKind, code: string, part?: NamePart): string {
  return `${WORDS[kind]} ${code}${partWords(part)}`;
}

/** "Person 2 (this answer)": the n-th value of a kind met in one answer masked in the browser ("Person 2, last name (this answer)" for a part). */
export function localStandIn(kind: PseudonymKind, n: number, part?: NamePart): string {
  return `${WORDS[kind]} ${n}${partWords(part)}${LOCAL_SUFFIX}`;
}

const LOCAL = new RegExp(
  `^(${Object.values(WORDS).join('|')}) [1-9]\\d*(?:, (?:first|middle|last) name)?${LOCAL_SUFFIX.replace(/[()]/g, '\\$&')}$`,
);
const KIND_OF_WORDS = new Map(Object.entries(WORDS).map(([kind, words]) => [words, kind as PseudonymKind]));

/**
 * The kind of a local stand-in ("Person 2 (this answer)" is a name), or undefined for any other
 * value, a pseudonym included. Local stand-ins are numbered afresh in each answer, so whoever reads
 * two masked answers side by side (compare) must not take "Person 1 (this answer)" here and there
 * for one person, nor "Person 1" and "Person 3" for two. A pseudonym needs no such care.
 */
export function numberedStandInKind(value: unknown): PseudonymKind | undefined {
  if (typeof value !== 'string') return undefined;
  const match = LOCAL.exec(value);
  return match ? KIND_OF_WORDS.get(match[1]!) : undefined;
}
