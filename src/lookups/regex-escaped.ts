// One way to put literal text into a regular expression, shared by the masking walk's flat
// patterns, the key scrubber, Find in a document and the demo's podcast search.

/** `text` as a regular expression that matches it literally: every syntax character escaped (`/` too, as the `u` flag allows). */
export const regexEscaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
