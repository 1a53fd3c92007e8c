// Reads a JSONPath expression into a small syntax tree. The subset (RFC 9535's core, written by
// hand because the page's CSP forbids eval and the libraries that fit were too slow over 100,000
// records; see docs/decisions/014-query-inside-an-answer.md): `$`, `.name`, `['name']`, `[n]` (negative from the end), `[*]`
// and `.*`, `..` before any of those, `[start:end:step]`, unions `[0,2]` / `['a','b']`, and
// filters `[?(@.x == 'y')]` with `== != < <= > >=`, `&&`, `||`, `!`, parentheses, `@` and `$`
// paths, an existence test `[?(@.x)]`, and string, number, true, false and null literals.

export type Selector =
  | { kind: 'name'; name: string }
  | { kind: 'wildcard' }
  | { kind: 'index'; index: number }
  | { kind: 'slice'; start?: number; end?: number; step?: number }
  | { kind: 'filter'; test: FilterExpr };

export interface PathStep {
  /** `..`: the selectors apply to the node and every node below it. */
  descendant: boolean;
  selectors: Selector[];
}

export interface PathQuery {
  root: '$' | '@';
  steps: PathStep[];
}

export type Literal = string | number | boolean | null;
export type Operand = { kind: 'literal'; value: Literal } | { kind: 'query'; query: PathQuery };
export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export type FilterExpr =
  | { kind: 'or' | 'and'; left: FilterExpr; right: FilterExpr }
  | { kind: 'not'; expr: FilterExpr }
  | { kind: 'exists'; query: PathQuery }
  | { kind: 'compare'; op: CompareOp; left: Operand; right: Operand };

/** An expression that does not read, with the character (0-based) where reading stopped. */
export class JsonPathError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
    this.name = 'JsonPathError';
  }
}

const NAME_START = /[A-Za-z_\u0080-\uffff]/;
const NAME_PART = /[A-Za-z0-9_\-\u0080-\uffff]/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const INTEGER = /-?(?:0|[1-9]\d*)/y;
const COMPARE_OPS: readonly CompareOp[] = ['==', '!=', '<=', '>=', '<', '>'];

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }

  at(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }

  skipSpace() {
    while (/\s/.test(this.peek())) this.pos += 1;
  }

  fail(message: string, at = this.pos): never {
    throw new JsonPathError(message, at);
  }

  /** What stands at the reading position, for messages. */
  found(): string {
    return this.pos >= this.text.length ? 'the end' : `“${this.peek()}”`;
  }

  expect(token: string) {
    if (!this.at(token)) this.fail(`Expected “${token}” at character ${this.pos + 1}, found ${this.found()}.`);
    this.pos += token.length;
  }

  match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.text)?.[0];
    if (found !== undefined) this.pos += found.length;
    return found;
  }
}

/**
 * The longest expression read. Reading and running recurse once per bracket, parenthesis, `!` or
 * `&&`, so a pasted megabyte of "((((" would overflow the stack; a thousand characters cannot.
 */
export const JSONPATH_MAX_LENGTH = 1000;

/** Reads an expression; throws JsonPathError with a message fit for the field when it does not read. */
export function parseJsonPath(text: string): PathQuery {
  if (text.length > JSONPATH_MAX_LENGTH) {
    throw new JsonPathError(
      `A JSONPath reads at most ${JSONPATH_MAX_LENGTH.toLocaleString('en-US')} characters; this one has ${text.length.toLocaleString('en-US')}.`,
      JSONPATH_MAX_LENGTH,
    );
  }
  const reader = new Reader(text);
  reader.skipSpace();
  if (!reader.at('$'))
    reader.fail(text.trim() === '' ? 'Type a JSONPath expression, starting with $.' : `A JSONPath starts with $, found ${reader.found()}.`);
  const query = readQuery(reader);
  reader.skipSpace();
  if (reader.pos < text.length) reader.fail(`Unexpected ${reader.found()} at character ${reader.pos + 1}.`);
  return query;
}

function readQuery(reader: Reader): PathQuery {
  const root = reader.peek() as '$' | '@';
  reader.pos += 1;
  const steps: PathStep[] = [];
  for (;;) {
    if (reader.at('..')) {
      reader.pos += 2;
      steps.push({ descendant: true, selectors: reader.peek() === '[' ? readBracket(reader) : [readShorthand(reader, '..')] });
    } else if (reader.at('.')) {
      reader.pos += 1;
      steps.push({ descendant: false, selectors: [readShorthand(reader, '.')] });
    } else if (reader.at('[')) {
      steps.push({ descendant: false, selectors: readBracket(reader) });
    } else return { root, steps };
  }
}

function readShorthand(reader: Reader, after: string): Selector {
  if (reader.peek() === '*') {
    reader.pos += 1;
    return { kind: 'wildcard' };
  }
  const start = reader.pos;
  if (!NAME_START.test(reader.peek()))
    reader.fail(`Expected a name or * after “${after}” at character ${start + 1}, found ${reader.found()}.`);
  while (reader.pos < reader.text.length && NAME_PART.test(reader.peek())) reader.pos += 1;
  return { kind: 'name', name: reader.text.slice(start, reader.pos) };
}

function readBracket(reader: Reader): Selector[] {
  const open = reader.pos;
  reader.pos += 1;
  const selectors: Selector[] = [];
  for (;;) {
    reader.skipSpace();
    selectors.push(readSelector(reader));
    reader.skipSpace();
    if (reader.peek() === ',') {
      reader.pos += 1;
      continue;
    }
    if (reader.peek() === ']') {
      reader.pos += 1;
      return selectors;
    }
    reader.fail(
      reader.pos >= reader.text.length
        ? `The “[” at character ${open + 1} is not closed with “]”.`
        : `Expected “,” or “]” at character ${reader.pos + 1}, found ${reader.found()}.`,
    );
  }
}

function readSelector(reader: Reader): Selector {
  const char = reader.peek();
  if (char === '*') {
    reader.pos += 1;
    return { kind: 'wildcard' };
  }
  if (char === "'" || char === '"') return { kind: 'name', name: readString(reader) };
  if (char === '?') {
    reader.pos += 1;
    reader.skipSpace();
    return { kind: 'filter', test: readOr(reader) };
  }
  if (char === ':' || char === '-' || /\d/.test(char)) return readIndexOrSlice(reader);
  return reader.fail(`Expected a quoted name, a number, a slice, * or a ?filter at character ${reader.pos + 1}, found ${reader.found()}.`);
}

function readInteger(reader: Reader): number | undefined {
  const start = reader.pos;
  const found = reader.match(INTEGER);
  if (found === undefined) return undefined;
  const value = Number(found);
  if (!Number.isSafeInteger(value)) reader.fail(`The number at character ${start + 1} is too large.`, start);
  return value;
}

function readIndexOrSlice(reader: Reader): Selector {
  const start = readInteger(reader);
  reader.skipSpace();
  if (reader.peek() !== ':') {
    if (start === undefined) reader.fail(`Expected a number at character ${reader.pos + 1}, found ${reader.found()}.`);
    return { kind: 'index', index: start };
  }
  reader.pos += 1;
  reader.skipSpace();
  const end = readInteger(reader);
  reader.skipSpace();
  let step: number | undefined;
  if (reader.peek() === ':') {
    reader.pos += 1;
    reader.skipSpace();
    step = readInteger(reader);
  }
  return { kind: 'slice', start, end, step };
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', '/': '/', '\\': '\\', "'": "'", '"': '"' };

function readString(reader: Reader): string {
  const quote = reader.peek();
  const start = reader.pos;
  reader.pos += 1;
  let value = '';
  while (reader.pos < reader.text.length) {
    const char = reader.peek();
    reader.pos += 1;
    if (char === quote) return value;
    if (char !== '\\') {
      value += char;
      continue;
    }
    const escaped = reader.peek();
    reader.pos += 1;
    if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(reader.text.slice(reader.pos, reader.pos + 4))) {
      value += String.fromCharCode(parseInt(reader.text.slice(reader.pos, reader.pos + 4), 16));
      reader.pos += 4;
    } else if (escaped in ESCAPES) value += ESCAPES[escaped];
    else reader.fail(`Unknown escape “\\${escaped}” at character ${reader.pos - 1}.`, reader.pos - 2);
  }
  return reader.fail(`The text starting at character ${start + 1} is not closed with ${quote}.`, start);
}

function readOr(reader: Reader): FilterExpr {
  let left = readAnd(reader);
  while (reader.at('||')) {
    reader.pos += 2;
    reader.skipSpace();
    left = { kind: 'or', left, right: readAnd(reader) };
  }
  return left;
}

function readAnd(reader: Reader): FilterExpr {
  let left = readUnary(reader);
  while (reader.at('&&')) {
    reader.pos += 2;
    reader.skipSpace();
    left = { kind: 'and', left, right: readUnary(reader) };
  }
  return left;
}

function readUnary(reader: Reader): FilterExpr {
  if (reader.peek() === '!' && reader.peek(1) !== '=') {
    reader.pos += 1;
    reader.skipSpace();
    return { kind: 'not', expr: readUnary(reader) };
  }
  if (reader.peek() === '(') {
    reader.pos += 1;
    reader.skipSpace();
    const inner = readOr(reader);
    reader.expect(')');
    reader.skipSpace();
    return inner;
  }
  const start = reader.pos;
  const left = readOperand(reader);
  reader.skipSpace();
  const op = COMPARE_OPS.find((candidate) => reader.at(candidate));
  if (!op) {
    if (left.kind === 'literal') reader.fail(`A filter needs a path to test, such as @.name == 'x', at character ${start + 1}.`, start);
    return { kind: 'exists', query: left.query };
  }
  reader.pos += op.length;
  reader.skipSpace();
  const right = readOperand(reader);
  reader.skipSpace();
  for (const side of [left, right]) {
    if (side.kind === 'query' && !isSingular(side.query))
      reader.fail('A comparison needs a path to one value (names and indices only, no *, .., slices or filters).', start);
  }
  return { kind: 'compare', op, left, right };
}

function isSingular(query: PathQuery): boolean {
  return query.steps.every(
    (step) =>
      !step.descendant && step.selectors.length === 1 && (step.selectors[0]!.kind === 'name' || step.selectors[0]!.kind === 'index'),
  );
}

function readOperand(reader: Reader): Operand {
  const char = reader.peek();
  if (char === '@' || char === '$') return { kind: 'query', query: readQuery(reader) };
  if (char === "'" || char === '"') return { kind: 'literal', value: readString(reader) };
  for (const [word, value] of [
    ['true', true],
    ['false', false],
    ['null', null],
  ] as const) {
    if (reader.at(word) && !NAME_PART.test(reader.peek(word.length))) {
      reader.pos += word.length;
      return { kind: 'literal', value };
    }
  }
  const number = reader.match(NUMBER);
  if (number !== undefined) return { kind: 'literal', value: Number(number) };
  return reader.fail(
    `Expected @, $, a quoted text, a number, true, false or null at character ${reader.pos + 1}, found ${reader.found()}.`,
  );
}
