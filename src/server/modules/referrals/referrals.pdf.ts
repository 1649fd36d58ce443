// The referral letter as a printed document (issue 12; the layout is core/pdf.ts): the patient travels with it
// from one facility to the other. It reads the referral through getReferral, so it shows what
// GET /api/referrals/:id shows and is audited as a read of it. The Kiswahili words are the referrals screen's own
// (client/features/referrals/locales/sw.json).
import type { Referral, ReferralDetail, ReferralStatus } from '../../../shared/referrals/index.js';
import type { ServiceContext } from '../../core/context.js';
import { cadreName, documentDate, renderPdf, type Language, type PdfContent } from '../../core/pdf.js';
import { findAccount } from '../auth/index.js';
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
  reason: string;
  clinicalNotes: string;
  clinician: string;
  cadre: string;
  urgencies: Record<Referral['urgencyLevel'], string>;
  statuses: Record<ReferralStatus, string>;
};

const WORDS: Record<Language, Words> = {
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
    reason: 'Referral Reason',
    clinicalNotes: 'Clinical Notes',
    clinician: 'Referring Doctor',
    cadre: 'Cadre',
    urgencies: { emergency: 'Emergency', urgent: 'Urgent', routine: 'Routine' },
    statuses: { pending: 'Pending', in_transit: 'In Transit', received: 'Received', cancelled: 'Cancelled' },
  },
  sw: {
    title: 'Barua ya Rufaa',
    reference: (id) => `Rufaa nambari ${id}`,
    date: 'Tarehe',
    urgency: 'Kiwango cha Uharaka',
    status: 'Hali',
    from: 'Kituo Kinachotuma',
    to: 'Kituo Kinachopokea',
    patient: 'Mgonjwa',
    name: 'Jina',
    nationalId: 'Nambari ya kitambulisho',
    patientNumber: 'Nambari ya mgonjwa',
    reason: 'Sababu ya Rufaa',
    clinicalNotes: 'Maelezo ya Kitabibu',
    clinician: 'Daktari Anayetoa Rufaa',
    cadre: 'Kada',
    urgencies: { emergency: 'Dharura', urgent: 'Haraka', routine: 'Kawaida' },
    statuses: { pending: 'Inasubiri', in_transit: 'Njiani', received: 'Imepokelewa', cancelled: 'Imeghairiwa' },
  },
};

const place = (facility: string, subcounty: string) => (subcounty ? `${facility} (${subcounty})` : facility);

/** The letter: who is referred, from where to where, how urgently, why, the clinical notes, and who refers. */
export function referralLetterContent(referral: ReferralDetail, cadre: string | null, lang: Language): PdfContent {
  const w = WORDS[lang];
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
        ],
      },
      { kind: 'text', heading: w.reason, body: referral.referralReason },
      { kind: 'text', heading: w.clinicalNotes, body: referral.clinicalNotes },
      {
        kind: 'fields',
        heading: w.clinician,
        rows: [[w.name, referral.referringDoctor], ...(cadre ? [[w.cadre, cadreName(cadre, lang)] as const] : [])],
      },
    ],
  };
}

/** GET /api/referrals/:id/letter.pdf: the letter, and its file name. */
export async function referralLetterPdf(ctx: ServiceContext, id: number, lang: Language, by: string): Promise<{ filename: string; pdf: Buffer }> {
  const referral = await getReferral(ctx, id, 'referral.letter.print');
  const doctor = referral.referringDoctorId ? await findAccount(ctx.db, referral.referringDoctorId) : undefined;
  const pdf = await renderPdf(referralLetterContent(referral, doctor?.role ?? null, lang), lang, { by, at: ctx.now() });
  return { filename: `referral-${referral.id}.pdf`, pdf };
}
