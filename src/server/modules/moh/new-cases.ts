// New cases on the MOH 705 rows, counted once for everyone who shows them (issue 26): the 705A/705B forms (per
// facility and day, with the attendance, referral and hypoxaemia rows) and the reports module's disease analyses
// (per ISO week, per facility, or in all). One rule, one query, so the two can never disagree.
//
// The rule (domain/REPORTING.md, and the data file moh705-icd11.json's "visitRules" and "counting"): a diagnosis
// flagged new goes to its row (mapping.ts, codeRow); the data file's visit rules apply to the diagnoses of one
// visit (dehydration is graded only with a diarrhoea on the same visit; a specific injury or bite beats Other
// injuries / Other bites on the same visit; a malaria species code is Confirmed only with the visit's positive
// malaria test, Suspected without; a road traffic injury at a visit whose outcome is died is also a death); then a
// patient counts once per row per day at a facility, however many visits made that row. Tested for Malaria is a
// visit with a resulted malaria RDT or slide (issue 31), counted on the visit's day like every other row. A patient
// seen twice in a day, with a diarrhoea at one visit and a dehydration alone at the other, counts once on Diarrhoea
// with no dehydration and once on All other diseases — what the Ministry's form counts — never on Diarrhoea with
// some dehydration, which no visit recorded.
//
// The database counts, in one pass over the days' visits and referrals: every new diagnosis of a visit (or the
// visit alone, for the forms and for a malaria test) is an item with the visit's flags (visit type, referred from
// and to, SpO2 below 90, died, and its malaria tests' result, read from the laboratory's lab_tests by visit),
// every referral the referrals module recorded is one too; each patient-day at a facility becomes the list of its
// items, tagged by visit when it had several, so the rules still see each visit on its own; and the patient-days
// with the same items in a bucket become one count. Only those counts come back (a few per bucket, and each day of
// several visits: a month of the county's visits is never read row by row); the rows of each distinct list are
// worked out once (patientDayRows) and its count added to each of them.
import { and, eq, exists, gte, inArray, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { MALARIA_TESTS } from '../../../shared/laboratory/index.js';
import { MOH_FORMS, type MohForm, type MohSettings } from '../../../shared/moh/index.js';
import { countyDateOf } from '../../core/county-time.sql.js';
import type { Db } from '../../db/client.js';
import { labTests } from '../laboratory/laboratory.schema.js';
import { medicalRecordDiagnoses, medicalRecords } from '../medical-records/medical-records.schema.js';
import { patients } from '../patients/patients.schema.js';
import { referralEvents, referrals } from '../referrals/referrals.schema.js';
import { mappingResolver } from './mapping.js';
import { HYPOXIC_BELOW, loadFormDefinition, outpatientFormSql, REFERRED_FROM, REFERRED_TO, visitRows, type FormRowDef, type VisitFacts } from './moh705.js';
import { loadSettings } from './moh.service.js';

/**
 * How the counts are split: per county day ('YYYY-MM-DD'), per ISO week ('YYYY-Www', Monday to Sunday), per
 * facility (its id), per facility and day (facilityDay), or not at all ('').
 */
export type Bucket = 'day' | 'week' | 'facility' | 'facility-day' | 'none';

/**
 * Which rows to count: 'form' every row a visit counts in on MOH 705 (diseases, attendances, referrals, hypoxaemia,
 * malaria tests, deaths); 'diseases' only the rows counted from diagnosis codes and the malaria tests (Tested for
 * Malaria and MALARIA_POSITIVE, the analyses' test positivity), the same counts, from the visits with a new
 * diagnosis or a resulted malaria test alone (the analyses read no other row, and leave the rest of the visits
 * unread).
 */
export type Counted = 'form' | 'diseases';

export type NewCases = {
  /** The county's HMIS settings the counts were made with. */
  settings: MohSettings;
  /** Each form's rows in the form's order (key, row number, label, source, note). */
  rows: Record<MohForm, FormRowDef[]>;
  /**
   * Patients counted per bucket per form per row key (a bucket or row with none is absent), and per MALARIA_POSITIVE
   * (moh705.ts), the patients with a positive malaria test, which is no row of the forms.
   */
  counts: Map<string, Record<MohForm, Map<string, number>>>;
};

/** The bucket of a facility's day, as 'facility-day' names it. */
export const facilityDay = (facilityId: number, day: string): string => `${facilityId} ${day}`;

/**
 * New cases (and, for the forms, the other rows a visit counts in) for some facilities over [from, to), both
 * outpatient forms together: a visit lands on 705A or 705B by the county's age rule.
 */
export async function countNewCases(
  db: Db,
  what: { facilityIds: readonly number[]; from: Date; to: Date; bucket: Bucket; counted: Counted },
): Promise<NewCases> {
  const settings = await loadSettings(db);
  // One form after the other: a report reads in one transaction (withoutJit), one connection taking one query at a time.
  const definitions = {} as Record<MohForm, Awaited<ReturnType<typeof loadFormDefinition>>>;
  for (const form of MOH_FORMS) definitions[form] = await loadFormDefinition(db, form, settings);
  const cases: NewCases = { settings, rows: { '705A': definitions['705A'].rows, '705B': definitions['705B'].rows }, counts: new Map() };
  if (what.facilityIds.length === 0) return cases;

  const groups = await patientDayGroups(db, what, settings);
  const resolvers = { '705A': mappingResolver(definitions['705A'].entries), '705B': mappingResolver(definitions['705B'].entries) };
  const rowsOf = new Map<string, Set<string>>();
  for (const g of groups) {
    const list = `${g.form}\n${g.items.join('\n')}`;
    let keys = rowsOf.get(list);
    if (!keys) rowsOf.set(list, (keys = patientDayRows(g.form, g.items, resolvers[g.form], settings)));
    let perForm = cases.counts.get(g.bucket);
    if (!perForm) cases.counts.set(g.bucket, (perForm = { '705A': new Map(), '705B': new Map() }));
    const counts = perForm[g.form];
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + g.n);
  }
  return cases;
}

/**
 * The rows a patient-day counts in on its form, each once: those of each of its visits by the visit rules
 * (moh705.ts visitRows), and a referral's row. An item is "tag#body": the tag names its visit within the day, the
 * body is "sent", "received", or "v|visit type|referred from|referred to|h (SpO2 below 90)|d (died)|malaria
 * tests (p: one positive, n: all negative, empty: none)|new code". Every item of a visit carries the same flags;
 * the flags are empty when only the diseases are counted, but for the malaria tests.
 */
function patientDayRows(form: MohForm, items: readonly string[], resolve: (code: string) => string | null, settings: MohSettings): Set<string> {
  const rows = new Set<string>();
  const visits = new Map<string, VisitFacts & { codes: string[] }>();
  for (const item of items) {
    const hash = item.indexOf('#');
    const tag = item.slice(0, hash);
    const body = item.slice(hash + 1);
    if (body === 'sent') rows.add(REFERRED_TO.facility);
    else if (body === 'received') rows.add(REFERRED_FROM.facility);
    else {
      const [, visitType, referredFrom, referredTo, hypoxic, died, malaria, ...code] = body.split('|');
      let visit = visits.get(tag);
      if (!visit) {
        visit = {
          codes: [],
          visitType: (visitType || null) as VisitFacts['visitType'],
          referredFrom: referredFrom || null,
          referredTo: referredTo || null,
          hypoxic: hypoxic === 'h',
          died: died === 'd',
          malariaTest: malaria === 'p' ? 'positive' : malaria === 'n' ? 'negative' : null,
        };
        visits.set(tag, visit);
      }
      if (code.join('|') !== '') visit.codes.push(code.join('|'));
    }
  }
  for (const visit of visits.values()) for (const key of visitRows(form, visit, resolve, settings)) rows.add(key);
  return rows;
}

/** The database's part: the patient-days of the facilities and instants, as counts per bucket, form and list of items. */
async function patientDayGroups(
  db: Db,
  what: { facilityIds: readonly number[]; from: Date; to: Date; bucket: Bucket; counted: Counted },
  settings: MohSettings,
): Promise<{ bucket: string; form: MohForm; items: string[]; n: number }[]> {
  const ids = [...what.facilityIds];
  const form = what.counted === 'form';
  // A visit's item: its flags (none when only diseases are counted, but its malaria tests) and one of its new codes
  // (none: '').
  const hypoxic = settings.hypoxaemia === 'spo2Below90' ? sql`case when ${medicalRecords.spo2} < ${sql.raw(String(HYPOXIC_BELOW))} then 'h' else '' end` : sql`''`;
  const died = sql`case when ${medicalRecords.outcome} = 'died' then 'd' else '' end`;
  const flags = form
    ? sql`${medicalRecords.visitType} || '|' || coalesce(${medicalRecords.referredFrom}, '') || '|' || coalesce(${medicalRecords.referredTo}, '') || '|' || ${hypoxic} || '|' || ${died}`
    : sql`'||||'`;
  // The visit's malaria RDTs and blood slides with a result, read by the visit (lab_tests_record_idx): 'p' when one
  // was positive, 'n' when all were negative, '' when it had none. A test still ordered, or cancelled, is no test.
  const malariaResulted = and(eq(labTests.recordId, medicalRecords.id), inArray(labTests.test, [...MALARIA_TESTS]), eq(labTests.status, 'resulted'), isNotNull(labTests.result));
  const malaria = sql`coalesce(${db
    .select({ result: sql`max(case when ${labTests.result} = 'positive' then 'p' else 'n' end)` })
    .from(labTests)
    .where(malariaResulted)}, '')`;
  const visits = db
    .select({
      facilityId: sql<number>`${medicalRecords.facilityId}`.as('facility_id'),
      patientId: sql<number>`${medicalRecords.patientId}`.as('patient_id'),
      day: sql<string>`${countyDateOf(medicalRecords.visitDate)}`.as('day'),
      visitId: sql<number | null>`${medicalRecords.id}`.as('visit_id'),
      item: sql<string>`'v|' || ${flags} || '|' || ${malaria} || '|' || coalesce(${medicalRecordDiagnoses.code}, '')`.as('item'),
    })
    .from(medicalRecords)
    .leftJoin(medicalRecordDiagnoses, and(eq(medicalRecordDiagnoses.recordId, medicalRecords.id), eq(medicalRecordDiagnoses.caseType, 'new')))
    .where(
      and(
        inArray(medicalRecords.facilityId, ids),
        gte(medicalRecords.visitDate, what.from),
        lt(medicalRecords.visitDate, what.to),
        // Every visit counts on the form (its attendance row at least); for the diseases, only one with a new
        // diagnosis (a new case) or a resulted malaria test (Tested for Malaria, test positivity).
        form ? undefined : or(isNotNull(medicalRecordDiagnoses.recordId), exists(db.select({ one: sql`1` }).from(labTests).where(malariaResulted))),
      ),
    );
  // Referrals the referrals module recorded (the forms' referral rows): sent from a facility on the day they were
  // made, received at one on the day they arrived. A patient counts once per row per day with the visits' own flags.
  const sent = db
    .select({
      facilityId: sql<number>`${referrals.fromFacilityId}`.as('facility_id'),
      patientId: sql<number>`${referrals.patientId}`.as('patient_id'),
      day: sql<string>`${countyDateOf(referrals.createdAt)}`.as('day'),
      visitId: sql<number | null>`null::integer`.as('visit_id'),
      item: sql<string>`'sent'`.as('item'),
    })
    .from(referrals)
    .where(and(inArray(referrals.fromFacilityId, ids), gte(referrals.createdAt, what.from), lt(referrals.createdAt, what.to), ne(referrals.status, 'cancelled')));
  const received = db
    .select({
      facilityId: sql<number>`${referrals.toFacilityId}`.as('facility_id'),
      patientId: sql<number>`${referrals.patientId}`.as('patient_id'),
      day: sql<string>`${countyDateOf(referralEvents.at)}`.as('day'),
      visitId: sql<number | null>`null::integer`.as('visit_id'),
      item: sql<string>`'received'`.as('item'),
    })
    .from(referralEvents)
    .innerJoin(referrals, eq(referrals.id, referralEvents.referralId))
    .where(and(eq(referralEvents.toStatus, 'received'), inArray(referrals.toFacilityId, ids), gte(referralEvents.at, what.from), lt(referralEvents.at, what.to)));
  const items = (form ? unionAll(visits, sent, received) : visits).as('items');

  // A patient-day's items, each tagged with its visit: '1' when the day had one visit (or none: referrals only), so
  // that the many patient-days alike count together; the visit's id when it had several, so that the rules still
  // see each visit on its own (such a day counts alone: they are few). A referral's tag is ''. The lists keep the
  // order the items are read in: two lists in other orders only count apart, never differently.
  const oneVisit = sql`coalesce(min(${items.visitId}) = max(${items.visitId}), true)`;
  const patientDays = db
    .select({
      facilityId: sql<number>`${items.facilityId}`.as('pd_facility_id'),
      patientId: sql<number>`${items.patientId}`.as('pd_patient_id'),
      day: sql<string>`${items.day}`.as('pd_day'),
      items: sql<string[]>`case when ${oneVisit}
        then array_agg(case when ${items.visitId} is null then '' else '1' end || '#' || ${items.item})
        else array_agg(coalesce(${items.visitId}::text, '') || '#' || ${items.item}) end`.as('pd_items'),
    })
    .from(items)
    .groupBy(items.facilityId, items.patientId, items.day)
    .as('patient_days');
  const bucket = bucketSql(what.bucket, patientDays);
  const formOf = outpatientFormSql(patients.dateOfBirth, sql`${patientDays.day}`, settings.ageRule);
  return db
    .select({ bucket, form: formOf, items: patientDays.items, n: sql<number>`count(*)::int` })
    .from(patientDays)
    .innerJoin(patients, eq(patients.id, patientDays.patientId))
    // A constant is no grouping (PostgreSQL refuses one in GROUP BY).
    .groupBy(...(what.bucket === 'none' ? [] : [bucket]), formOf, patientDays.items);
}

/** A bucket's name in SQL, written without parameters: the select list and the GROUP BY must read the same. */
function bucketSql(bucket: Bucket, pd: { facilityId: SQL.Aliased<number>; day: SQL.Aliased<string> }): SQL<string> {
  switch (bucket) {
    case 'day':
      return sql<string>`${pd.day}::text`;
    case 'week':
      return sql<string>`to_char(${pd.day}, 'IYYY-"W"IW')`;
    case 'facility':
      return sql<string>`${pd.facilityId}::text`;
    case 'facility-day':
      return sql<string>`${pd.facilityId}::text || ' ' || ${pd.day}::text`;
    case 'none':
      return sql<string>`''`;
  }
}
