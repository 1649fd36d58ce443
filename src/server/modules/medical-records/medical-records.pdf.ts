// A visit summary as a printed document (issue 12; the layout is core/pdf.ts): what the patient takes home from
// one visit. It reads the visit through getMedicalRecord, audited as a read of the patient. The Kiswahili words
// are the patients screen's own (client/features/patients/locales/sw.json).
import { ageInYears, countyDate } from '../../../shared/county-time.js';
import type { ServiceContext } from '../../core/context.js';
import { cadreName, documentDate, documentDateTime, renderPdf, type Language, type PdfContent } from '../../core/pdf.js';
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
};

const WORDS: Record<Language, Words> = {
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
  },
};

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
      text(w.chiefComplaint, visit.chiefComplaint),
      text(w.diagnosis, visit.diagnosis),
      text(w.treatment, visit.treatment),
      text(w.prescription, visit.prescription),
      ...(visit.notes?.trim() ? [text(w.notes, visit.notes)] : []),
      { kind: 'fields', rows: [[w.followUpDate, visit.followUpDate ? documentDate(visit.followUpDate, lang) : w.none]] },
    ],
  };
}

/** GET /api/medical-records/:id/summary.pdf: the summary, and its file name. */
export async function visitSummaryPdf(ctx: ServiceContext, id: number, lang: Language, by: string): Promise<{ filename: string; pdf: Buffer }> {
  const visit = await getMedicalRecord(ctx, id, 'patient.visit_summary.print');
  const pdf = await renderPdf(visitSummaryContent(visit, lang), lang, { by, at: ctx.now() });
  return { filename: `visit-summary-${visit.id}.pdf`, pdf };
}
