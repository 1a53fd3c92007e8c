// @vitest-environment node
// The README is the way in and the docs are its map: every relative link in README.md and
// docs/**/*.md must reach an existing file (and, for `page.md#anchor`, a heading of that page),
// every file of the repository README.md and docs/*.md name must exist, the README stays short,
// and it links every docs page a newcomer needs.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  brokenLinks,
  brokenPaths,
  docPages,
  headingAnchor,
  namedPaths,
  pageAnchors,
  relativeLinks,
  sectionsMissingFromContents,
  topFolders,
} from './docs-links.ts';

interface NewLookupScript {
  lookupNames(letter: string, title: string): unknown;
  newFiles(names: unknown): Record<string, string>;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const addingALookup = readFileSync(join(root, 'docs/adding-a-lookup.md'), 'utf8');
const newLookup = (await import(/* @vite-ignore */ new URL('./new-lookup.mjs', import.meta.url).href)) as NewLookupScript;

/** The files the scaffold writes for adding-a-lookup.md's example (`npm run new-lookup -- u "Weather"`). */
function scaffoldExample(): string[] {
  const command = /npm run new-lookup -- (\S+) "([^"]+)"/.exec(addingALookup);
  if (!command) throw new Error('docs/adding-a-lookup.md no longer shows `npm run new-lookup -- <letter> "<title>"`');
  return Object.keys(newLookup.newFiles(newLookup.lookupNames(command[1]!, command[2]!)));
}

/**
 * Paths the docs name that are not files of this repository: the example lookup's files, which
 * the page's scaffold command would write, and the evidence pack's ZIP entries (guide.md).
 */
// Paths that are not this repository's: the scaffold's example, a ZIP entry of the evidence pack,
// and VS Code's settings file in the reader's own workspace.
const ELSEWHERE = [...scaffoldExample(), 'answers/<lookup>-<operation>.json', '.vscode/mcp.json'];

describe('reading links and headings', () => {
  it('finds relative links and images with their lines, and leaves URLs and code alone', () => {
    const page = [
      'See [the guide](docs/guide.md) and ![a map](docs/images/map.png "Map").',
      'Not a link: `[x](y.md)`, nor [a site](https://example.org/a.md) or [mail](mailto:a@b.c).',
      '```sh',
      'echo "[z](z.md)"',
      '```',
      'Anchors: [here](#top) and [there](deployment.md#health).',
    ].join('\n');
    expect(relativeLinks(page)).toEqual([
      { target: 'docs/guide.md', line: 1 },
      { target: 'docs/images/map.png', line: 1 },
      { target: '#top', line: 6 },
      { target: 'deployment.md#health', line: 6 },
    ]);
  });

  it('gives headings the anchors GitHub gives them', () => {
    expect(headingAnchor('Where the spec says "not shown"')).toBe('where-the-spec-says-not-shown');
    expect(headingAnchor("The demo off the server's thread")).toBe('the-demo-off-the-servers-thread');
    expect(headingAnchor('Example: two instances behind nginx, with Redis')).toBe('example-two-instances-behind-nginx-with-redis');
    expect(headingAnchor('`LOOKUP_MASK` and **masking**')).toBe('lookup_mask-and-masking');
    expect([...pageAnchors('# A\n## Notes\n```\n# not a heading\n```\n### Notes')]).toEqual(['a', 'notes', 'notes-1']);
  });

  it("finds the sections a page's contents leave out, and asks no contents of a page without", () => {
    const page = [
      '# Page',
      '- [One](#one)',
      '- [Two and `three`](#two-and-three)',
      '## One',
      '### Inside one',
      '## Two and `three`',
      '## Four',
    ].join('\n');
    expect(sectionsMissingFromContents(page)).toEqual(['Four']);
    expect(sectionsMissingFromContents('# Page\nSee [one](#one).\n## One\n## Two')).toEqual(['Two']);
    expect(sectionsMissingFromContents('# Page\nNo contents.\n## One\n## Two')).toEqual([]);
  });
});

describe('reading the paths a page names', () => {
  const folders = ['src', 'bench', 'scripts', 'e2e', 'docs', '.ci'];

  it('finds paths in code spans, code blocks and prose, and leaves URLs, links and words alone', () => {
    const page = [
      'The proxy (`src/server/proxy.ts:12`) and `results/table-api.ts`; see scripts/x.mjs, and `.ci/run`.',
      'Run `npx tsx bench/jobs.ts --quick` or [the guide](docs/guide.md); a [link text src/a.ts](src/b.ts).',
      '```sh',
      'npx playwright test e2e/y.spec.ts',
      '```',
      'Not paths: `/lookups/l`, `https://example.org/src/a.ts`, `and/or`, `…/{dataset}/`, my-src/x.ts, `a/b`.',
    ].join('\n');
    expect(namedPaths(page, folders)).toEqual([
      { path: 'src/server/proxy.ts:12', line: 1 },
      { path: 'results/table-api.ts', line: 1 },
      { path: 'scripts/x.mjs', line: 1 },
      { path: '.ci/run', line: 1 },
      { path: 'bench/jobs.ts', line: 2 },
      { path: 'src/a.ts', line: 2 },
      { path: 'e2e/y.spec.ts', line: 4 },
    ]);
  });

  it('passes paths that exist from the root, from src/ or as a folder of src/, and fails every other', () => {
    const page = [
      'Here: `src/server/start.ts`, `results/table-api.ts`, `jobs/`, `src/lookups/<letter>-*.ts`, `deployment.md#every-setting`,',
      'bench/run-all.ts, `dist/lookups/l.html` (a build writes it), `docs/decisions/`.',
      'Wrong: `src/server/masking-steam.ts`, `bench/foo.ts`, scripts/x.mjs, `e2e/y.spec.ts`, `spec/lookups-reference.md`,',
      '`results/map/`, `src/lookups/<letter>-*.tsx`, `src/server/start.ts/`.',
    ].join('\n');
    expect(brokenPaths(root, 'docs/example.md', { markdown: page })).toEqual([
      'docs/example.md:3 → `src/server/masking-steam.ts`: no such file in the repository',
      'docs/example.md:3 → `bench/foo.ts`: no such file in the repository',
      'docs/example.md:3 → `e2e/y.spec.ts`: no such file in the repository',
      'docs/example.md:3 → `spec/lookups-reference.md`: no such file in the repository',
      'docs/example.md:3 → `scripts/x.mjs`: no such file in the repository',
      'docs/example.md:4 → `results/map/`: no such folder in the repository',
      'docs/example.md:4 → `src/lookups/<letter>-*.tsx`: no such file in the repository',
      'docs/example.md:4 → `src/server/start.ts/`: no such folder in the repository',
    ]);
    expect(
      brokenPaths(root, 'docs/example.md', {
        markdown: 'Made by the scaffold: `src/lookups/u-weather.ts`.',
        elsewhere: ['src/lookups/u-weather.ts'],
      }),
    ).toEqual([]);
  });

  it("knows the repository's top-level folders, not what a build writes", () => {
    expect(topFolders(root)).toEqual(expect.arrayContaining(['src', 'bench', 'scripts', 'e2e', 'docs']));
    expect(topFolders(root)).not.toContain('node_modules');
    expect(topFolders(root)).not.toContain('dist');
  });
});

describe('the docs', () => {
  const pages = docPages(root);

  it('are the README and the pages under docs/', () => {
    expect(pages[0]).toBe('README.md');
    expect(pages).toEqual(expect.arrayContaining(['docs/guide.md', 'docs/architecture.md']));
  });

  it.each(pages)('%s: every relative link reaches a file (and a heading, for an anchor)', (page) => {
    expect(brokenLinks(root, page)).toEqual([]);
  });

  it.each(pages)('%s: its contents, if it has them, list every section', (page) => {
    expect(sectionsMissingFromContents(readFileSync(join(root, page), 'utf8'))).toEqual([]);
  });

  // The decisions are records of their day: a file they name may since have moved.
  it.each(pages.filter((page) => !page.startsWith('docs/decisions/')))('%s: every file of the repository it names exists', (page) => {
    expect(brokenPaths(root, page, { elsewhere: ELSEWHERE })).toEqual([]);
  });

  it('adding-a-lookup.md counts and names the files the scaffold writes', () => {
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
    const files = [...scaffoldExample(), 'src/lookups/registry.ts'];
    expect(/A lookup is (\w+) files/.exec(addingALookup)?.[1]).toBe(words[files.length]);
    for (const file of files) expect(addingALookup).toContain(`\`${file}\``);
  });

  it('README is at most 200 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('README links every docs page a newcomer needs', () => {
    const targets = new Set(relativeLinks(readme).map(({ target }) => target.split('#')[0]!.replace(/\/$/, '')));
    for (const page of [
      'guide.md',
      'deployment.md',
      'security.md',
      'performance.md',
      'architecture.md',
      'adding-a-lookup.md',
      'decisions',
    ]) {
      expect(targets, `README.md links docs/${page}`).toContain(`docs/${page}`);
    }
  });

  it('README shows the screenshots that `npm run screenshots` writes', () => {
    const images = relativeLinks(readme).map(({ target }) => target);
    expect(images).toEqual(expect.arrayContaining(['docs/images/lookup-map.png', 'docs/images/lookup-table.png']));
  });
});
