// Writes the OpenAPI document generated from the registry to a file (default reports/openapi.json)
// for the linters `npm test` runs on it: Spectral (.spectral.yaml) and Redocly (redocly.yaml).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildOpenApiDocument } from '../src/lookups/openapi.ts';

const out = process.argv[2] ?? 'reports/openapi.json';
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`OpenAPI document written to ${out}`);
