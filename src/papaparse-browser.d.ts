// Papa Parse's API as browser code uses it (parse a string step by step, unparse rows), for
// tsconfig.browser.json, which maps 'papaparse' here: @types/papaparse references Node's types (for
// its stream mode), and importing it would hand every browser file `process` and `Buffer`.
// tsconfig.json checks the same calls against @types/papaparse, so this cannot drift unnoticed.
export interface ParseError {
  type: string;
  code: string;
  message: string;
  row?: number;
}

export interface ParseMeta {
  delimiter: string;
  linebreak: string;
  aborted: boolean;
  truncated: boolean;
  cursor: number;
  fields?: string[];
}

export interface ParseStepResult<T> {
  data: T;
  errors: ParseError[];
  meta: ParseMeta;
}

export interface ParseConfig<T> {
  header?: boolean;
  delimiter?: string;
  skipEmptyLines?: boolean | 'greedy';
  step?: (result: ParseStepResult<T>) => void;
}

export interface UnparseConfig {
  header?: boolean;
  newline?: string;
  delimiter?: string;
  quoteChar?: string;
  escapeChar?: string;
  escapeFormulae?: boolean | RegExp;
  quotes?: boolean | boolean[] | ((value: unknown, columnIndex: number) => boolean);
}

declare const Papa: {
  parse<T>(csvString: string, config: ParseConfig<T>): void;
  unparse(data: { fields: string[]; data: unknown[][] }, config?: UnparseConfig): string;
};
export default Papa;
