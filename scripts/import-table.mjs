// The import table of house-rules.mjs as markdown: `node scripts/import-table.mjs` prints it,
// `--write` puts it between the import-table markers of docs/architecture.md (and
// scripts/import-table.test.ts fails when the block there differs, so the page cannot drift).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { edge, importTable } from '../house-rules.mjs';

export const START = '<!-- import-table:start -->';
export const END = '<!-- import-table:end -->';
export const ARCHITECTURE = fileURLToPath(new URL('../docs/architecture.md', import.meta.url));

/** One allowed edge in words: `results/`, `map/` lazily, `results/` types only (why), … */
function describeEdge(from, to) {
  const { access, via, why } = edge(from, to);
  const how =
    access === 'lazy'
      ? ' only lazily'
      : access === 'types'
        ? ' types only'
        : via
          ? ` only ${via.map((module) => `\`${module}\``).join(', ')}`
          : '';
  return `\`${to}/\`${how}${why ? ` (${why})` : ''}`;
}

/** The table as markdown rows, one per part, in the table's order. */
export function renderImportTable() {
  const rows = Object.entries(importTable).map(([part, { owns, may, tests = {} }]) => {
    const allowed = Object.keys(may).map((to) => describeEdge(part, to));
    const inTests = Object.entries(tests).map(([to, why]) => `its tests also \`${to}/\` (${why})`);
    const cell = [allowed.join(', ') || 'nothing else in `src/`', ...inTests].join('; ');
    return `| \`${part}/\` | ${owns} | ${cell} |`;
  });
  return [
    '| part | owns | may import (everything else is refused) |',
    '|---|---|---|',
    ...rows,
    '',
    '"Only lazily": through a lazy `import()` (or an erased `import type`), so the part stays its own chunk.',
  ].join('\n');
}

/** `text` with the block between the markers replaced by `table`; throws when the markers are missing. */
export function replaceBlock(text, table) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md needs ${START} … ${END} around the import table`);
  return `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`;
}

/** The block between the markers, as written. */
export function blockOf(text) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md needs ${START} … ${END} around the import table`);
  return text.slice(start + START.length, end).trim();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const table = renderImportTable();
  if (process.argv.includes('--write')) {
    writeFileSync(ARCHITECTURE, replaceBlock(readFileSync(ARCHITECTURE, 'utf8'), table));
    console.log(`import table written to ${ARCHITECTURE}`);
  } else {
    console.log(table);
  }
}
