// What a definition's personal-data paths may say, apart from the masking that reads them, so a
// definition can name the type without importing the masker (which builds on the adapters).
/**
 * One person's name fields in one object (a record's full name and its parts): masked together so
 * that they read as one person's stand-in, `Person 7f3ak2m9x0qd` and `Person 7f3ak2m9x0qd, first name`
 * (masking.ts). A plain `name` is any other name, masked on its own.
 */
export const PERSON_NAME_KINDS = ['full-name', 'first-name', 'middle-name', 'last-name'] as const;
export type PersonNameKind = (typeof PERSON_NAME_KINDS)[number];
export const PERSONAL_KINDS = ['name', 'address', 'contact', 'coordinate', 'number', 'text', 'url', ...PERSON_NAME_KINDS] as const;
export type PersonalKind = (typeof PERSONAL_KINDS)[number];
/** One personal-data path of a definition: `kind:dot.path`, e.g. `coordinate:incidents.*.call_latitude`. */
export type PersonalPath = `${PersonalKind}:${string}`;
