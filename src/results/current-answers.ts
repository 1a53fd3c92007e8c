// The answer open on a lookup page in this browser tab, one per lookup: what the /sql page offers as
// `current_<lookup>` even when History keeps nothing. Held in memory only (the records are in the
// page already), as the viewer shows them: masked when masking was on. Kept light (no engine) so
// the viewer can note its answer without loading SQL.

export interface CurrentAnswer {
  lookupId: string;
  lookupTitle: string;
  /** The query in words (describeQuery), e.g. "L · 1 mi around 37.77, −122.42 · May 1–8, 2024". */
  query?: string;
  /** The viewer's records, masked when the answer was. */
  records: readonly unknown[];
  /** Whether the records show personal data unmasked. */
  unmasked: boolean;
  /** Epoch ms the viewer showed it. */
  shownAt: number;
}

const current = new Map<string, CurrentAnswer>();

/** Notes the answer a lookup page shows (replacing that lookup's previous one). */
export function noteCurrentAnswer(answer: CurrentAnswer): void {
  current.set(answer.lookupId, answer);
}

/** The current answers, by lookup id; unmasked ones left out once masking is on. */
export function currentAnswers(maskingOn: boolean): CurrentAnswer[] {
  if (maskingOn) for (const [id, answer] of current) if (answer.unmasked) current.delete(id);
  return [...current.values()].sort((a, b) => a.lookupId.localeCompare(b.lookupId));
}

/** Forgets every current answer (tests). */
export function forgetCurrentAnswers(): void {
  current.clear();
}
