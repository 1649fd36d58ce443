// Month and money labels for the revenue trend, shared by the chart and its accessible table.
import { formatMonth } from '../../lib/locale-format';

const compactKES = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', notation: 'compact', maximumFractionDigits: 1 });

/** "2026-03" → "Mar 2026", or "Mac 2026" in Kiswahili: the chart's axis follows the chosen language. */
export const monthLabel = formatMonth;

/** Short KES for a chart axis ("Ksh 45K"), en-KE like formatKES. */
export function formatKESCompact(amount: number): string {
  return compactKES.format(amount);
}
