// The merged dataset's rows are made in lookups/ (merged-rows.ts), where the server's jobs make
// the same rows as a browser run; the bulk page's modules keep importing them from here.
export * from '../../lookups/merged-rows.ts';
