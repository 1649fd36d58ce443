// The referral letter as a printed document (issue 12; the layout is core/pdf.ts): the patient travels with it
// from one facility to the other. It reads the referral through getReferral, so it shows what
// GET /api/referrals/:id shows and is audited as a read of it — one event for the whole letter: the visit, its tests
// and the clinician's phone are read beside it unaudited (medical-records visit-reads.ts).
//
// What a receiving clinician acts on (issue 31): who the patient is (age and sex), the visit they were referred from
// (vitals, ICD-11 diagnoses, treatment given, tests and their results), who refers them and how to call back (name,
// cadre, phone, signature), and a back-referral slip the receiving facility tears off, fills in and returns — the
// referral form's counter-referral part (Kenya Health Sector Referral Strategy, MOH referral form). The Kiswahili
// words are the referrals and patients screens' own where they have them.
import { eq } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { LAB_TEST_LABELS, labResultText, type LabTestRecord } from '../../../shared/laboratory/index.js';
import type { Vitals } from '../../../shared/medical-records/index.js';
import type { Referral, ReferralDetail, ReferralStatus } from '../../../shared/referrals/index.js';
import type { ServiceContext } from '../../core/context.js';
import { documentWords, cadreName, documentDate, documentDateTime, renderPdf, type Language, type PdfContent, type PdfSection } from '../../core/pdf.js';
import { findAccount } from '../auth/index.js';
import { labTestsOfVisits } from '../laboratory/index.js';
import { referralVisit, type VisitFacts } from '../medical-records/index.js';
import { findPatient } from '../patients/index.js';
import { referrals } from './referrals.schema.js';
import { getReferral } from './referrals.service.js';

type Words = {
  title: string;
  reference: (id: number) => string;
  date: string;
  urgency: string;
  status: string;
  from: string;
  to: string;
  patient: string;
  name: string;
  nationalId: string;
  patientNumber: string;
  age: string;
  years: (n: number) => string;
  months: (n: number) => string;
  sex: string;
  sexes: Record<string, string>;
  reason: string;
  clinicalNotes: string;
  visit: string;
  visitDate: string;
  visitFacility: string;
  seenBy: string;
  noVisit: (facility: string) => string;
  vitals: string;
  vitalNames: Record<'temperature' | 'pulse' | 'respiratoryRate' | 'bp' | 'spo2' | 'weight' | 'height' | 'muac', string>;
  chiefComplaint: string;
  diagnoses: string;
  code: string;
  diagnosis: string;
  noCodedDiagnosis: string;
  clinicalDiagnosis: string;
  treatment: string;
  prescription: string;
  investigations: string;
  test: string;
  result: string;
  noTests: string;
  notRecorded: string;
  clinician: string;
  cadre: string;
  phone: string;
  signature: string;
  slip: string;
  cutHere: string;
  slipNote: (from: string) => string;
  slipReferral: string;
  slipReferralValue: (id: number, patient: string, date: string) => string;
  returnTo: string;
  receivingFacility: string;
  dateSeen: string;
  findings: string;
  slipTreatment: string;
  recommendations: string;
  urgencies: Record<Referral['urgencyLevel'], string>;
  statuses: Record<ReferralStatus, string>;
};

const WORDS: Record<Language, Words> = documentWords('referral-letter', {
  en: {
    title: 'Referral Letter',
    reference: (id) => `Referral no. ${id}`,
    date: 'Date',
    urgency: 'Urgency Level',
    status: 'Status',
    from: 'From Facility',
    to: 'To Facility',
    patient: 'Patient',
    name: 'Name',
    nationalId: 'National ID',
    patientNumber: 'Patient number',
    age: 'Age',
    years: (n) => `${n} ${n === 1 ? 'year' : 'years'}`,
    months: (n) => `${n} ${n === 1 ? 'month' : 'months'}`,
    sex: 'Sex',
    sexes: { male: 'Male', female: 'Female' },
    reason: 'Referral Reason',
    clinicalNotes: 'Clinical Notes',
    visit: 'The visit referred from',
    visitDate: 'Visit date',
    visitFacility: 'Visit facility',
    seenBy: 'Seen by',
    noVisit: (facility) => `No visit of the patient is recorded at ${facility} on or before this referral: see the clinical notes.`,
    vitals: 'Vital signs',
    vitalNames: { temperature: 'Temperature', pulse: 'Pulse', respiratoryRate: 'Respiratory rate', bp: 'Blood pressure', spo2: 'SpO2', weight: 'Weight', height: 'Height or length', muac: 'MUAC' },
    chiefComplaint: 'Chief Complaint',
    diagnoses: 'Diagnoses (ICD-11)',
    code: 'ICD-11 code',
    diagnosis: 'Diagnosis',
    noCodedDiagnosis: 'No coded diagnosis on this visit.',
    clinicalDiagnosis: 'Clinical diagnosis',
    treatment: 'Treatment given',
    prescription: 'Prescription',
    investigations: 'Investigations',
    test: 'Test',
    result: 'Result',
    noTests: 'No laboratory test was recorded on this visit.',
    notRecorded: 'Not recorded',
    clinician: 'Referring clinician',
    cadre: 'Cadre',
    phone: 'Phone',
    signature: 'Signature',
    slip: 'Back-referral slip',
    cutHere: 'cut here',
    slipNote: (from) => `To be completed by the receiving facility and returned to ${from} once the patient has been seen.`,
    slipReferral: 'Referral',
    slipReferralValue: (id, patient, date) => `No. ${id} of ${date} · ${patient}`,
    returnTo: 'Return to',
    receivingFacility: 'Receiving facility',
    dateSeen: 'Date seen',
    findings: 'Findings',
    slipTreatment: 'Treatment given',
    recommendations: 'Recommendations',
    urgencies: { emergency: 'Emergency', urgent: 'Urgent', routine: 'Routine' },
    statuses: { pending: 'Pending', in_transit: 'In Transit', received: 'Received', cancelled: 'Cancelled' },
  },
  sw: {
    title: 'Barua ya Rufaa',
    // Not "Rufaa nambari …": under the title it read "Barua ya Rufaa Rufaa nambari 1".
    reference: (id) => `Nambari ya rufaa: ${id}`,
    date: 'Tarehe',
    urgency: 'Kiwango cha Uharaka',
    status: 'Hali',
    from: 'Kituo Kinachotuma',
    to: 'Kituo Kinachopokea',
    patient: 'Mgonjwa',
    name: 'Jina',
    nationalId: 'Nambari ya kitambulisho',
    patientNumber: 'Nambari ya mgonjwa',
    age: 'Umri',
    years: (n) => `${n === 1 ? 'mwaka' : 'miaka'} ${n}`,
    months: (n) => `${n === 1 ? 'mwezi' : 'miezi'} ${n}`,
    sex: 'Jinsia',
    sexes: { male: 'Mwanamume', female: 'Mwanamke' },
    reason: 'Sababu ya Rufaa',
    clinicalNotes: 'Maelezo ya Kitabibu',
    visit: 'Ziara iliyotoa rufaa',
    visitDate: 'Tarehe ya ziara',
    visitFacility: 'Kituo cha ziara',
    seenBy: 'Alihudumiwa na',
    noVisit: (facility) => `Hakuna ziara ya mgonjwa iliyorekodiwa ${facility} kabla ya rufaa hii: angalia maelezo ya kitabibu.`,
    vitals: 'Vipimo muhimu',
    vitalNames: { temperature: 'Joto la mwili', pulse: 'Mapigo ya moyo', respiratoryRate: 'Kasi ya kupumua', bp: 'Shinikizo la damu', spo2: 'SpO2', weight: 'Uzito', height: 'Urefu', muac: 'MUAC' },
    chiefComplaint: 'Malalamiko makuu',
    diagnoses: 'Utambuzi (ICD-11)',
    code: 'Msimbo wa ICD-11',
    diagnosis: 'Utambuzi',
    noCodedDiagnosis: 'Hakuna utambuzi wenye msimbo katika ziara hii.',
    clinicalDiagnosis: 'Utambuzi wa kitabibu',
    treatment: 'Matibabu yaliyotolewa',
    prescription: 'Maagizo ya dawa',
    investigations: 'Vipimo vya maabara',
    test: 'Kipimo',
    result: 'Majibu',
    noTests: 'Hakuna kipimo cha maabara kilichorekodiwa katika ziara hii.',
    notRecorded: 'Haijarekodiwa',
    clinician: 'Mhudumu wa afya anayetoa rufaa',
    cadre: 'Kada',
    phone: 'Simu',
    signature: 'Sahihi',
    slip: 'Fomu ya majibu ya rufaa',
    cutHere: 'kata hapa',
    slipNote: (from) => `Ijazwe na kituo kinachopokea na irudishwe kwa ${from} baada ya mgonjwa kuonwa.`,
    slipReferral: 'Rufaa',
    slipReferralValue: (id, patient, date) => `Nambari ${id} ya ${date} · ${patient}`,
    returnTo: 'Irudishwe kwa',
    receivingFacility: 'Kituo kilichopokea',
    dateSeen: 'Tarehe alipoonwa',
    findings: 'Matokeo ya uchunguzi',
    slipTreatment: 'Matibabu yaliyotolewa',
    recommendations: 'Mapendekezo',
    urgencies: { emergency: 'Dharura', urgent: 'Haraka', routine: 'Kawaida' },
    statuses: { pending: 'Inasubiri', in_transit: 'Njiani', received: 'Imepokelewa', cancelled: 'Imeghairiwa' },
  },
});

/** Everything the letter says: the referral, and what the letter reads beside it. */
export type ReferralLetter = {
  referral: ReferralDetail;
  /** The patient's birth date and sex; undefined only if the patient's row went missing. */
  patient: { dateOfBirth: string; gender: string } | undefined;
  /** The visit referred from, or the patient's latest at the referring facility; undefined when there is none. */
  visit: VisitFacts | undefined;
  tests: readonly LabTestRecord[];
  /** The referring clinician chosen from staff; null when the referral names them only as written. */
  clinician: { role: string; phone: string | null } | null;
};

/** A line to write on by hand, as wide as a value of a fields section. */
const BLANK = '_'.repeat(52);
/** Lines to write on, each with a line's room above it for the hand. */
const blanks = (lines: number) => Array.from({ length: lines }, () => `\n${BLANK}`).join('\n');

const place = (facility: string, subcounty: string) => (subcounty ? `${facility} (${subcounty})` : facility);

/** Age on a county date in whole years, or in months under two, as child health cards count it. */
function ageText(dateOfBirth: string, onDate: string, w: Pick<Words, 'years' | 'months'>): string {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = onDate.split('-').map(Number) as [number, number, number];
  const months = Math.max(0, (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0));
  return months < 24 ? w.months(months) : w.years(Math.floor(months / 12));
}

function vitalRows(v: Vitals, w: Words): (readonly [string, string])[] {
  const rows: (readonly [string, string])[] = [];
  const add = (name: keyof Words['vitalNames'], value: number | null, unit: string) => {
    if (value !== null) rows.push([w.vitalNames[name], `${value} ${unit}`]);
  };
  add('temperature', v.temperature, '°C');
  add('pulse', v.pulse, '/min');
  add('respiratoryRate', v.respiratoryRate, '/min');
  if (v.systolic !== null && v.diastolic !== null) rows.push([w.vitalNames.bp, `${v.systolic}/${v.diastolic} mmHg`]);
  add('spo2', v.spo2, '%');
  add('weight', v.weight, 'kg');
  add('height', v.height, 'cm');
  add('muac', v.muac, 'cm');
  return rows;
}

/** The visit's part of the letter: when and by whom, vitals, complaint, diagnoses, treatment and tests. */
function visitSections(letter: ReferralLetter, w: Words, lang: Language): PdfSection[] {
  const { visit, referral } = letter;
  if (!visit) return [{ kind: 'text', heading: w.visit, body: w.noVisit(referral.fromFacility) }];
  const said = (value: string | null) => (value?.trim() ? value : w.notRecorded);
  const vitals = vitalRows(visit.vitals, w);
  return [
    {
      kind: 'fields',
      heading: w.visit,
      rows: [
        [w.visitDate, documentDateTime(visit.visitDate, lang)],
        [w.visitFacility, visit.facilityName],
        [w.seenBy, visit.clinicianName ?? w.notRecorded],
      ],
    },
    { kind: 'fields', heading: w.vitals, rows: vitals.length > 0 ? vitals : [[w.vitals, w.notRecorded]] },
    { kind: 'text', heading: w.chiefComplaint, body: visit.chiefComplaint },
    {
      kind: 'table',
      heading: w.diagnoses,
      columns: [
        { label: w.code, width: 2, nowrap: true },
        { label: w.diagnosis, width: 8 },
      ],
      rows: visit.diagnoses.map((d) => [d.code, d.title]),
      empty: w.noCodedDiagnosis,
    },
    ...(visit.diagnosis?.trim() ? [{ kind: 'text' as const, heading: w.clinicalDiagnosis, body: visit.diagnosis }] : []),
    { kind: 'text', heading: w.treatment, body: said(visit.treatment) },
    ...(visit.prescription?.trim() ? [{ kind: 'text' as const, heading: w.prescription, body: visit.prescription }] : []),
    {
      kind: 'table',
      heading: w.investigations,
      columns: [
        { label: w.test, width: 4 },
        { label: w.result, width: 5 },
        { label: w.date, width: 3, nowrap: true },
      ],
      // A cancelled test was never done: it tells the receiving clinician nothing.
      rows: letter.tests.filter((t) => t.status !== 'cancelled').map((t) => [LAB_TEST_LABELS[t.test][lang], labResultText(t, lang), documentDateTime(t.resultedAt ?? t.orderedAt, lang)]),
      empty: w.noTests,
    },
  ];
}

/**
 * The letter: who is referred, from where to where, how urgently and why; the visit they come from; who refers them
 * and how to reach them, with a line to sign; and the back-referral slip.
 */
export function referralLetterContent(letter: ReferralLetter, lang: Language): PdfContent {
  const w = WORDS[lang];
  const { referral, patient, clinician } = letter;
  const referredOn = countyDate(new Date(referral.referralDate));
  return {
    title: w.title,
    reference: w.reference(referral.id),
    facility: referral.fromFacility,
    sections: [
      {
        kind: 'fields',
        rows: [
          [w.date, documentDate(referral.referralDate, lang)],
          [w.from, place(referral.fromFacility, referral.fromSubcounty)],
          [w.to, place(referral.toFacility, referral.toSubcounty)],
          [w.urgency, w.urgencies[referral.urgencyLevel]],
          [w.status, w.statuses[referral.status]],
        ],
      },
      {
        kind: 'fields',
        heading: w.patient,
        rows: [
          [w.name, referral.patientName],
          [w.nationalId, referral.patientNationalId],
          [w.patientNumber, String(referral.patientId)],
          [w.age, patient ? `${ageText(patient.dateOfBirth, referredOn, w)} (${documentDate(patient.dateOfBirth, lang)})` : w.notRecorded],
          [w.sex, patient ? (w.sexes[patient.gender] ?? patient.gender) : w.notRecorded],
        ],
      },
      { kind: 'text', heading: w.reason, body: referral.referralReason },
      ...visitSections(letter, w, lang),
      { kind: 'text', heading: w.clinicalNotes, body: referral.clinicalNotes },
      {
        kind: 'fields',
        heading: w.clinician,
        rows: [
          [w.name, referral.referringDoctor],
          // A clinician named only as written: their cadre and phone are written in by hand.
          [w.cadre, clinician ? cadreName(clinician.role, lang) : BLANK],
          [w.phone, clinician ? (clinician.phone ?? w.notRecorded) : BLANK],
          [w.signature, blanks(1)],
          [w.date, blanks(1)],
        ],
      },
      ...backReferralSlip(letter, w, lang),
    ],
  };
}

/**
 * The slip the receiving facility fills in and sends back (the counter-referral): under a cut line, the referral it
 * answers (so it finds its way home), where to return it, and lines for what the receiving clinician found and did.
 * It is one table row, which the layout never breaks across pages: a slip torn off must hold all of itself.
 */
function backReferralSlip({ referral }: ReferralLetter, w: Words, lang: Language): PdfSection[] {
  // Each line to write on has a line's room above it for the hand; a label's first line is shorter by the label.
  const write = (label: string, lines = 1) => [`${label}: ${'_'.repeat(60)}`, ...Array.from({ length: lines - 1 }, () => '_'.repeat(88))].map((l) => `\n${l}`).join('\n');
  const body = [
    w.slipNote(referral.fromFacility),
    '',
    `${w.slipReferral}: ${w.slipReferralValue(referral.id, referral.patientName, documentDate(referral.referralDate, lang))}`,
    `${w.returnTo}: ${place(referral.fromFacility, referral.fromSubcounty)} · ${referral.referringDoctor}`,
    `${w.receivingFacility}: ${referral.toFacility}`,
    write(w.dateSeen),
    write(w.findings, 3),
    write(w.diagnosis, 2),
    write(w.slipTreatment, 2),
    write(w.recommendations, 3),
    write(w.name),
    write(w.cadre),
    write(w.phone),
    write(w.signature),
  ].join('\n');
  return [{ kind: 'table', heading: `${'- '.repeat(22)}${w.cutHere}${' -'.repeat(22)}`, columns: [{ label: w.slip, width: 1 }], rows: [[body]] }];
}

/** GET /api/referrals/:id/letter.pdf: the letter, and its file name. */
export async function referralLetterPdf(ctx: ServiceContext, id: number, lang: Language, by: string): Promise<{ filename: string; pdf: Buffer }> {
  const referral = await getReferral(ctx, id, 'referral.letter.print');
  const [row] = await ctx.db.select({ recordId: referrals.recordId }).from(referrals).where(eq(referrals.id, id)).limit(1);
  const doctor = referral.referringDoctorId ? await findAccount(ctx.db, referral.referringDoctorId) : undefined;
  const patient = await findPatient(ctx.db, referral.patientId);
  const visit = await referralVisit(ctx.db, { recordId: row?.recordId ?? null, patientId: referral.patientId, facilityId: referral.fromFacilityId, at: new Date(referral.referralDate) });
  const tests = visit ? ((await labTestsOfVisits(ctx.db, [visit.id])).get(visit.id) ?? []) : [];
  const letter: ReferralLetter = {
    referral,
    patient: patient && { dateOfBirth: patient.dateOfBirth, gender: patient.gender },
    visit,
    tests,
    clinician: doctor ? { role: doctor.role, phone: doctor.phone } : null,
  };
  const pdf = await renderPdf(referralLetterContent(letter, lang), lang, { by, at: ctx.now() });
  return { filename: `referral-${referral.id}.pdf`, pdf };
}
