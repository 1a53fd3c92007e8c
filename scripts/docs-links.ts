// Reading Markdown for the docs check (docs-links.test.ts): the relative links a page makes and the
// anchors its headings give, as GitHub renders them. Code (fenced blocks, inline spans) holds
// examples, not links, so it is skipped.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export interface DocLink {
  /** The target as written, e.g. `deployment.md#health`. */
  target: string;
  /** 1-based line of the link in its page. */
  line: number;
}

/** The page with code removed, line breaks kept, so line numbers still match the file. */
function withoutCode(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
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
  const text = heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
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
  for (const line of withoutCode(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1]!);
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
