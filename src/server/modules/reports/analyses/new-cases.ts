// New cases per MOH 705 row for a report's facilities and days, as the disease reports, the Performance Dashboard and
// the comparison of facilities read them. The moh module counts them (moh/new-cases.ts), with the very rule and
// query of the MOH 705A and 705B forms: a diagnosis flagged new on its row by the county's mapping, the data file's
// visit rules within each visit, a patient once per row per day at a facility, under 5 on 705A rows and 5 and over
// on 705B rows by the county's age rule. So a disease report and the form of the same days never disagree. This
// file only reads the counts: a row's cases over some buckets, its label, the leading conditions.
import type { MohForm } from '../../../../shared/moh/index.js';
import type { Db } from '../../../db/client.js';
import { countNewCases, type NewCases } from '../../moh/index.js';
import type { Covered, DayRange } from './common.js';

export type { NewCases };

export const FORMS: readonly MohForm[] = ['705A', '705B'];

/** How counts are split: per ISO week (YYYY-Www), per facility id, or not at all. */
export type Bucket = 'week' | 'facility' | 'none';

type FormRow = NewCases['rows'][MohForm][number];

/** The rows that are not diseases: visits, referrals, the lab's test count and SpO2 (hypoxaemia), never a new case. */
export const diseaseRow = (r: FormRow): boolean => r.source === 'diagnosis' || r.source === 'fallback' || r.key === 'physical_disability';

/** New cases on the disease rows for a report's facilities and days, per bucket (week, facility id as text, or ''). */
export function newCases(db: Db, covered: Covered, range: DayRange, bucket: Bucket): Promise<NewCases> {
  return countNewCases(db, { facilityIds: covered.map((f) => f.id), from: range.from, to: range.to, bucket, counted: 'diseases' });
}

/** A row's new cases on a form, summed over some buckets (all when none are named). */
export function casesOf(cases: NewCases, form: MohForm, key: string, buckets?: Iterable<string>): number {
  let n = 0;
  for (const b of buckets ?? cases.counts.keys()) n += cases.counts.get(b)?.[form].get(key) ?? 0;
  return n;
}

/** A row's label: the under-5 form's wording where both forms have it (705B writes some in capitals). */
export function rowLabel(cases: NewCases, key: string): string {
  return cases.rows['705A'].find((r) => r.key === key)?.label ?? cases.rows['705B'].find((r) => r.key === key)?.label ?? key;
}

/** Whether a form has a row. */
export const onForm = (cases: NewCases, form: MohForm, key: string): boolean => cases.rows[form].some((r) => r.key === key);

/**
 * The leading conditions in some buckets, both forms together by row key (rows both forms share count as one):
 * disease rows only, All other diseases left out (it says nothing of what was seen), most cases first, then by row.
 */
export function leadingConditions(cases: NewCases, limit: number, buckets?: readonly string[]): { key: string; label: string; cases: number }[] {
  const order = new Map<string, number>();
  for (const form of FORMS) for (const r of cases.rows[form]) if (diseaseRow(r) && r.key !== 'all_other_diseases' && !order.has(r.key)) order.set(r.key, order.size);
  const totals = [...order.keys()].map((key) => ({ key, label: rowLabel(cases, key), cases: FORMS.reduce((n, form) => n + casesOf(cases, form, key, buckets), 0) }));
  return totals
    .filter((t) => t.cases > 0)
    .sort((a, b) => b.cases - a.cases || order.get(a.key)! - order.get(b.key)!)
    .slice(0, limit);
}
