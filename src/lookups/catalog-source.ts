// What the build-time catalog is made of, in one module: the registry and the catalog facts must be
// loaded together (one tsImport), so the parameter hints the definitions registered are the ones
// toCatalogEntry reads (a second load would have its own zod registry, and no hints).
export { allLookups } from './registry.ts';
export { toCatalogEntry, toSearchFields } from './catalog-entry.ts';
