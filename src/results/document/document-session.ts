// One parsed answer and the questions the Query and Find boxes ask of it. The same session runs in
// the document worker (large answers) and on the page (small ones); either way the page gets
// back only short lists: paths and previews, never the document.
import { formatPath, previewOf, valueAt, type Segment } from './doc-path.ts';
import { findText } from './find-text.ts';
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
}

export type MatchReply = { ok: true; matches: ListedMatch[]; total: number; ms: number } | { ok: false; message: string; at?: number };

export type DocumentRequest = { type: 'query'; expression: string } | { type: 'find'; text: string } | { type: 'line'; path: Segment[] } | { type: 'pretty' };

export interface DocumentReplies {
  query: MatchReply;
  find: MatchReply;
  line: number | undefined;
  pretty: PrettyText;
}

export type DocumentReply = DocumentReplies[keyof DocumentReplies];

function listed(root: unknown, path: Segment[], where?: ListedMatch['where']): ListedMatch {
  return { path, id: formatPath(path), preview: previewOf(valueAt(root, path)), ...(where && { where }) };
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
    const { hits, total } = findText(this.root, text.trim(), LISTED);
    return { ok: true, matches: hits.map((hit) => listed(this.root, hit.path, hit.where)), total, ms: performance.now() - started };
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
