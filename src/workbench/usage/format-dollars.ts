/** A dollar amount as the catalog writes prices: `$0.006`, `$0.018`, `$1.20` (up to six decimals, at least two). */
export function formatDollars(dollars: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(
    dollars,
  );
}
