// Durations in settings: a whole number and a unit, `90s`, `10m`, `12h`, `7d`.
const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds, or undefined when `text` is not a duration. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,6})\s*([smhd])$/.exec(text.trim().toLowerCase());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNITS[match[2]!]!;
  return ms > 0 ? ms : undefined;
}
