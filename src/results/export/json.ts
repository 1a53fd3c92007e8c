// The JSON export: the records themselves (the interpreter's, masked when masking is on), as an array.

/** The records in the given order of indices, or in their own order. */
export function inOrder<T>(records: readonly T[], order?: readonly number[]): T[] {
  return order ? order.map((index) => records[index]!) : [...records];
}

export function recordsToJson(records: readonly unknown[], { order }: { order?: readonly number[] } = {}): string {
  return `${JSON.stringify(inOrder(records, order), null, 2)}\n`;
}
