// The diff of two answers lives in lookups/ (answer-diff.ts), where the server's watchlists use the
// same engine as Compare; the compare page's modules keep importing it from here.
export * from '../../lookups/answer-diff.ts';
