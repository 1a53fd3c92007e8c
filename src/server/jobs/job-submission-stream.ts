// Reads a POST /jobs body as it arrives (issue 36): a 58 MiB body of 900,000 rows must not stall
// the server. The record splitter (lookups/json-splitter.ts) cuts the text of the `rows` array into
// complete rows; each batch is parsed by the engine's JSON.parse and its rows are checked at once
// (the row's shape, then the operation's parameters when the body named them first, as the page
// does), a few milliseconds at a time with the event loop let through between slices. The byte
// limit and the row limit refuse the body as soon as it passes them, without reading the rest.
// The rest of the body (the skeleton, `rows` empty) is checked as a whole at the end. A body the
// splitter cannot follow (no `rows` array at the top, say) is read whole, as before, under the same
// byte limit. The result equals JSON.parse then jobSubmission (job-submission.ts), with every row
// checked against the operation.
import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { ZodError } from 'zod';
import type { AnyLookup, AnyOperation } from '../../lookups/define-lookup.ts';
import type { LookupIndex } from '../../lookups/lookup-index.ts';
import { isRecord } from '../../lookups/adapters.ts';
import { JsonSplitter } from '../../lookups/json-splitter.ts';
import { eachBodyPiece, issuesInWords } from '../http/read-body.ts';
import { refusal, type Refusal } from '../http/refusal.ts';
import { rowIssues } from './row-problem.ts';
import { jobRow, jobSubmission, MAX_ROWS, type JobSubmission } from './job-submission.ts';
import { RowTexts } from './row-texts.ts';

export type SubmissionRead =
  | {
      ok: true;
      data: JobSubmission;
      lookup: AnyLookup;
      operation: AnyOperation;
      /** Every name the rows use, in the order they first appear (gathered as they were checked); undefined without rows. */
      rowKeys: string[] | undefined;
      /** The rows, checked, as compact JSON text (data.rows is then absent); undefined without rows. */
      rowTexts: RowTexts | undefined;
    }
  | Refusal;

export interface SubmissionOptions {
  /** Largest body, in bytes (LOOKUP_JOBS_MAX_BODY_BYTES). */
  limit: number;
  index: LookupIndex;
  /** Most rows one job holds. */
  maxRows?: number;
  /** Longest the rows are checked before the event loop gets a turn. */
  sliceMs?: number;
}

/** Rows reported when a job is refused for its rows. */
const MAX_PROBLEMS = 5;
const AS_JSON = 'The job is sent as JSON: {lookup, operation, rows, concurrency}';

const invalid = (message: string, details?: Record<string, unknown>) => refusal(400, 'invalid_job', message, details && { details });

/** The submission's problems, as `rows.3.name: …` (at most three). */

function findOperation(
  index: LookupIndex,
  lookupId: unknown,
  operationId: unknown,
): { lookup: AnyLookup; operation: AnyOperation } | undefined {
  return typeof lookupId === 'string' && typeof operationId === 'string' ? index.operation(lookupId, operationId) : undefined;
}

interface RowProblem {
  row: number;
  message: string;
}

/** The rows read so far, each checked once for its shape and, when the operation is known, its parameters. */
class RowChecker {
  /** As compact JSON text: the parsed rows die young (row-texts.ts). */
  readonly rows = new RowTexts();
  readonly keys = new Set<string>();
  private readonly shapeProblems: RowProblem[] = [];
  private paramProblems: RowProblem[] = [];
  private slicedAt = performance.now();
  /** The operation the rows were checked against (undefined until the body named one). */
  checkedAgainst: AnyOperation | undefined;

  constructor(private readonly sliceMs: number) {}

  problems(): RowProblem[] {
    return [...this.shapeProblems, ...this.paramProblems].sort((a, b) => a.row - b.row).slice(0, MAX_PROBLEMS);
  }

  full(): boolean {
    return this.shapeProblems.length + this.paramProblems.length >= MAX_PROBLEMS;
  }

  /** Checks and keeps `rows`, letting the event loop in every `sliceMs`. */
  async add(rows: readonly unknown[]): Promise<void> {
    for (const row of rows) {
      const index = this.rows.length;
      this.rows.add(row);
      const shape = jobRow.safeParse(row);
      if (!shape.success) this.note(this.shapeProblems, index, shape.error);
      else {
        for (const key of Object.keys(row as object)) this.keys.add(key);
        if (this.checkedAgainst) this.checkParams(index, row);
      }
      await this.maybeYield();
    }
  }

  /** Checks every row against `operation`, unless they already were. */
  async checkAll(operation: AnyOperation): Promise<void> {
    if (this.checkedAgainst === operation) return;
    this.checkedAgainst = operation;
    this.paramProblems = [];
    for (let index = 0; index < this.rows.length && !this.full(); index++) {
      const row = this.rows.row(index);
      if (isRecord(row)) this.checkParams(index, row);
      await this.maybeYield();
    }
  }

  private checkParams(index: number, row: unknown): void {
    if (this.full()) return;
    const checked = this.checkedAgainst!.params.safeParse(row);
    if (!checked.success) this.note(this.paramProblems, index, checked.error);
  }

  private note(problems: RowProblem[], index: number, error: ZodError): void {
    if (!this.full()) problems.push({ row: index + 1, message: rowIssues(error) });
  }

  private async maybeYield(): Promise<void> {
    if (performance.now() - this.slicedAt < this.sliceMs) return;
    await yieldToLoop();
    this.slicedAt = performance.now();
  }
}

/** Reads, parses and checks a POST /jobs body as it arrives; the submission, or why it is refused. */
export async function readJobSubmission(req: IncomingMessage, options: SubmissionOptions): Promise<SubmissionRead> {
  const maxRows = options.maxRows ?? MAX_ROWS;
  const checker = new RowChecker(options.sliceMs ?? 8);
  const decoder = new StringDecoder('utf8');
  let fieldsFirst: Record<string, unknown> | undefined;
  const splitter = new JsonSplitter({
    isRecords: (bodySoFar, path) => {
      const found = isRecord(bodySoFar) && path.length === 1 && path[0] === 'rows';
      if (found) fieldsFirst = bodySoFar;
      return found;
    },
  });
  /** The text kept until the rows are found (all of it, when they never are). */
  let before: string[] | undefined = [];

  async function takeRows(): Promise<Refusal | undefined> {
    const taken = splitter.take();
    if (!taken) return undefined;
    if (checker.rows.length + taken.count > maxRows) return tooManyRows(maxRows);
    let rows: unknown[];
    try {
      rows = JSON.parse(`[${taken.text}]`) as unknown[];
    } catch {
      return invalid(`${AS_JSON}; it is not valid JSON in rows ${checker.rows.length + 1} to ${checker.rows.length + taken.count}`);
    }
    await checker.add(rows);
    return undefined;
  }

  /** The rows are found: when the body named its operation before them (as the page does), they are checked against it as they come. */
  function adoptOperationNamedFirst(): void {
    if (!fieldsFirst) return;
    const named = findOperation(options.index, fieldsFirst.lookup, fieldsFirst.operation);
    fieldsFirst = undefined;
    if (named) checker.checkedAgainst = named.operation;
  }

  async function feed(text: string): Promise<Refusal | undefined> {
    if (text === '') return undefined;
    const wasFound = splitter.recordsPath() !== undefined;
    splitter.feed(text);
    const found = splitter.recordsPath() !== undefined;
    if (!found) {
      // Still looking (keep the text), or the splitter lost the JSON inside the rows: not JSON.
      if (wasFound) return invalid(`${AS_JSON}; it is not valid JSON after row ${checker.rows.length}`);
      before?.push(text);
      return undefined;
    }
    before = undefined;
    adoptOperationNamedFirst();
    const refused = await takeRows();
    if (refused) return refused;
    if (checker.full()) return rowsRefusal(checker.problems());
    return undefined;
  }

  const refused = await eachBodyPiece(req, options.limit, (piece) => feed(decoder.write(piece)));
  // Refused before the body ended: the rest is never read, so the connection cannot be used again.
  if (refused) return { ...refused, headers: { ...refused.headers, connection: 'close' } };
  const last = await feed(decoder.end());
  if (last) return last;

  let skeleton: unknown;
  let rowsRead = false;
  const outcome = splitter.end();
  try {
    if (outcome.kind === 'split') {
      skeleton = JSON.parse(outcome.skeleton);
      rowsRead = true;
    } else if (!before) {
      // The rows were found, but the body never closed them (or what held them).
      return invalid(AS_JSON);
    } else {
      // A body the splitter could not follow: parsed whole, as before; its rows are checked in slices all the same.
      const whole: unknown = JSON.parse(before.join(''));
      before = undefined;
      if (isRecord(whole) && Array.isArray(whole.rows)) {
        if (whole.rows.length > maxRows) return tooManyRows(maxRows);
        await checker.add(whole.rows as unknown[]);
        skeleton = { ...whole, rows: [] };
        rowsRead = true;
      } else skeleton = whole;
    }
  } catch {
    return invalid(AS_JSON);
  }
  // The fields, and the rule that rows and from go one without the other: checked with the first row
  // (already checked) standing for them all, so the messages are the schema's own.
  const first = checker.rows.length > 0 ? [checker.rows.row(0)] : [];
  const sample = rowsRead && isRecord(skeleton) ? { ...skeleton, rows: first } : skeleton;
  const parsed = jobSubmission.safeParse(sample);
  if (!parsed.success) {
    const { text, fields } = issuesInWords(parsed.error.issues);
    return refusal(400, 'invalid_job', `The job is not valid: ${text}`, { fields });
  }
  const named = findOperation(options.index, parsed.data.lookup, parsed.data.operation);
  if (!named) return invalid(`There is no operation ${parsed.data.operation} of lookup ${parsed.data.lookup}`);
  await checker.checkAll(named.operation);
  const problems = checker.problems();
  if (problems.length > 0) return rowsRefusal(problems);
  // The rows go on as text (data.rows is left out): the job store writes them as they are.
  const { rows: _rows, ...rest } = parsed.data;
  if (!rowsRead) return { ok: true, data: parsed.data, ...named, rowKeys: undefined, rowTexts: undefined };
  return { ok: true, data: rest, ...named, rowKeys: [...checker.keys], rowTexts: checker.rows };
}

function tooManyRows(maxRows: number): Refusal {
  return refusal(
    413,
    'too_many_rows',
    `A job holds at most ${maxRows.toLocaleString('en-US')} rows: this one has more (send it as more than one job)`,
  );
}

function rowsRefusal(problems: RowProblem[]): Refusal {
  return invalid(`Row ${problems[0]!.row} is not valid (${problems[0]!.message}): nothing was queued`, { rows: problems });
}
