// What masking allows the history to keep: a body with personal data is kept only when it was
// masked, or when masking is off. A lookup without personal data has nothing to mask.

interface MaskFacts {
  /** Whether the answer says it was masked. */
  masked: boolean;
  /** Whether the lookup has personal data at all; unknown (undefined) counts as yes. */
  personalData?: boolean | undefined;
}

/** Whether a body shows personal data unmasked. */
export function holdsUnmaskedData(entry: MaskFacts): boolean {
  return entry.personalData !== false && !entry.masked;
}

/** Whether the body may be kept while the masking preference is `maskingOn`. */
export function mayKeepBody(entry: MaskFacts, maskingOn: boolean): boolean {
  return !maskingOn || !holdsUnmaskedData(entry);
}
