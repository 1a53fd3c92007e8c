// The JavaScript a page loads before its first paint, counted as the team's stop hook counts the
// first page: gzip -9 of every /assets/*.js its HTML names by src= or href= (the entry, its
// modulepreloads and, on a lookup page, the page chunk and definition run as module scripts). A
// chunk imported lazily is not named in the HTML, so it is not counted: it loads after the paint.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** kB as the budgets are written: 1,000 bytes of gzip -9. */
export const KB = 1000;

/** The /assets/*.js files the HTML names by src= or href=, each once, in order. */
export function scriptsNamedBy(html: string): string[] {
  const files = [...html.matchAll(/\b(?:src|href)="(\/assets\/[^"?#]+\.js)"/g)].map((match) => match[1]!);
  return [...new Set(files)];
}

export interface PageWeight {
  /** The HTML file, relative to the build. */
  page: string;
  files: Array<{ file: string; gzipBytes: number }>;
  gzipBytes: number;
}

/** What the page `htmlFile` (relative to the build `dir`) loads before its first paint. */
export function pageWeight(dir: string, htmlFile: string): PageWeight {
  const files = scriptsNamedBy(readFileSync(join(dir, htmlFile), 'utf8')).map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(dir, file)), { level: 9 }).length,
  }));
  return { page: htmlFile, files, gzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) };
}
