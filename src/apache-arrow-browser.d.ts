// Apache Arrow's API as the SQL part (src/sql/) uses it, for tsconfig.browser.json, which maps
// 'apache-arrow' here: the library's own types reference Node's (for its Node streams), and
// importing them would hand every browser file `process` and `Buffer` (as with papaparse-browser.d.ts).
// tsconfig.json checks the same calls against the library's own types, so this cannot drift unnoticed.
export declare class DataType {
  static isFloat(type: unknown): boolean;
  static isBool(type: unknown): boolean;
  static isTimestamp(type: unknown): boolean;
  static isDate(type: unknown): boolean;
}
export declare class Float64 extends DataType {}
export declare class Bool extends DataType {}
export declare class Utf8 extends DataType {}
export declare class TimestampMillisecond extends DataType {
  constructor(timezone?: string | null);
}
export declare class Data<T extends DataType = DataType> {
  readonly type: T;
  readonly length: number;
}
export declare function makeData<T extends DataType>(props: {
  type: T;
  length: number;
  nullCount: number;
  nullBitmap: Uint8Array;
  data: Uint8Array | Int32Array | Float64Array;
  valueOffsets?: Int32Array;
}): Data<T>;
export declare class Vector<T extends DataType = DataType> {
  readonly type: T;
  readonly length: number;
  get(index: number): unknown;
}
export declare function makeVector<T extends DataType>(data: Data<T>): Vector<T>;
export declare class Field {
  readonly name: string;
  readonly type: DataType;
}
export declare class Schema {
  readonly fields: Field[];
}
export declare class RecordBatch {
  readonly numRows: number;
}
export declare class Table {
  constructor();
  constructor(batches: RecordBatch[]);
  constructor(schema: Schema);
  constructor(columns: Record<string, Vector>);
  readonly numRows: number;
  readonly schema: Schema;
  getChild(name: string): Vector | null;
}
