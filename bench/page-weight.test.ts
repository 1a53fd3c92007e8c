import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { pageWeight, scriptsNamedBy } from './page-weight.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('page weight', () => {
  const html = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
    <link rel="icon" href="/favicon.svg">
    <link rel="modulepreload" crossorigin href="/assets/page-123.js">
    <script type="module" crossorigin src="/assets/page-123.js"></script>
  </head><body><div id="root"></div></body></html>`;

  it('counts the scripts the HTML names by src or href, each once, and nothing else', () => {
    expect(scriptsNamedBy(html)).toEqual(['/assets/index-abc.js', '/assets/react-def.js', '/assets/page-123.js']);
  });

  it('sums their gzip -9 sizes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'page-weight-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    const sources: Record<string, string> = {
      'index-abc.js': 'export const entry = 1;'.repeat(50),
      'react-def.js': 'export const react = "react";',
      'page-123.js': 'console.log("page")',
      'lazy-999.js': 'never named by the HTML',
    };
    for (const [file, source] of Object.entries(sources)) writeFileSync(join(dir, 'assets', file), source);
    writeFileSync(join(dir, 'index.html'), html);
    const gzip = (file: string) => gzipSync(sources[file]!, { level: 9 }).length;
    const weight = pageWeight(dir, 'index.html');
    expect(weight.files.map(({ file }) => file)).toEqual(['/assets/index-abc.js', '/assets/react-def.js', '/assets/page-123.js']);
    expect(weight.gzipBytes).toBe(gzip('index-abc.js') + gzip('react-def.js') + gzip('page-123.js'));
  });
});
