// The schema check of a big answer made batch by batch as its records arrive, so that after the
// last byte only the small rest of the body is left to check, not 100,000 records (a few hundred
// ms of zod, after the last byte, on the path to the painted table). Each batch is checked inside
// the body read before the records (the records array holding just that batch); its issues about
// records are moved to the records' places in the whole body. At the end the rest of the body is
// checked with the records array empty, and once more with a marker in its place, to learn where
// in zod's order the records' issues go. An issue about the records array itself or what holds it
// (a length rule, a refinement over the whole), in a batch or at the end, leaves the check of the
// whole body to the page (the answer's lazy `drift`), as a whole read does; so the issues are those `schemaIssues` gives the whole
// body, but for a rule over the whole array that every batch and the empty array pass and the
// whole fails (`max(n)` with n from a batch's size to the total). No response schema of the
// registry has a rule over its records array (batch-check.test.ts holds them to it).
import type { z } from 'zod';
import { type SchemaIssue, schemaIssues } from '../../lookups/answer.ts';
import type { PathKey } from '../../lookups/json-splitter.ts';
import { valueAt } from '../../lookups/record-path.ts';

/** Where an issue is relative to the records: under a record, about the array or what holds it, or elsewhere. */
function placeOf(issue: SchemaIssue, path: readonly PathKey[]): 'record' | 'array' | 'elsewhere' {
  const depth = Math.min(issue.path.length, path.length);
  for (let at = 0; at < depth; at += 1) if (issue.path[at] !== path[at]) return 'elsewhere';
  if (issue.path.length <= path.length) return 'array';
  return typeof issue.path[path.length] === 'number' ? 'record' : 'elsewhere';
}

/** `body` with `value` at `path` (the value itself for the root). */
function putAt(body: unknown, path: readonly PathKey[], value: unknown): unknown {
  if (path.length === 0) return value;
  (valueAt(body, path.slice(0, -1)) as Record<PathKey, unknown>)[path[path.length - 1]!] = value;
  return body;
}

/** Not an array: the schema says so at the records' place, in its own order. */
const MARKER = Object.freeze({ marker: true });

export class BatchSchemaCheck {
  /** The body read before the records, closed; each batch is put in it in turn. */
  private holder: unknown;
  private readonly recordIssues: SchemaIssue[] = [];
  private whole = false;

  constructor(
    private readonly schema: z.ZodType,
    private readonly path: readonly PathKey[],
  ) {}

  /** Checks the records from `offset` on; `bodySoFar` parses the body read so far, closed with the records empty. */
  add(records: unknown[], offset: number, bodySoFar: () => unknown): void {
    if (this.whole) return;
    if (this.holder === undefined) {
      this.holder = bodySoFar();
      if (this.holder === undefined) {
        this.whole = true;
        return;
      }
    }
    this.holder = putAt(this.holder, this.path, records);
    const depth = this.path.length;
    for (const issue of schemaIssues(this.schema, this.holder)) {
      const place = placeOf(issue, this.path);
      if (place === 'array') this.whole = true;
      else if (place === 'record') {
        const moved = [...issue.path];
        moved[depth] = (moved[depth] as number) + offset;
        this.recordIssues.push({ ...issue, path: moved });
      }
    }
  }

  /**
   * The whole body's issues, from the batches' and the rest's (`skeleton`: parsed, its records
   * array empty; changed here); undefined when the whole body must be checked at once.
   */
  finish(skeleton: unknown): SchemaIssue[] | undefined {
    if (!this.whole && this.path.length > 0) {
      const rest = schemaIssues(this.schema, skeleton);
      if (!rest.some((issue) => placeOf(issue, this.path) === 'array')) {
        const marked = schemaIssues(this.schema, putAt(skeleton, this.path, MARKER));
        const at = marked.findIndex((issue) => placeOf(issue, this.path) === 'array');
        putAt(skeleton, this.path, []);
        return at === -1 ? [...rest, ...this.recordIssues] : [...marked.slice(0, at), ...this.recordIssues, ...marked.slice(at + 1)];
      }
    } else if (!this.whole) {
      // The records are the body: nothing else to check, unless the empty array itself is wrong.
      if (!schemaIssues(this.schema, []).some((issue) => placeOf(issue, this.path) === 'array')) return [...this.recordIssues];
    }
    return undefined;
  }
}
