// Month and money labels for the revenue trend, shared by the chart and its accessible table.

const monthFormatter = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const compactKES = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', notation: 'compact', maximumFractionDigits: 1 });

/** "2026-03" → "Mar 2026" (en-GB, as formatDate words months, SPEC.md §9). */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthFormatter.format(new Date(Date.UTC(y, m - 1, 1)));
}

/** Short KES for a chart axis ("Ksh 45K"), en-KE like formatKES. */
export function formatKESCompact(amount: number): string {
  return compactKES.format(amount);
}
