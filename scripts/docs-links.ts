// Reading Markdown for the docs check (docs-links.test.ts): the relative links a page makes and the
// anchors its headings give, as GitHub renders them (code, fenced or inline, holds examples, not
// links, so it is skipped there), and the files of this repository a page names, in code or prose.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export interface DocLink {
  /** The target as written, e.g. `deployment.md#health`. */
  target: string;
  /** 1-based line of the link in its page. */
  line: number;
}

/** The page with its fenced code blocks blanked, line breaks kept, so line numbers still match the file. */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
}

/** The page with code (blocks and inline spans) blanked, line breaks kept. */
function withoutCode(markdown: string): string {
  return withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
}

/** A page's headings (a heading's code spans are part of its text and its anchor), with their level. */
function headings(markdown: string): { level: number; text: string }[] {
  return withoutCodeBlocks(markdown)
    .split('\n')
    .map((line) => /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ level: match[1]!.length, text: match[2]! }));
}

/** Every link and image of a page whose target is not a URL with a scheme (http:, mailto:…). */
export function relativeLinks(markdown: string): DocLink[] {
  const links: DocLink[] = [];
  withoutCode(markdown)
    .split('\n')
    .forEach((text, index) => {
      for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = match[1]!;
        if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ target, line: index + 1 });
      }
    });
  return links;
}

/** GitHub's anchor for a heading's text: lower case, punctuation (`*` too) dropped, `_` kept, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  const text = heading.replace(/`([^`]*)`/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a page's headings give; a repeated heading gets `-1`, `-2`… as on GitHub. */
export function pageAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of headings(markdown)) {
    const base = headingAnchor(heading.text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** README.md and every Markdown page under docs/, as paths relative to `root`. */
export function docPages(root: string): string[] {
  const docs = join(root, 'docs');
  const pages = existsSync(docs)
    ? readdirSync(docs, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.md'))
        .map((name) => join('docs', name))
    : [];
  return ['README.md', ...pages.sort()];
}

/** What is wrong with one page's relative links: a missing file, or a missing heading for `#…`. */
export function brokenLinks(root: string, page: string): string[] {
  const problems: string[] = [];
  const text = readFileSync(join(root, page), 'utf8');
  for (const { target, line } of relativeLinks(text)) {
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    const file = pathPart === '' ? join(root, page) : join(root, dirname(page), decodeURIComponent(pathPart));
    const where = `${page}:${line} → ${target}`;
    if (!existsSync(file)) {
      problems.push(`${where}: ${relative(root, file)} does not exist`);
      continue;
    }
    if (anchor && file.endsWith('.md') && statSync(file).isFile() && !pageAnchors(readFileSync(file, 'utf8')).has(anchor)) {
      problems.push(`${where}: no heading gives #${anchor}`);
    }
  }
  return problems;
}

/**
 * The `##` sections a page's contents leave out. The contents are the `#anchor` links above the
 * first `##` heading; a page without them has no contents to keep. Headings are matched by anchor.
 */
export function sectionsMissingFromContents(markdown: string): string[] {
  const lines = withoutCodeBlocks(markdown).split('\n');
  const firstSection = lines.findIndex((line) => /^##\s/.test(line));
  if (firstSection < 0) return [];
  const contents = relativeLinks(lines.slice(0, firstSection).join('\n')).map(({ target }) => target);
  const listed = new Set(contents.filter((target) => target.startsWith('#')).map((target) => target.slice(1)));
  if (listed.size === 0) return [];
  return headings(markdown)
    .filter((heading) => heading.level === 2 && !listed.has(headingAnchor(heading.text)))
    .map((heading) => heading.text);
}

// ---- Paths a page names -------------------------------------------------------------------------

export interface NamedPath {
  /** The path as written, e.g. `src/server/start.ts` or `results/table/`. */
  path: string;
  /** 1-based line of the mention in its page. */
  line: number;
}

/** A file name as the docs write them: an extension this repository's files have. */
const FILE_EXTENSION = /\.(?:tsx?|mts|mjs|cjs|js|json|md|sh|ya?ml|conf|css|html|png|svg|txt|sql|wasm)$/;

/** Ends a path written in a sentence or a command: whitespace, quotes, brackets, a comma… */
const PATH_CHARS = String.raw`[^\s"'\x60()\[\],;|]`;

/** What follows a path but is no part of it: `#anchor`, `:42`, `?query`, a full stop. */
function bare(written: string): string {
  return written
    .replace(/[#?].*$/, '')
    .replace(/:\d+(?:-\d+)?$/, '')
    .replace(/[.:]+$/, '');
}

/** A span of code that is one path: no spaces, a `/`, no scheme, not a URL path, a file name or a folder. */
function isPathSpan(span: string): boolean {
  if (/\s/.test(span) || !span.includes('/') || /^[a-z][a-z0-9+.-]*:/i.test(span) || /^[/~$…-]/.test(span)) return false;
  const path = bare(span);
  return path.endsWith('/') || FILE_EXTENSION.test(path);
}

/**
 * The paths of this repository a page names: a code span that is a path (`src/x.ts`,
 * `results/table/`), and in code blocks, code spans and prose every word that starts with one of
 * `folders` (the repository's top-level folders: `npx tsx bench/jobs.ts`, "see scripts/x.mjs").
 * A link's target is brokenLinks' to check; its text counts as prose.
 */
export function namedPaths(markdown: string, folders: readonly string[]): NamedPath[] {
  const escaped = folders.map((folder) => folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const rooted = new RegExp(String.raw`(?<![\w./-])(?:\./)?((?:${escaped})/${PATH_CHARS}*)`, 'g');
  const paths: NamedPath[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    const opens = /^\s*(```|~~~)/.exec(text)?.[1];
    if (opens && (fence === undefined || fence === opens)) {
      fence = fence === undefined ? opens : undefined;
      return;
    }
    const spans = fence === undefined ? [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!) : [];
    const wholeSpans = spans.filter(isPathSpan);
    for (const path of wholeSpans) paths.push({ path, line });
    const words =
      fence !== undefined
        ? text
        : text.replace(/`([^`]+)`/g, (_span, inside: string) => (isPathSpan(inside) ? ' ' : ` ${inside} `)).replace(/\]\([^)]*\)/g, '] ');
    for (const match of words.matchAll(rooted)) paths.push({ path: match[1]!, line });
  });
  return paths;
}

/** A segment with a placeholder (`<letter>`, `{id}`, `*`) as a pattern for one name. */
function segmentPattern(segment: string): RegExp {
  const parts = segment
    .split(/(<[^>]*>|\{[^}]*\}|\*)/)
    .map((part, i) => (i % 2 === 1 ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('')}$`);
}

/** Whether `path` (placeholders allowed) names something under `base`; a trailing `/` asks for a folder. */
function existsUnder(base: string, path: string): boolean {
  const wantsFolder = path.endsWith('/');
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  let places = [base];
  for (const segment of segments) {
    if (segment === '..' || !/[<{*]/.test(segment)) {
      places = places.map((place) => join(place, segment)).filter((place) => existsSync(place));
    } else {
      const pattern = segmentPattern(segment);
      places = places.flatMap((place) =>
        existsSync(place) && statSync(place).isDirectory()
          ? readdirSync(place)
              .filter((name) => pattern.test(name))
              .map((name) => join(place, name))
          : [],
      );
    }
    if (places.length === 0) return false;
  }
  return !wantsFolder || places.some((place) => statSync(place).isDirectory());
}

/** Every folder below `dir` (node_modules and dot-folders left out). */
function foldersBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .flatMap((entry) => [join(dir, entry.name), ...foldersBelow(join(dir, entry.name))]);
}

/** The repository's top-level folders that the docs may name (dot-folders such as `.ci` included). */
export function topFolders(root: string): string[] {
  const ignored = ignoredPaths(root);
  return readdirSync(root, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && !['.git', 'node_modules'].includes(entry.name) && !ignored.some((path) => path === `${entry.name}/`),
    )
    .map((entry) => entry.name)
    .sort();
}

/** .gitignore's plain entries (`dist/`, `bench/out/`, `.env`): what a build or a run writes, never in a checkout. */
function ignoredPaths(root: string): string[] {
  const gitignore = join(root, '.gitignore');
  if (!existsSync(gitignore)) return [];
  return readFileSync(gitignore, 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/^\//, ''))
    .filter((line) => line !== '' && !/^[#!]/.test(line) && !/[*?[]/.test(line));
}

/**
 * What is wrong with the paths a page names: each must exist from the repository's root, from
 * src/ (the parts name each other `results/table-api.ts`) or from the page's folder; a lone
 * folder (`jobs/`) must be a folder somewhere in src/. Placeholders must match something.
 * What a build or a run writes (.gitignore: `dist/`, `reports/`) is not checked, nor the paths
 * in `elsewhere`: named as they are written, they are not the repository's (what a command the
 * page shows would write, a file inside a downloaded ZIP).
 */
export function brokenPaths(root: string, page: string, options: { markdown?: string; elsewhere?: readonly string[] } = {}): string[] {
  const markdown = options.markdown ?? readFileSync(join(root, page), 'utf8');
  const ignored = ignoredPaths(root);
  const elsewhere = new Set(options.elsewhere ?? []);
  const src = join(root, 'src');
  const problems: string[] = [];
  let srcFolders: string[] | undefined;
  for (const { path: written, line } of namedPaths(markdown, topFolders(root))) {
    const path = bare(written).replace(/^\.\//, '');
    if (
      path === '' ||
      elsewhere.has(path) ||
      ignored.some((entry) => path === entry || path.startsWith(entry.endsWith('/') ? entry : `${entry}/`))
    )
      continue;
    const bases = [root, src, join(root, dirname(page))];
    if (bases.some((base) => existsUnder(base, path))) continue;
    if (/^[^/]+\/$/.test(path)) {
      srcFolders ??= foldersBelow(src);
      if (srcFolders.some((folder) => existsUnder(folder, path))) continue;
    }
    problems.push(`${page}:${line} → \`${written}\`: no such ${path.endsWith('/') ? 'folder' : 'file'} in the repository`);
  }
  return problems;
}
