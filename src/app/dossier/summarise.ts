// A dossier section's summary lives in lookups/ (the MCP server's place_dossier tool states the same lines).
export * from '../../lookups/dossier-summary.ts';
