// A visit summary as a printed document (issue 12; the layout is core/pdf.ts): what the patient takes home from
// one visit. It reads the visit through getMedicalRecord, audited as a read of the patient. The Kiswahili words
// are the patients screen's own (client/features/patients/locales/sw.json).
import { ageInYears, countyDate } from '../../../shared/county-time.js';
import type { ServiceContext } from '../../core/context.js';
import { documentWords, cadreName, documentDate, documentDateTime, renderPdf, type Language, type PdfContent, type PdfSection } from '../../core/pdf.js';
import { getMedicalRecord, type VisitRecord } from './medical-records.service.js';

type Words = {
  title: string;
  reference: (id: number) => string;
  visitDate: string;
  facility: string;
  clinician: string;
  cadre: string;
  patient: string;
  name: string;
  nationalId: string;
  patientNumber: string;
  dateOfBirth: string;
  age: (years: number) => string;
  gender: string;
  genders: Record<string, string>;
  chiefComplaint: string;
  diagnosis: string;
  treatment: string;
  prescription: string;
  notes: string;
  followUpDate: string;
  none: string;
  visitType: string;
  visitTypes: Record<string, string>;
  vitals: string;
  vitalNames: Record<string, string>;
  codedDiagnoses: string;
  repeat: string;
  referredFrom: string;
  referredTo: string;
  places: Record<string, string>;
  outcome: string;
  outcomes: Record<string, string>;
  diedAt: string;
};

const WORDS: Record<Language, Words> = documentWords('visit-summary', {
  en: {
    title: 'Visit Summary',
    reference: (id) => `Medical record no. ${id}`,
    visitDate: 'Visit date',
    facility: 'Visit Facility',
    clinician: 'Clinician',
    cadre: 'Cadre',
    patient: 'Patient',
    name: 'Name',
    nationalId: 'National ID',
    patientNumber: 'Patient number',
    dateOfBirth: 'Date of Birth',
    age: (years) => `${years} years`,
    gender: 'Gender',
    genders: { male: 'Male', female: 'Female' },
    chiefComplaint: 'Chief Complaint',
    diagnosis: 'Diagnosis',
    treatment: 'Treatment',
    prescription: 'Prescription',
    notes: 'Notes',
    followUpDate: 'Follow-up Date',
    none: 'None',
    visitType: 'Visit type',
    visitTypes: { new: 'New', revisit: 'Re-attendance' },
    vitals: 'Vital signs',
    vitalNames: { temperature: 'Temperature', pulse: 'Pulse', respiratoryRate: 'Respiratory rate', bp: 'Blood pressure', spo2: 'SpO2', weight: 'Weight', height: 'Height or length', muac: 'MUAC' },
    codedDiagnoses: 'Diagnoses (ICD-11)',
    repeat: 'repeat',
    referredFrom: 'Referred from',
    referredTo: 'Referred to',
    places: { facility: 'Another health facility', community_unit: 'Community unit' },
    outcome: 'Outcome of the visit',
    outcomes: { sent_home: 'Sent home', admitted: 'Admitted', referred: 'Referred', died: 'Died', left_against_advice: 'Left against medical advice' },
    diedAt: 'Time of death',
  },
  sw: {
    title: 'Muhtasari wa Ziara',
    reference: (id) => `Rekodi ya matibabu nambari ${id}`,
    visitDate: 'Tarehe ya ziara',
    facility: 'Kituo cha Ziara',
    clinician: 'Mhudumu wa afya',
    cadre: 'Kada',
    patient: 'Mgonjwa',
    name: 'Jina',
    nationalId: 'Nambari ya kitambulisho',
    patientNumber: 'Nambari ya mgonjwa',
    dateOfBirth: 'Tarehe ya kuzaliwa',
    age: (years) => `miaka ${years}`,
    gender: 'Jinsia',
    genders: { male: 'Mwanamume', female: 'Mwanamke' },
    chiefComplaint: 'Malalamiko makuu',
    diagnosis: 'Utambuzi',
    treatment: 'Matibabu',
    prescription: 'Maagizo ya dawa',
    notes: 'Maelezo',
    followUpDate: 'Tarehe ya kurudi',
    none: 'Hakuna',
    visitType: 'Aina ya ziara',
    visitTypes: { new: 'Mpya', revisit: 'Kurudi' },
    vitals: 'Vipimo muhimu',
    vitalNames: { temperature: 'Joto la mwili', pulse: 'Mapigo ya moyo', respiratoryRate: 'Kasi ya kupumua', bp: 'Shinikizo la damu', spo2: 'SpO2', weight: 'Uzito', height: 'Urefu', muac: 'MUAC' },
    codedDiagnoses: 'Utambuzi (ICD-11)',
    repeat: 'kurudia',
    referredFrom: 'Amepewa rufaa kutoka',
    referredTo: 'Amepewa rufaa kwenda',
    places: { facility: 'Kituo kingine cha afya', community_unit: 'Kitengo cha jamii' },
    outcome: 'Matokeo ya ziara',
    outcomes: { sent_home: 'Amerudishwa nyumbani', admitted: 'Amelazwa', referred: 'Amepewa rufaa', died: 'Amefariki', left_against_advice: 'Ameondoka kinyume na ushauri wa daktari' },
    diedAt: 'Saa ya kifo',
  },
});

/** The summary: the patient, where and when they were seen and by whom, what was found and done, and when to return. */
export function visitSummaryContent(visit: VisitRecord, lang: Language): PdfContent {
  const w = WORDS[lang];
  const age = ageInYears(visit.patient.dateOfBirth, countyDate(new Date(visit.visitDate)));
  const text = (heading: string, body: string | null) => ({ kind: 'text' as const, heading, body: body?.trim() ? body : w.none });
  return {
    title: w.title,
    reference: w.reference(visit.id),
    facility: visit.facilityName,
    sections: [
      {
        kind: 'fields',
        heading: w.patient,
        rows: [
          [w.name, visit.patient.name],
          [w.nationalId, visit.patient.nationalId],
          [w.patientNumber, String(visit.patientId)],
          [w.dateOfBirth, `${documentDate(visit.patient.dateOfBirth, lang)} (${w.age(age)})`],
          [w.gender, w.genders[visit.patient.gender] ?? visit.patient.gender],
        ],
      },
      {
        kind: 'fields',
        rows: [
          [w.visitDate, documentDateTime(visit.visitDate, lang)],
          [w.facility, visit.facilityName],
          [w.clinician, visit.clinicianName ?? w.none],
          ...(visit.clinicianRole ? [[w.cadre, cadreName(visit.clinicianRole, lang)] as const] : []),
        ],
      },
      {
        kind: 'fields',
        rows: [
          [w.visitType, w.visitTypes[visit.visitType] ?? visit.visitType],
          ...(visit.referredFrom ? [[w.referredFrom, w.places[visit.referredFrom] ?? visit.referredFrom] as const] : []),
          ...(visit.referredTo ? [[w.referredTo, w.places[visit.referredTo] ?? visit.referredTo] as const] : []),
          ...(visit.outcome ? [[w.outcome, w.outcomes[visit.outcome] ?? visit.outcome] as const] : []),
          ...(visit.outcomeAt ? [[w.diedAt, documentDateTime(visit.outcomeAt, lang)] as const] : []),
        ],
      },
      ...vitalRows(visit, w),
      text(w.chiefComplaint, visit.chiefComplaint),
      ...(visit.diagnoses.length > 0
        ? [text(w.codedDiagnoses, visit.diagnoses.map((d) => `${d.code}  ${d.title}${d.caseType === 'repeat' ? ` (${w.repeat})` : ''}`).join('\n'))]
        : []),
      text(w.diagnosis, visit.diagnosis),
      text(w.treatment, visit.treatment),
      text(w.prescription, visit.prescription),
      ...(visit.notes?.trim() ? [text(w.notes, visit.notes)] : []),
      { kind: 'fields', rows: [[w.followUpDate, visit.followUpDate ? documentDate(visit.followUpDate, lang) : w.none]] },
    ],
  };
}

/** The vitals recorded at the visit, with their units; none when nothing was measured. */
function vitalRows(visit: VisitRecord, w: Words): PdfSection[] {
  const v = visit.vitals;
  const rows: (readonly [string, string])[] = [];
  const add = (name: string, value: number | null, unit: string) => value !== null && rows.push([w.vitalNames[name]!, `${value} ${unit}`]);
  add('temperature', v.temperature, '°C');
  add('pulse', v.pulse, '/min');
  add('respiratoryRate', v.respiratoryRate, '/min');
  if (v.systolic !== null && v.diastolic !== null) rows.push([w.vitalNames.bp!, `${v.systolic}/${v.diastolic} mmHg`]);
  add('spo2', v.spo2, '%');
  add('weight', v.weight, 'kg');
  add('height', v.height, 'cm');
  add('muac', v.muac, 'cm');
  return rows.length === 0 ? [] : [{ kind: 'fields', heading: w.vitals, rows }];
}

/** GET /api/medical-records/:id/summary.pdf: the summary, and its file name. */
export async function visitSummaryPdf(ctx: ServiceContext, id: number, lang: Language, by: string): Promise<{ filename: string; pdf: Buffer }> {
  const visit = await getMedicalRecord(ctx, id, 'patient.visit_summary.print');
  const pdf = await renderPdf(visitSummaryContent(visit, lang), lang, { by, at: ctx.now() });
  return { filename: `visit-summary-${visit.id}.pdf`, pdf };
}
