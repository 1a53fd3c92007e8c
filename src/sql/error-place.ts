// Where in the query DuckDB's error points. Its parser and binder errors end with the line of the
// query and a caret under the place:
//
//   Parser Error: syntax error at or near "fro"
//   LINE 1: select * fro answer
//                    ^
//
// A long line is shown as a window with `...` at a cut end, so the caret's column is found by
// locating the shown text in the query's own line. DuckDB-wasm hands the error over as JSON
// (`exception_type`, `exception_message`, `position`: the place's byte offset in the query), which
// is read first; the caret is the fallback.

export interface SqlErrorPlace {
  /** 1-based line of the query. */
  line: number;
  /** 0-based column in that line. */
  column: number;
  /** 0-based offset in the whole query (for selecting it in the editor). */
  offset: number;
}

export interface SqlErrorReport {
  /** The message without the LINE/caret lines. */
  message: string;
  place?: SqlErrorPlace;
}

const LINE_PREFIX = /^LINE (\d+): /;
const ELLIPSIS = '...';

interface EngineError {
  exception_type?: unknown;
  exception_message?: unknown;
  position?: unknown;
}

function parseEngineError(raw: string): EngineError | undefined {
  if (!raw.trimStart().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as EngineError).exception_message === 'string'
      ? (parsed as EngineError)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The character offset of a UTF-8 byte offset into the query. */
function charOffset(query: string, bytes: number): number {
  const encoder = new TextEncoder();
  let count = 0;
  let at = 0;
  for (const char of query) {
    if (count >= bytes) break;
    count += encoder.encode(char).length;
    at += char.length;
  }
  return at;
}

function placeAt(query: string, offset: number): SqlErrorPlace {
  const before = query.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length, offset };
}

export function readSqlError(raw: string, query: string): SqlErrorReport {
  const engineError = parseEngineError(raw);
  if (engineError) {
    const type =
      typeof engineError.exception_type === 'string' && engineError.exception_type !== '' ? `${engineError.exception_type} Error: ` : '';
    const fromText = readCaret(`${type}${engineError.exception_message as string}`, query);
    const position = Number(engineError.position);
    if (
      engineError.position === undefined ||
      !Number.isInteger(position) ||
      position < 0 ||
      position > new TextEncoder().encode(query).length
    )
      return fromText;
    return { message: fromText.message, place: placeAt(query, charOffset(query, position)) };
  }
  return readCaret(raw, query);
}

function readCaret(raw: string, query: string): SqlErrorReport {
  const lines = raw.split('\n');
  const at = lines.findIndex((line) => LINE_PREFIX.test(line));
  if (at === -1 || at + 1 >= lines.length) return { message: raw.trim() };
  const message = lines.slice(0, at).join('\n').trim();
  const prefix = LINE_PREFIX.exec(lines[at]!)!;
  const shown = lines[at]!.slice(prefix[0].length);
  const caret = lines[at + 1]!.indexOf('^') - prefix[0].length;
  const lineNumber = Number(prefix[1]);
  const queryLines = query.split('\n');
  const text = queryLines[lineNumber - 1];
  if (caret < 0 || text === undefined) return { message };
  let column = caret;
  if (shown.startsWith(ELLIPSIS)) {
    const inner = shown.slice(ELLIPSIS.length).replace(/\.\.\.$/, '');
    const start = text.indexOf(inner);
    if (start === -1) return { message };
    column = start + caret - ELLIPSIS.length;
  }
  column = Math.min(Math.max(column, 0), text.length);
  const offset = queryLines.slice(0, lineNumber - 1).reduce((sum, line) => sum + line.length + 1, 0) + column;
  return { message, place: { line: lineNumber, column, offset } };
}
