// @vitest-environment node
// The README is the way in and the docs are its map: every relative link in README.md and
// docs/**/*.md must reach an existing file (and, for `page.md#anchor`, a heading of that page),
// the README stays short, and it links every docs page a newcomer needs.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks, docPages, headingAnchor, pageAnchors, relativeLinks } from './docs-links.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

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

  it('README is at most 200 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('README links every docs page a newcomer needs', () => {
    const targets = new Set(relativeLinks(readme).map(({ target }) => target.split('#')[0]!.replace(/\/$/, '')));
    for (const page of ['guide.md', 'deployment.md', 'security.md', 'performance.md', 'architecture.md', 'adding-a-lookup.md', 'decisions']) {
      expect(targets, `README.md links docs/${page}`).toContain(`docs/${page}`);
    }
  });

  it('README shows the screenshots that `npm run screenshots` writes', () => {
    const images = relativeLinks(readme).map(({ target }) => target);
    expect(images).toEqual(expect.arrayContaining(['docs/images/lookup-map.png', 'docs/images/lookup-table.png']));
  });
});
