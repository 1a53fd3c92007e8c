// The rows of a job read from a POST /jobs body, kept as compact JSON text until they are stored
// (issue 36, decision 042). Kept as the objects JSON.parse made, a 900,000-row body was 2.7 million
// small objects surviving collection after collection: the young generation's pauses held
// /healthz past 300 ms and the server's memory doubled. Here each row is parsed, checked, and
// written back as text; rows are gathered GROUP_ROWS at a time into one string with their ends in a
// typed array, so 900,000 rows are about 900 strings. JSON.stringify of a row is the text the job
// store wrote for it before, so the stored chunks are the same bytes.

/** Rows joined into one string. */
const GROUP_ROWS = 1024;

export class RowTexts {
  private readonly groups: string[] = [];
  /** Per group, where each row's text ends in it. */
  private readonly ends: Uint32Array[] = [];
  private open: string[] = [];
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** Keeps a row (a value JSON.parse made) as its JSON text. */
  add(row: unknown): void {
    this.open.push(JSON.stringify(row));
    this.count += 1;
    if (this.open.length === GROUP_ROWS) this.seal();
  }

  /** The JSON text of row `index` (from 0). */
  at(index: number): string {
    const group = Math.floor(index / GROUP_ROWS);
    const inGroup = index % GROUP_ROWS;
    if (group >= this.groups.length) return this.open[inGroup]!;
    const ends = this.ends[group]!;
    return this.groups[group]!.slice(inGroup === 0 ? 0 : ends[inGroup - 1], ends[inGroup]);
  }

  /** Row `index` parsed again. */
  row(index: number): unknown {
    return JSON.parse(this.at(index));
  }

  /** Rows `from` to `to` (not included) as one JSON array's text: JSON.stringify of those rows. */
  arrayText(from: number, to: number): string {
    const texts: string[] = [];
    for (let index = from; index < Math.min(to, this.count); index++) texts.push(this.at(index));
    return `[${texts.join(',')}]`;
  }

  private seal(): void {
    const ends = new Uint32Array(this.open.length);
    let at = 0;
    for (let i = 0; i < this.open.length; i++) ends[i] = at += this.open[i]!.length;
    this.groups.push(this.open.join(''));
    this.ends.push(ends);
    this.open = [];
  }
}
