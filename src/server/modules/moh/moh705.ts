// MOH 705A / 705B, the monthly outpatient morbidity summaries (issue 13; domain/REPORTING.md): new cases per row
// per day 1…N and the month's total, counted from coded visits, with the attendance and referral rows. This file
// holds the forms' rows and the rules of one visit; new-cases.ts counts with them (for the forms and the disease
// analyses alike), forms.ts lays the counts out as the form.
//
// Counting: a diagnosis flagged new goes to one row (mapping.ts); a patient counts once per row per day. A visit
// counts on 705A or 705B by the age rule (shared/moh/age-rule.ts). The visit rules of the data file apply within a
// visit: dehydration grades need a diarrhoea code, Other injuries / Other bites give way to a specific cause, a
// malaria code is confirmed only by the visit's positive test, and a road traffic injury is a death only when the
// visit's outcome is died (issue 31).
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { countyInstant } from '../../../shared/county-time.js';
import { lastDayOfMonth, UNDER_FIVE, type AgeRule, type MohForm, type MohSettings, type RowSource } from '../../../shared/moh/index.js';
import { splitDiagnosisCode } from '../../../shared/medical-records/index.js';
import type { Db } from '../../db/client.js';
import { facilities } from '../facilities/facilities.schema.js';
import type { MappingEntry } from './mapping.js';
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

/**
 * Why a row that is not counted from codes or visits has no figure (null: it has one). Tested for Malaria (the
 * laboratory's results) and Deaths due to road traffic injuries (the visit's outcome) are recorded since issue 31.
 */
export function notRecorded(r: FormRowDef, settings: MohSettings): string | null {
  if (r.key === 'physical_disability' && settings.physicalDisability === 'notRecorded') return 'Not recorded: needs a disability assessment or register (no ICD-11 code exists); map codes to it in the settings to count them';
  if (r.key === 'hypoxaemia' && settings.hypoxaemia === 'notRecorded') return 'Not recorded: the county set Hypoxaemia to not be counted from SpO2 (settings of /reports)';
  return null;
}

const DIARRHOEA_ROWS = ['diarrhoea_with_no_dehydration', 'gastroenteritis', 'cholera', 'dysentry'];
const DEHYDRATION_ROWS = ['diarrhoea_with_some_dehydration', 'diarrhoea_with_severe_dehydration'];
const INJURY_CAUSES = ['road_traffic_injuries', 'violence_related_injuries', 'sexual_violence', 'snake_bites', 'dog_bites', 'other_bites'];
const ATTENDANCE = { '705A': { new: 'new_attendances', revisit: 're_attendances' }, '705B': { new: 'no_of_first_attendances', revisit: 're_attendances' } } as const;
export const REFERRED_FROM = { facility: 'referrals_from_other_health_facility', community_unit: 'referrals_from_community_unit' } as const;
export const REFERRED_TO = { facility: 'referrals_to_other_health_facility', community_unit: 'referrals_to_community_unit' } as const;
/** Hypoxaemia on 705A: an SpO2 below this (per cent), when the county counts it from SpO2. */
export const HYPOXIC_BELOW = 90;
/** Tested for Malaria (705A row 14, 705B row 68): a patient with a resulted malaria RDT or blood slide. */
export const TESTED_FOR_MALARIA = 'tested_for_malaria';
/**
 * Not a row of either form: a patient with a positive malaria RDT or blood slide, once per day at a facility, what
 * the disease surveillance report divides by Tested for Malaria (test positivity). The forms show only their rows.
 */
export const MALARIA_POSITIVE = 'malaria_test_positive';

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

/** One visit as its rules see it: its new-case codes and what else of it a row counts. */
export type VisitFacts = {
  codes: readonly string[];
  /** null when only the diseases are counted (new-cases.ts, counted 'diseases'): no attendance or referral row. */
  visitType: 'new' | 'revisit' | null;
  referredFrom: string | null;
  referredTo: string | null;
  hypoxic: boolean;
  /** Its resulted malaria tests (RDT or blood slide): positive when any was, negative when all were, null for none. */
  malariaTest: 'positive' | 'negative' | null;
  /** Whether the visit's outcome is died. */
  died: boolean;
};

/**
 * The data file's visit rules over the diagnosis rows of one visit (changed in place and returned): dehydration is
 * graded only with a diarrhoea, a specific injury or bite beats Other injuries / Other bites, and malaria.
 *
 * Malaria (issue 31; WHO and Kenya's malaria programme: a confirmed case is a positive RDT or blood slide): a
 * species code (Confirmed Malaria, 1F40–1F44) counts as confirmed only when the visit has a positive malaria test;
 * without one it is a clinical diagnosis, counted in Suspected Malaria instead. On 705B a malaria in pregnancy
 * (JB63.60) always counts on its own row, and the species coded with it follows the setting malariaInPregnancy:
 * also in Confirmed (with a positive test; Suspected without), or on the pregnancy row alone (in neither). With
 * suspectedMalaria 'allMalaria', every malaria case of the visit is in Suspected too, the testing rate's
 * denominator.
 */
export function diagnosisRules(hit: Set<string>, settings: MohSettings, malariaTest: VisitFacts['malariaTest']): Set<string> {
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
  const species = has('confirmed_malaria');
  const pregnancy = has('malaria_in_pregnancy');
  const pregnancyRowOnly = pregnancy && settings.malariaInPregnancy === 'pregnancyRowOnly';
  if (species && (malariaTest !== 'positive' || pregnancyRowOnly)) {
    hit.delete('confirmed_malaria');
    // Untested or tested negative: a suspected case (unless the county counts her on the pregnancy row alone).
    if (!pregnancyRowOnly) hit.add('suspected_malaria');
  }
  if (settings.suspectedMalaria === 'allMalaria' && (species || pregnancy)) hit.add('suspected_malaria');
  return hit;
}

/**
 * The rows one visit counts in on its form, from its new-case codes, its malaria tests and outcome, by the file's
 * visit rules and the settings; with no visit type (new-cases.ts counting diseases alone), its disease rows and
 * the malaria tests only.
 */
export function visitRows(form: MohForm, visit: VisitFacts, resolve: (code: string) => string | null, settings: MohSettings): Set<string> {
  const hit = diagnosisRules(new Set(visit.codes.map((code) => codeRow(code, resolve, settings))), settings, visit.malariaTest);
  // KenyaEMR counts Deaths due to road traffic injuries the same way: the injury's codes at a visit whose outcome is died.
  if (visit.died && hit.has('road_traffic_injuries')) hit.add('deaths_due_to_road_traffic_injuries');
  if (visit.malariaTest) hit.add(TESTED_FOR_MALARIA);
  if (visit.malariaTest === 'positive') hit.add(MALARIA_POSITIVE);
  if (form === '705A' && settings.hypoxaemia === 'spo2Below90' && visit.hypoxic) hit.add('hypoxaemia');
  if (visit.visitType) hit.add(ATTENDANCE[form][visit.visitType]);
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

/** The facilities a report covers, in MFL order: one, a sub-county's, or the county's. */
export async function coveredFacilities(db: Db, scope: { facilityId?: number | null; subcounty?: string | null }): Promise<{ id: number; mflCode: string; name: string; subcounty: string }[]> {
  const where = scope.facilityId ? eq(facilities.id, scope.facilityId) : scope.subcounty ? eq(facilities.subcounty, scope.subcounty) : undefined;
  return db.select({ id: facilities.id, mflCode: facilities.mflCode, name: facilities.name, subcounty: facilities.subcounty }).from(facilities).where(where).orderBy(asc(facilities.id));
}
