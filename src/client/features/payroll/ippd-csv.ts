// Compare with IPPD's downloadable differences (ippd-dialog.tsx): a row per figure that differs, or per employee only in
// one of the two, as one table. Its column names and kinds of difference are codes in the register file's style
// (IPPD_COLUMNS), the same in every language; the byte-order mark is added as the file is saved (lib/download.ts).
import { toCsv } from '../../../shared/csv';
import type { IppdComparison } from '../../../shared/payroll';

export const IPPD_DIFFERENCE_COLUMNS = ['difference', 'personal_number', 'register_personal_number', 'name', 'register_line', 'figure', 'register', 'run'] as const;

export function ippdDifferencesCsv(result: IppdComparison): string {
  const rows = result.differences.flatMap((d) => (d.figures.length > 0 ? d.figures : [null]).map((f) => [d.kind, d.personalNumber, d.registerNumber, d.name, d.line, f?.figure, f?.register, f?.run]));
  return toCsv([IPPD_DIFFERENCE_COLUMNS, ...rows]);
}

export const ippdDifferencesFileName = (result: IppdComparison) => `ippd-differences-${result.period}.csv`;
