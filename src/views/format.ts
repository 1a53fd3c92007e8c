// Number and date formatting shared by the views (English, as the rest of the interface).
const integer = new Intl.NumberFormat('en-US');

export const formatInteger = (value: number) => integer.format(value);

export function formatMoney(value: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(value);
}

/** "2 h 19 min", "45 min", "52 s". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** A calendar date like "15 Oct 1999" from YYYY-MM-DD or epoch milliseconds, in UTC. */
export function formatDate(value: string | number): string {
  const date = typeof value === 'number' ? new Date(value) : new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** Date and time in UTC, e.g. "3 Mar 2024, 14:05 UTC". */
export function formatDateTime(epochMs: number): string {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return String(epochMs);
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${formatDate(epochMs)}, ${time} UTC`;
}
