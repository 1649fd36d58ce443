// Which of a visit's diagnoses are IDSR notifiable diseases (issue 31 item 2): a death from one raises an IDSR
// alert. Read from the bundled ICD-11 list's 705 rows (each code's row by precedence alone) against the notifiable
// rows, so that this module needs nothing of the MOH module (which reads visits: the two would import each other).
import { NOTIFIABLE_ROWS } from '../../../shared/moh/index.js';
import { splitDiagnosisCode } from '../../../shared/medical-records/index.js';
import { ICD11_FILE } from './icd11-codes.js';

const NOTIFIABLE = new Set<string>(NOTIFIABLE_ROWS);
const ROW_OF = new Map(
  (ICD11_FILE as { codes: { code: string; rows?: Record<string, string> }[] }).codes.flatMap((c) => {
    const row = c.rows?.['705B'] ?? c.rows?.['705A'];
    return row && NOTIFIABLE.has(row) ? [[c.code, row] as const] : [];
  }),
);

/** The notifiable rows (e.g. 'cholera') a visit's codes fall in, each once. */
export function notifiableConditions(codes: readonly string[]): string[] {
  return [...new Set(codes.flatMap((code) => ROW_OF.get(splitDiagnosisCode(code).stem) ?? []))];
}
