// What a definition's personal-data paths may say, apart from the masking that reads them, so a
// definition can name the type without importing the masker (which builds on the adapters).
export const PERSONAL_KINDS = ['name', 'address', 'contact', 'coordinate', 'number', 'text', 'url'] as const;
export type PersonalKind = (typeof PERSONAL_KINDS)[number];
/** One personal-data path of a definition: `kind:dot.path`, e.g. `coordinate:incidents.*.call_latitude`. */
export type PersonalPath = `${PersonalKind}:${string}`;
