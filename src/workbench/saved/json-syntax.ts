// Where a JSON text goes wrong, as a line and column a person can find in an editor. JSON.parse's
// messages differ between engines and often give no position at all ("Unexpected token 'x', … is
// not valid JSON"), so a small scanner of RFC 8259's grammar finds the first offending character.
// The scanner recurses once per nesting level, so it stops at MAX_JSON_DEPTH rather than overflow
// the stack; on a large file it runs in the import worker (import-client.ts), off the page's thread.

/** The deepest nesting the scanner follows; deeper is reported as the error (no file of ours nests near it). */
export const MAX_JSON_DEPTH = 1000;

export interface JsonSyntaxError {
  /** 1-based line and column of the offending character (or of the end of the text). */
  line: number;
  column: number;
  message: string;
}

export type JsonParse = { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError };

export function parseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, error: locateJsonError(text) ?? { ...lineColumn(text, 0), message: 'is not valid JSON' } };
  }
}

class Stop {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

/** The first syntax error of `text`, or undefined when it is valid JSON. */
export function locateJsonError(text: string): JsonSyntaxError | undefined {
  let at = 0;
  const fail = (message: string): never => {
    throw new Stop(at, at >= text.length ? 'the text ends too early' : message);
  };
  const describe = () => (at >= text.length ? 'the end' : `“${text[at]}”`);
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const expect = (char: string) => {
    if (text[at] !== char) fail(`expected “${char}” but found ${describe()}`);
    at++;
  };
  const literal = (word: string) => {
    for (const char of word) {
      if (text[at] !== char) fail(`unexpected ${describe()}`);
      at++;
    }
  };
  const string = () => {
    expect('"');
    while (at < text.length && text[at] !== '"') {
      const char = text[at]!;
      if (char < ' ') fail('a control character must be escaped inside a string');
      if (char === '\\') {
        at++;
        if (text[at] === 'u') {
          at++;
          for (let i = 0; i < 4; i++, at++) if (!/[0-9a-f]/i.test(text[at] ?? '')) fail('“\\u” needs four hexadecimal digits');
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[at] ?? '') || at >= text.length) fail(`unknown escape “\\${text[at] ?? ''}”`);
      }
      at++;
    }
    if (at >= text.length) fail('unterminated string');
    at++;
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(at));
    if (!match) fail(`unexpected ${describe()}`);
    at += match![0].length;
  };
  let depth = 0;
  const value = (): void => {
    space();
    const char = text[at];
    if ((char === '{' || char === '[') && depth >= MAX_JSON_DEPTH) fail(`nesting deeper than ${MAX_JSON_DEPTH} levels`);
    depth++;
    try {
      container(char);
    } finally {
      depth--;
    }
  };
  const container = (char: string | undefined): void => {
    if (char === '{') {
      at++;
      space();
      if (text[at] === '}') {
        at++;
        return;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail(`expected a property name in double quotes but found ${describe()}`);
        string();
        space();
        expect(':');
        value();
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === '}') {
          at++;
          return;
        }
        fail(`expected “,” or “}” but found ${describe()}`);
      }
    }
    if (char === '[') {
      at++;
      space();
      if (text[at] === ']') {
        at++;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === ']') {
          at++;
          return;
        }
        fail(`expected “,” or “]” but found ${describe()}`);
      }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
    fail(`unexpected ${describe()}`);
  };
  try {
    value();
    space();
    if (at < text.length) fail(`unexpected ${describe()} after the end of the JSON value`);
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { ...lineColumn(text, error.offset), message: error.message };
  }
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

export function describeJsonError(error: JsonSyntaxError): string {
  return `line ${error.line}, column ${error.column}: ${error.message}`;
}
