// One parsed answer and the questions the Query and Find boxes ask of it. The same session runs in
// the document worker (large answers) and on the page (small ones); either way the page gets
// back only short lists: paths and previews, never the document.
import { formatPath, formatSegment, previewOf, valueAt, type Segment } from './doc-path.ts';
import { excerptAround } from './find-excerpt.ts';
import { findText, findTextProblem, locator, textOf, type Locate, type TextHit } from './find-text.ts';
import { evaluateJsonPath, pathOf } from './json-path-eval.ts';
import { JsonPathError, parseJsonPath } from './json-path-parse.ts';
import { lineOf, prettyText, type PrettyText } from './pretty-lines.ts';

/** Results listed per query or search; the rest are counted. */
export const LISTED = 1000;

export interface ListedMatch {
  path: Segment[];
  /** The path as JSONPath. */
  id: string;
  preview: string;
  /** For Find: whether the key, the value or both hold the text. */
  where?: 'key' | 'value' | 'both';
  /** For Find: where the text found sits in `id` (a key) and in `preview` (a value), [start, end), to mark. */
  marks?: { id?: [number, number]; preview?: [number, number] };
}

export type MatchReply = { ok: true; matches: ListedMatch[]; total: number; ms: number } | { ok: false; message: string; at?: number };

export type DocumentRequest =
  | { type: 'query'; expression: string }
  | { type: 'find'; text: string }
  | { type: 'line'; path: Segment[] }
  | { type: 'pretty' };

export interface DocumentReplies {
  query: MatchReply;
  find: MatchReply;
  line: number | undefined;
  pretty: PrettyText;
}

export type DocumentReply = DocumentReplies[keyof DocumentReplies];

function listed(root: unknown, path: Segment[]): ListedMatch {
  return { path, id: formatPath(path), preview: previewOf(valueAt(root, path)) };
}

/** A Find hit as listed: a value found is shown around the text found, and that text is marked in the key, the value or both. */
function listedHit(root: unknown, hit: TextHit, locate: Locate): ListedMatch {
  const match: ListedMatch = { ...listed(root, hit.path), where: hit.where, marks: {} };
  const key = hit.path.at(-1);
  if (typeof key === 'string' && hit.where !== 'value') {
    // The key as the path spells it, at the path's end (an escape inside the text found can hide it: then nothing is marked).
    const spelled = formatSegment(key);
    const inKey = locate(spelled);
    const from = match.id.length - spelled.length;
    if (inKey) match.marks!.id = [from + inKey.at, from + inKey.at + inKey.length];
  }
  const value = valueAt(root, hit.path);
  const own = textOf(value);
  const inValue = own !== undefined && hit.where !== 'key' ? locate(own) : undefined;
  if (inValue) {
    const excerpt = excerptAround(value as string | number | boolean | null, inValue.at, inValue.length);
    match.preview = excerpt.text;
    match.marks!.preview = excerpt.mark;
  }
  return match;
}

export class DocumentSession {
  constructor(readonly root: unknown) {}

  query(expression: string): MatchReply {
    const started = performance.now();
    let parsed;
    try {
      parsed = parseJsonPath(expression);
    } catch (error) {
      if (error instanceof JsonPathError) return { ok: false, message: error.message, at: error.at };
      throw error;
    }
    const nodes = evaluateJsonPath(parsed, this.root);
    const matches = nodes.links.slice(0, LISTED).map((link) => listed(this.root, pathOf(link)));
    return { ok: true, matches, total: nodes.values.length, ms: performance.now() - started };
  }

  find(text: string): MatchReply {
    const started = performance.now();
    const asked = text.trim();
    const problem = findTextProblem(asked);
    if (problem) return { ok: false, message: problem };
    const { hits, total } = findText(this.root, asked, LISTED);
    const locate = locator(asked);
    return { ok: true, matches: hits.map((hit) => listedHit(this.root, hit, locate)), total, ms: performance.now() - started };
  }

  lineOf(path: Segment[]): number | undefined {
    return lineOf(this.root, path);
  }

  /** Not kept here: the page keeps it, and a worker would otherwise hold the text twice. */
  prettyText(): PrettyText {
    return prettyText(this.root);
  }

  handle(request: DocumentRequest): DocumentReply {
    if (request.type === 'query') return this.query(request.expression);
    if (request.type === 'find') return this.find(request.text);
    if (request.type === 'line') return this.lineOf(request.path);
    return this.prettyText();
  }
}
