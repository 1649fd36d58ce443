// New cases per MOH 705 row for a day range, counted by the database (the disease reports, the dashboard and the
// comparison of facilities read these): the visits' diagnoses flagged NEW, each ICD-11 code on its 705 row by the
// county's mapping (moh module: mappingResolver, codeRow) and the data file's visit rules (diagnosisRules), under 5
// on MOH 705A rows and 5 and over on 705B rows by the county's age rule.
//
// As on MOH 705, a patient counts once per row per day at a facility. The database groups a facility's visits
// into patient-days with their distinct new codes, and then patient-days with the same codes into one count; only
// those counts (a few per code combination) come back, so a year of the county's visits is never read row by row.
// The visit rules then apply once per code combination, to all the codes of the patient's day at that facility
// (on the paper form, to each visit: the two differ only for a patient seen twice in a day with, say, a dehydration
// graded at one visit and the diarrhoea at the other).
import { and, eq, sql } from 'drizzle-orm';
import type { MohForm } from '../../../../shared/moh/index.js';
import type { Db } from '../../../db/client.js';
import { countyDateOf } from '../../../core/county-time.sql.js';
import { medicalRecordDiagnoses, medicalRecords } from '../../medical-records/medical-records.schema.js';
import { codeRow, diagnosisRules, loadFormDefinition, loadSettings, mappingResolver, outpatientFormSql, type FormRowDef } from '../../moh/index.js';
import { patients } from '../../patients/patients.schema.js';
import { inCovered, within, type Covered, type DayRange } from './common.js';

export const FORMS: readonly MohForm[] = ['705A', '705B'];

/** How counts are split: per ISO week (YYYY-Www), per facility id, or not at all. */
export type Bucket = 'week' | 'facility' | 'none';

export type NewCases = {
  /** Each form's rows in the form's order (key, row number, label, source). */
  rows: Record<MohForm, FormRowDef[]>;
  /** New cases per bucket (week, facility id as text, or '') per form per row key. */
  counts: Map<string, Record<MohForm, Map<string, number>>>;
};

/** The rows that are not diseases: visits, referrals, the lab's test count and SpO2 (hypoxaemia), never a new case. */
export const diseaseRow = (r: FormRowDef): boolean => r.source === 'diagnosis' || r.source === 'fallback' || r.key === 'physical_disability';

export async function countNewCases(db: Db, covered: Covered, range: DayRange, bucket: Bucket): Promise<NewCases> {
  const settings = await loadSettings(db);
  const definitions = { '705A': await loadFormDefinition(db, '705A', settings), '705B': await loadFormDefinition(db, '705B', settings) };
  const resolvers = { '705A': mappingResolver(definitions['705A'].entries), '705B': mappingResolver(definitions['705B'].entries) };

  const day = countyDateOf(medicalRecords.visitDate);
  const patientDays = db
    .select({
      facilityId: sql<number>`${medicalRecords.facilityId}`.as('pd_facility_id'),
      patientId: sql<number>`${medicalRecords.patientId}`.as('pd_patient_id'),
      day: sql<string>`${day}`.as('pd_day'),
      codes: sql<string[]>`array_agg(distinct ${medicalRecordDiagnoses.code} order by ${medicalRecordDiagnoses.code})`.as('pd_codes'),
    })
    .from(medicalRecords)
    .innerJoin(medicalRecordDiagnoses, and(eq(medicalRecordDiagnoses.recordId, medicalRecords.id), eq(medicalRecordDiagnoses.caseType, 'new')))
    .where(and(inCovered(medicalRecords.facilityId, covered), within(medicalRecords.visitDate, range)))
    .groupBy(medicalRecords.facilityId, medicalRecords.patientId, day)
    .as('patient_days');
  const bucketOf = { week: sql<string>`to_char(${patientDays.day}, 'IYYY-"W"IW')`, facility: sql<string>`${patientDays.facilityId}::text`, none: sql<string>`''` }[bucket];
  const form = outpatientFormSql(patients.dateOfBirth, sql`${patientDays.day}`, settings.ageRule);
  const groups = await db
    .select({ bucket: bucketOf, form, codes: patientDays.codes, n: sql<number>`count(*)::int` })
    .from(patientDays)
    .innerJoin(patients, eq(patients.id, patientDays.patientId))
    // A constant is no grouping (PostgreSQL refuses one in GROUP BY).
    .groupBy(...(bucket === 'none' ? [] : [bucketOf]), form, patientDays.codes);

  const counts: NewCases['counts'] = new Map();
  const rowsOf = new Map<string, Set<string>>();
  for (const g of groups) {
    const combination = `${g.form}|${g.codes.join(' ')}`;
    let keys = rowsOf.get(combination);
    if (!keys) rowsOf.set(combination, (keys = diagnosisRules(new Set(g.codes.map((code) => codeRow(code, resolvers[g.form], settings))), settings)));
    let perForm = counts.get(g.bucket);
    if (!perForm) counts.set(g.bucket, (perForm = { '705A': new Map(), '705B': new Map() }));
    for (const key of keys) perForm[g.form].set(key, (perForm[g.form].get(key) ?? 0) + g.n);
  }
  return { rows: { '705A': definitions['705A'].rows, '705B': definitions['705B'].rows }, counts };
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
