// MOH 705A / 705B, the monthly outpatient morbidity summaries (issue 13; domain/REPORTING.md): new cases per row
// per day 1…N and the month's total, counted from coded visits, with the attendance and referral rows.
//
// Counting: a diagnosis flagged new goes to one row (mapping.ts); a patient counts once per row per day. A visit
// counts on 705A or 705B by the age rule (shared/moh/age-rule.ts). The visit rules of the data file apply within a
// visit: dehydration grades need a diarrhoea code, Other injuries / Other bites give way to a specific cause.
import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { countyDateOf } from '../../core/county-time.sql.js';
import { countyInstant } from '../../../shared/county-time.js';
import {
  lastDayOfMonth,
  outpatientForm,
  UNDER_FIVE,
  type AgeRule,
  type FacilityTotals,
  type FormRowResult,
  type MohForm,
  type MohFormData,
  type MohSettings,
  type RowSource,
} from '../../../shared/moh/index.js';
import { splitDiagnosisCode } from '../../../shared/medical-records/index.js';
import type { Db } from '../../db/client.js';
import { facilities } from '../facilities/facilities.schema.js';
import { medicalRecordDiagnoses, medicalRecords } from '../medical-records/medical-records.schema.js';
import { patients } from '../patients/patients.schema.js';
import { referralEvents, referrals } from '../referrals/referrals.schema.js';
import { mappingResolver, type MappingEntry } from './mapping.js';
import { mohFormRows, mohRowCodes } from './moh.schema.js';

export type FormRowDef = { key: string; row: number; label: string; source: RowSource; note: string | null };

/** A form's rows in order and the code entries that feed its diagnosis rows. */
export async function loadFormDefinition(db: Db, form: MohForm, settings: MohSettings): Promise<{ rows: FormRowDef[]; entries: MappingEntry[] }> {
  const rows = (await db.select().from(mohFormRows).where(eq(mohFormRows.form, form)).orderBy(asc(mohFormRows.row))).map((r) => ({
    key: r.key,
    row: r.row,
    label: r.label,
    source: r.source as RowSource,
    note: r.note,
  }));
  const counted = new Set(rows.filter((r) => countsCodes(r, settings)).map((r) => r.key));
  const rowOf = new Map(rows.map((r) => [r.key, r.row]));
  const codes = await db.select().from(mohRowCodes).where(eq(mohRowCodes.form, form)).orderBy(asc(mohRowCodes.id));
  const entries = codes
    .filter((c) => counted.has(c.rowKey))
    .map((c) => ({ rowKey: c.rowKey, row: rowOf.get(c.rowKey)!, code: c.code, match: c.match as 'exact' | 'prefix', withExtension: c.withExtension }));
  return { rows, entries };
}

/** Whether a row counts diagnosis codes: the disease rows, and Physical disability when the county maps codes to it. */
function countsCodes(r: FormRowDef, settings: MohSettings): boolean {
  return r.source === 'diagnosis' || (r.key === 'physical_disability' && settings.physicalDisability === 'mappedCodes');
}

/** Why a row that is not counted from codes or visits has no figure (null: it has one). */
function notRecorded(r: FormRowDef, settings: MohSettings): string | null {
  if (r.source === 'lab') return 'Not recorded: needs malaria test results (RDT or blood slide) from the laboratory, which the county does not record yet';
  if (r.key === 'deaths_due_to_road_traffic_injuries') return 'Not recorded: needs the outcome of the visit (died), which visits do not record yet';
  if (r.key === 'physical_disability' && settings.physicalDisability === 'notRecorded') return 'Not recorded: needs a disability assessment or register (no ICD-11 code exists); map codes to it in the settings to count them';
  if (r.key === 'hypoxaemia' && settings.hypoxaemia === 'notRecorded') return 'Not recorded: the county set Hypoxaemia to not be counted from SpO2 (settings of /reports)';
  return null;
}

const DIARRHOEA_ROWS = ['diarrhoea_with_no_dehydration', 'gastroenteritis', 'cholera', 'dysentry'];
const DEHYDRATION_ROWS = ['diarrhoea_with_some_dehydration', 'diarrhoea_with_severe_dehydration'];
const INJURY_CAUSES = ['road_traffic_injuries', 'violence_related_injuries', 'sexual_violence', 'snake_bites', 'dog_bites', 'other_bites'];
const ATTENDANCE = { '705A': { new: 'new_attendances', revisit: 're_attendances' }, '705B': { new: 'no_of_first_attendances', revisit: 're_attendances' } } as const;
const REFERRED_FROM = { facility: 'referrals_from_other_health_facility', community_unit: 'referrals_from_community_unit' } as const;
const REFERRED_TO = { facility: 'referrals_to_other_health_facility', community_unit: 'referrals_to_community_unit' } as const;

/** In situ and benign neoplasms (ICD-11 2E6*–2F7*), which a county may leave out of Suspected childhood cancers. */
const isBenignNeoplasm = (code: string) => {
  const { stem } = splitDiagnosisCode(code);
  return stem >= '2E6' && stem < '2F8';
};

/** The row one new-case code counts in on a form: its mapped row, or All other diseases (and benign neoplasms there when the county says so). */
export function codeRow(code: string, resolve: (code: string) => string | null, settings: MohSettings): string {
  const key = resolve(code) ?? 'all_other_diseases';
  if (key === 'suspected_childhood_cancers' && settings.childhoodCancers === 'excludeBenign' && isBenignNeoplasm(code)) return 'all_other_diseases';
  return key;
}

/**
 * The data file's visit rules over the diagnosis rows of one visit (changed in place and returned): dehydration is
 * graded only with a diarrhoea, a specific injury or bite beats Other injuries / Other bites, and the malaria
 * settings.
 */
export function diagnosisRules(hit: Set<string>, settings: MohSettings): Set<string> {
  const has = (k: string) => hit.has(k);
  if (DEHYDRATION_ROWS.some(has)) {
    // Dehydration is graded only with a diarrhoea on the same visit; alone it is another disease.
    if (DIARRHOEA_ROWS.some(has)) hit.delete('diarrhoea_with_no_dehydration');
    else {
      DEHYDRATION_ROWS.forEach((k) => hit.delete(k));
      hit.add('all_other_diseases');
    }
  }
  if (INJURY_CAUSES.some(has)) hit.delete('other_injuries');
  if (has('snake_bites') || has('dog_bites')) hit.delete('other_bites');
  if (settings.suspectedMalaria === 'allMalaria' && (has('confirmed_malaria') || has('malaria_in_pregnancy'))) hit.add('suspected_malaria');
  if (settings.malariaInPregnancy === 'pregnancyRowOnly' && has('malaria_in_pregnancy')) hit.delete('confirmed_malaria');
  return hit;
}

/** The rows one visit counts in on its form, from its new-case codes, by the file's visit rules and the settings. */
export function visitRows(
  form: MohForm,
  visit: { codes: readonly string[]; visitType: 'new' | 'revisit'; referredFrom: string | null; referredTo: string | null; spo2: number | null },
  resolve: (code: string) => string | null,
  settings: MohSettings,
): Set<string> {
  const hit = diagnosisRules(new Set(visit.codes.map((code) => codeRow(code, resolve, settings))), settings);
  if (form === '705A' && settings.hypoxaemia === 'spo2Below90' && visit.spo2 !== null && visit.spo2 < 90) hit.add('hypoxaemia');
  hit.add(ATTENDANCE[form][visit.visitType]);
  if (visit.referredFrom) hit.add(REFERRED_FROM[visit.referredFrom as keyof typeof REFERRED_FROM]);
  if (visit.referredTo) hit.add(REFERRED_TO[visit.referredTo as keyof typeof REFERRED_TO]);
  return hit;
}

/**
 * Which outpatient form a visit counts on, in SQL: the twin of outpatientForm (shared/moh/age-rule.ts) for counts
 * made by the database. `day` is the visit's county date (a date). PostgreSQL's age() gives whole years exactly as
 * ageInYears does: a year is complete on the birthday, and one born on 29 February turns a year older on 1 March.
 */
export function outpatientFormSql(dateOfBirth: unknown, day: SQL, rule: AgeRule): SQL<MohForm> {
  const on = rule === 'visitDate' ? day : sql`(date_trunc('month', ${day}) + interval '1 month' - interval '1 day')::date`;
  return sql<MohForm>`(case when extract(year from age((${on})::timestamp, (${dateOfBirth})::timestamp)) < ${sql.raw(String(UNDER_FIVE))} then '705A' else '705B' end)`;
}

/** The [from, to) instants of a county month, and its number of days. */
export function monthWindow(period: string): { from: Date; to: Date; days: number } {
  const last = lastDayOfMonth(period);
  const [y, m] = period.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from: countyInstant(`${period}-01`), to: countyInstant(next), days: Number(last.slice(8)) };
}

/** A timestamptz column's county date as text (core/county-time.sql.ts: the county offset, not the server's zone). */
const countyDay = (column: AnyPgColumn) => sql<string>`${countyDateOf(column)}::text`;

type Tally = Map<number, Map<string, Map<number, Set<number>>>>;

function count(tally: Tally, facilityId: number, key: string, day: number, patientId: number): void {
  let rows = tally.get(facilityId);
  if (!rows) tally.set(facilityId, (rows = new Map()));
  let days = rows.get(key);
  if (!days) rows.set(key, (days = new Map()));
  let patientsOfDay = days.get(day);
  if (!patientsOfDay) days.set(day, (patientsOfDay = new Set()));
  patientsOfDay.add(patientId);
}

/**
 * Counts MOH 705A and 705B together for some facilities and a month (a visit lands on one of them by age): one
 * pass over the month's visits and referrals, per facility. Returns both forms.
 */
export async function countOutpatientForms(
  db: Db,
  facilityIds: readonly number[],
  period: string,
  settings: MohSettings,
  definitions: Record<MohForm, { rows: FormRowDef[]; entries: MappingEntry[] }>,
): Promise<Record<MohForm, Tally>> {
  const { from, to } = monthWindow(period);
  const tallies: Record<MohForm, Tally> = { '705A': new Map(), '705B': new Map() };
  const resolvers = { '705A': mappingResolver(definitions['705A'].entries), '705B': mappingResolver(definitions['705B'].entries) };
  if (facilityIds.length === 0) return tallies;
  // Each visit's new-case codes in one array (a lateral index probe per visit, never a scan of all diagnoses).
  const newCodes = db
    .select({ codes: sql<string[] | null>`array_agg(${medicalRecordDiagnoses.code} order by ${medicalRecordDiagnoses.position})`.as('codes') })
    .from(medicalRecordDiagnoses)
    .where(and(eq(medicalRecordDiagnoses.recordId, medicalRecords.id), eq(medicalRecordDiagnoses.caseType, 'new')))
    .as('new_codes');
  const visits = await db
    .select({
      facilityId: medicalRecords.facilityId,
      patientId: medicalRecords.patientId,
      day: countyDay(medicalRecords.visitDate),
      dateOfBirth: patients.dateOfBirth,
      visitType: medicalRecords.visitType,
      referredFrom: medicalRecords.referredFrom,
      referredTo: medicalRecords.referredTo,
      spo2: medicalRecords.spo2,
      codes: newCodes.codes,
    })
    .from(medicalRecords)
    .innerJoin(patients, eq(patients.id, medicalRecords.patientId))
    .leftJoinLateral(newCodes, sql`true`)
    .where(and(inArray(medicalRecords.facilityId, [...facilityIds]), gte(medicalRecords.visitDate, from), lt(medicalRecords.visitDate, to)));
  for (const v of visits) {
    const form = outpatientForm(v.dateOfBirth, v.day, settings.ageRule);
    const keys = visitRows(form, { codes: v.codes ?? [], visitType: v.visitType as 'new' | 'revisit', referredFrom: v.referredFrom, referredTo: v.referredTo, spo2: v.spo2 }, resolvers[form], settings);
    const day = Number(v.day.slice(8));
    for (const key of keys) count(tallies[form], v.facilityId, key, day, v.patientId);
  }
  // Referrals the referrals module recorded: sent from the facility on the day they were made, received on the day
  // they arrived. A patient counts once per row per day with the visit register's own referral flags.
  const sent = await db
    .select({ facilityId: referrals.fromFacilityId, patientId: referrals.patientId, day: countyDay(referrals.createdAt), dateOfBirth: patients.dateOfBirth })
    .from(referrals)
    .innerJoin(patients, eq(patients.id, referrals.patientId))
    .where(and(inArray(referrals.fromFacilityId, [...facilityIds]), gte(referrals.createdAt, from), lt(referrals.createdAt, to), ne(referrals.status, 'cancelled')));
  const received = await db
    .select({ facilityId: referrals.toFacilityId, patientId: referrals.patientId, day: countyDay(referralEvents.at), dateOfBirth: patients.dateOfBirth })
    .from(referralEvents)
    .innerJoin(referrals, eq(referrals.id, referralEvents.referralId))
    .innerJoin(patients, eq(patients.id, referrals.patientId))
    .where(and(eq(referralEvents.toStatus, 'received'), inArray(referrals.toFacilityId, [...facilityIds]), gte(referralEvents.at, from), lt(referralEvents.at, to)));
  for (const [list, key] of [[sent, REFERRED_TO.facility], [received, REFERRED_FROM.facility]] as const) {
    for (const r of list) count(tallies[outpatientForm(r.dateOfBirth, r.day, settings.ageRule)], r.facilityId, key, Number(r.day.slice(8)), r.patientId);
  }
  return tallies;
}

/** A form's rows for some facilities from a tally: each facility's totals and the rows summed over them. */
export function formData(
  form: MohForm,
  period: string,
  rows: readonly FormRowDef[],
  tally: Tally,
  covered: readonly { id: number; mflCode: string; name: string }[],
  settings: MohSettings,
): MohFormData {
  const { days } = monthWindow(period);
  const perDay = (facilityId: number, key: string): number[] => {
    const byDay = tally.get(facilityId)?.get(key);
    return Array.from({ length: days }, (_, i) => byDay?.get(i + 1)?.size ?? 0);
  };
  const results: FormRowResult[] = rows.map((r) => {
    const why = notRecorded(r, settings);
    if (why) return { key: r.key, row: r.row, label: r.label, source: r.source, days: null, total: null, notRecorded: why };
    const sum = Array.from({ length: days }, () => 0);
    for (const f of covered) perDay(f.id, r.key).forEach((n, i) => (sum[i]! += n));
    return { key: r.key, row: r.row, label: r.label, source: r.source, days: sum, total: sum.reduce((a, b) => a + b, 0), notRecorded: null };
  });
  const facilityTotals: FacilityTotals[] = covered.map((f) => ({
    facilityId: f.id,
    mflCode: f.mflCode,
    name: f.name,
    totals: Object.fromEntries(results.map((r) => [r.key, r.total === null ? null : perDay(f.id, r.key).reduce((a, b) => a + b, 0)])),
  }));
  return { form, period, daysInMonth: days, rows: results, facilities: facilityTotals, settings: { ...settings } };
}

/** The facilities a report covers, in MFL order: one, a sub-county's, or the county's. */
export async function coveredFacilities(db: Db, scope: { facilityId?: number | null; subcounty?: string | null }): Promise<{ id: number; mflCode: string; name: string; subcounty: string }[]> {
  const where = scope.facilityId ? eq(facilities.id, scope.facilityId) : scope.subcounty ? eq(facilities.subcounty, scope.subcounty) : undefined;
  return db.select({ id: facilities.id, mflCode: facilities.mflCode, name: facilities.name, subcounty: facilities.subcounty }).from(facilities).where(where).orderBy(asc(facilities.id));
}
