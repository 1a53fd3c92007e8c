// @vitest-environment node
// The import table of docs/architecture.md is the one house-rules.mjs renders: edit the rules, then
// run `node scripts/import-table.mjs --write`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface ImportTableScript {
  ARCHITECTURE: string;
  START: string;
  END: string;
  renderImportTable: () => string;
  replaceBlock: (text: string, table: string) => string;
  blockOf: (text: string) => string;
}
const script = (await import(/* @vite-ignore */ new URL('./import-table.mjs', import.meta.url).href)) as ImportTableScript;
const { parts } = (await import(/* @vite-ignore */ new URL('../house-rules.mjs', import.meta.url).href)) as { parts: string[] };

describe('the import table in docs/architecture.md', () => {
  it('is the table house-rules.mjs renders (run `node scripts/import-table.mjs --write`)', () => {
    expect(script.blockOf(readFileSync(script.ARCHITECTURE, 'utf8'))).toBe(script.renderImportTable().trim());
  });

  it('has one row per part', () => {
    const rows = script
      .renderImportTable()
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => row.slice(3, row.indexOf('/`')))).toEqual(parts);
  });

  it('rewrites only the block between the markers, and refuses a page without them', () => {
    const page = `# Title\n\nBefore.\n\n${script.START}\nold table\n${script.END}\n\nAfter.\n`;
    const written = script.replaceBlock(page, 'new table');
    expect(written).toBe(`# Title\n\nBefore.\n\n${script.START}\nnew table\n${script.END}\n\nAfter.\n`);
    expect(script.blockOf(written)).toBe('new table');
    expect(() => script.replaceBlock('# No markers\n', 'new table')).toThrow(/import-table:start/);
  });
});
