// What one import may hold. A file of 100,000 queries froze the page for a minute and a half and
// kept every later visit slow; folders nested 20,000 deep overflowed the stack of the walk. Both are
// refused with a message before anything is checked or written.

/** The most entries (saved queries, or Postman requests) one import takes. */
export const MAX_IMPORT_ENTRIES = 5000;
/** The deepest folder nesting a Postman collection may have (real collections nest a handful). */
export const MAX_FOLDER_DEPTH = 64;

const number = new Intl.NumberFormat('en-US');

/** The refusal of a file over the cap, or undefined when it fits. */
export function overImportCap(entries: number, what: string): string | undefined {
  if (entries <= MAX_IMPORT_ENTRIES) return undefined;
  return `This file holds ${number.format(entries)} ${what}; one import takes at most ${number.format(MAX_IMPORT_ENTRIES)}. Split it into smaller files and import each.`;
}

export function tooDeep(where: string): string {
  return `This file nests folders more than ${MAX_FOLDER_DEPTH} deep (at ${where}), which no collection needs; it was not read.`;
}
