// The dossier's plan lives in lookups/ (the MCP server's place_dossier tool runs it too).
export * from '../../lookups/dossier-plan.ts';
