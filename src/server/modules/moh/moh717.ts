// MOH 717, the monthly service workload (issue 13): the outpatient, pharmacy, medical-records and finance rows the
// county's data supports, each a keyed item (a KHIS data value). Rows it has no data for say which data they need,
// and are never reported as zero.
import { and, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { ageInYears } from '../../../shared/county-time.js';
import { centsValue, type Cents } from '../../../shared/money.js';
import { outpatientForm, type AgeRule } from '../../../shared/moh/index.js';
import type { Db } from '../../db/client.js';
import { countyDateOf } from '../../core/county-time.sql.js';
import { moneySql } from '../../db/columns.js';
import { billingRecords, payments } from '../billing/billing.schema.js';
import { medicalRecords } from '../medical-records/medical-records.schema.js';
import { patients } from '../patients/patients.schema.js';
import { monthWindow } from './moh705.js';

/** Cents to whole shillings, half up (one rounding rule, DESIGN.md §5). */
const wholeKes = (cents: number) => Math.floor((cents + 50) / 100);

export type Moh717Item = { key: string; section: string; label: string; value: number | null; notRecorded: string | null };

const OPD_COLUMNS = [
  ['u5_m', 'Under 5 years, male'],
  ['u5_f', 'Under 5 years, female'],
  ['o5_m', '5 years and over, male'],
  ['o5_f', '5 years and over, female'],
  ['o60', 'Of whom 60 years and over'],
] as const;

const CLINIC = 'Visits do not record the clinic they were seen in (casualty, special clinics, MCH/FP, dental) yet';

/** The rows of MOH 717 this system reports, in the form's order; `notRecorded` says what a row without data needs. */
export const MOH717_ITEMS: readonly { key: string; section: string; label: string; notRecorded?: string }[] = [
  ...(['opd_new', 'opd_re'] as const).flatMap((kind) =>
    OPD_COLUMNS.map(([col, colLabel]) => ({ key: `${kind}_${col}`, section: 'Outpatient services', label: `${kind === 'opd_new' ? 'New attendances' : 'Re-attendances'}: ${colLabel}` })),
  ),
  { key: 'casualty', section: 'Outpatient services', label: 'Casualty (emergency) attendances', notRecorded: CLINIC },
  { key: 'special_clinics', section: 'Outpatient services', label: 'Special clinics (ENT, eye, TB, CCC, diabetes…)', notRecorded: CLINIC },
  { key: 'mch_fp', section: 'Outpatient services', label: 'MCH / family planning attendances', notRecorded: CLINIC },
  { key: 'dental', section: 'Outpatient services', label: 'Dental attendances', notRecorded: CLINIC },
  { key: 'inpatient', section: 'Inpatient services', label: 'Admissions, discharges, deaths and bed days by ward', notRecorded: 'Needs inpatient admissions and discharges by ward, which are not recorded yet' },
  { key: 'maternity', section: 'Maternity', label: 'Deliveries and caesarean sections', notRecorded: 'Needs a maternity register (deliveries, outcomes), which is not recorded yet' },
  { key: 'operations', section: 'Theatre', label: 'Major and minor operations', notRecorded: 'Needs a theatre register, which is not recorded yet' },
  { key: 'laboratory', section: 'Laboratory and imaging', label: 'Laboratory tests and imaging examinations', notRecorded: 'Needs laboratory and imaging results, which are not recorded yet' },
  { key: 'pharmacy_prescriptions', section: 'Pharmacy', label: 'Prescriptions written at outpatient visits' },
  { key: 'records_new_files', section: 'Medical records', label: 'New files opened (patients registered)' },
  { key: 'finance_collected', section: 'Finance', label: 'Amount collected from patients (KES)' },
  { key: 'finance_collected_cash', section: 'Finance', label: '… of which cash (KES)' },
  { key: 'finance_collected_mpesa', section: 'Finance', label: '… of which M-Pesa (KES)' },
  { key: 'finance_collected_card', section: 'Finance', label: '… of which card (KES)' },
  { key: 'finance_payments', section: 'Finance', label: 'Number of payments received' },
  { key: 'finance_waived', section: 'Finance', label: 'Amount waived (KES)', notRecorded: 'Billing records no waivers yet' },
  { key: 'finance_exempted', section: 'Finance', label: 'Amount exempted (KES)', notRecorded: 'Billing records no exemptions yet' },
];

/** MOH 717 for some facilities and a month, summed over them; also each facility's items (its KHIS data values). */
export async function countMoh717(
  db: Db,
  facilityIds: readonly number[],
  period: string,
  ageRule: AgeRule,
): Promise<{ items: Moh717Item[]; perFacility: Map<number, Record<string, number | null>> }> {
  const { from, to } = monthWindow(period);
  const ids = [...facilityIds];
  const perFacility = new Map<number, Record<string, number>>(ids.map((id) => [id, {}]));
  const add = (facilityId: number, key: string, n: number) => {
    const f = perFacility.get(facilityId)!;
    f[key] = (f[key] ?? 0) + n;
  };
  if (ids.length > 0) {
    const visits = await db
      .select({
        facilityId: medicalRecords.facilityId,
        day: sql<string>`${countyDateOf(medicalRecords.visitDate)}::text`,
        dateOfBirth: patients.dateOfBirth,
        gender: patients.gender,
        visitType: medicalRecords.visitType,
        prescribed: sql<boolean>`coalesce(btrim(${medicalRecords.prescription}), '') <> ''`,
      })
      .from(medicalRecords)
      .innerJoin(patients, eq(patients.id, medicalRecords.patientId))
      .where(and(inArray(medicalRecords.facilityId, ids), gte(medicalRecords.visitDate, from), lt(medicalRecords.visitDate, to)));
    for (const v of visits) {
      const kind = v.visitType === 'new' ? 'opd_new' : 'opd_re';
      const under5 = outpatientForm(v.dateOfBirth, v.day, ageRule) === '705A';
      add(v.facilityId, `${kind}_${under5 ? 'u5' : 'o5'}_${v.gender === 'female' ? 'f' : 'm'}`, 1);
      if (ageInYears(v.dateOfBirth, v.day) >= 60) add(v.facilityId, `${kind}_o60`, 1);
      if (v.prescribed) add(v.facilityId, 'pharmacy_prescriptions', 1);
    }
    const files = await db
      .select({ facilityId: patients.facilityId, n: sql<number>`count(*)::int` })
      .from(patients)
      .where(and(inArray(patients.facilityId, ids), gte(patients.createdAt, from), lt(patients.createdAt, to)))
      .groupBy(patients.facilityId);
    for (const f of files) if (f.facilityId !== null) add(f.facilityId, 'records_new_files', f.n);
    const collected = await db
      .select({ facilityId: billingRecords.facilityId, method: payments.method, amount: moneySql(sql`coalesce(sum(${payments.amount}), 0)`), n: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(billingRecords, eq(billingRecords.id, payments.billingRecordId))
      .where(and(inArray(billingRecords.facilityId, ids), eq(payments.status, 'succeeded'), isNotNull(payments.completedAt), gte(payments.completedAt, from), lt(payments.completedAt, to), ne(payments.amount, sql`0`)))
      .groupBy(billingRecords.facilityId, payments.method);
    for (const c of collected) {
      // Summed in cents (integers); the form shows whole shillings (wholeKes below), as the paper 717 has no cents.
      add(c.facilityId, 'finance_collected', centsValue(c.amount as Cents));
      add(c.facilityId, `finance_collected_${c.method}`, centsValue(c.amount as Cents));
      add(c.facilityId, 'finance_payments', c.n);
    }
  }
  const valueOf = (id: number, key: string) => {
    const v = perFacility.get(id)![key] ?? 0;
    // Money is summed in cents per facility and shown in whole shillings.
    return key.startsWith('finance_collected') ? wholeKes(v) : v;
  };
  const sumOf = (key: string) => {
    if (!key.startsWith('finance_collected')) return ids.reduce((sum, id) => sum + valueOf(id, key), 0);
    return wholeKes(ids.reduce((sum, id) => sum + (perFacility.get(id)![key] ?? 0), 0));
  };
  const items: Moh717Item[] = MOH717_ITEMS.map((i) =>
    i.notRecorded ? { ...i, value: null, notRecorded: `Not recorded: ${i.notRecorded}` } : { ...i, value: sumOf(i.key), notRecorded: null },
  );
  const facilityValues = new Map(ids.map((id) => [id, Object.fromEntries(MOH717_ITEMS.map((i) => [i.key, i.notRecorded ? null : valueOf(id, i.key)]))]));
  return { items, perFacility: facilityValues };
}
