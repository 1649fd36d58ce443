// The laboratory's day (issue 31): the worklist a lab technician works through, and the laboratory register of one
// county day as the paper register lays it out — a line per patient visit, a column per test the returns count —
// printed and signed at the end of the day.
import { asc } from 'drizzle-orm';
import { ageInYears, countyDate, countyClockTime } from '../../../shared/county-time.js';
import { LAB_TESTS, LAB_TEST_LABELS, labResultText, type LabWorklistItem } from '../../../shared/laboratory/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { documentWords, documentDate, renderPdf, type Language, type PdfFile } from '../../core/pdf.js';
import { accountField } from '../auth/index.js';
import { findFacility } from '../facilities/index.js';
import { patientField } from '../patients/index.js';
import { toLabTest } from './laboratory.reads.js';
import { labTests } from './laboratory.schema.js';
import { facilityTestsWhere } from './laboratory.service.js';

/** A facility's tests ordered on a county day (or all still waiting), oldest first, with their patients; the read of the patients is audited. */
export async function labWorklist({ db, actor }: ServiceContext, query: { facilityId?: number | null; date?: string; waiting?: boolean }): Promise<LabWorklistItem[]> {
  const facilityId = query.facilityId ?? actor.facilityId;
  // Someone who works at no facility names one.
  if (!facilityId) return [];
  const rows = await db
    .select({
      test: labTests,
      orderedBy: accountField(labTests.orderedBy, 'name'),
      resultedBy: accountField(labTests.resultedBy, 'name'),
      firstName: patientField(labTests.patientId, 'firstName'),
      middleName: patientField(labTests.patientId, 'middleName'),
      lastName: patientField(labTests.patientId, 'lastName'),
      gender: patientField(labTests.patientId, 'gender'),
      dateOfBirth: patientField(labTests.patientId, 'dateOfBirth'),
    })
    .from(labTests)
    .where(facilityTestsWhere(facilityId, { day: query.date, waiting: query.waiting }))
    .orderBy(asc(labTests.orderedAt), asc(labTests.id))
    .limit(500);
  await audit(db, actor, { action: 'patient.lab_tests.read', entity: 'facility', entityId: facilityId, detail: `laboratory worklist, ${rows.length} tests` });
  return rows.map((r) => ({
    ...toLabTest(r.test, r.orderedBy, r.resultedBy),
    patientName: [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' '),
    gender: r.gender ?? '',
    dateOfBirth: r.dateOfBirth ?? '',
  }));
}

const WORDS = documentWords('lab-register', {
  en: { title: 'Laboratory Register', reference: (day: string) => `Tests ordered on ${day}`, no: 'No.', time: 'Time', patientNo: 'Patient no.', name: 'Name', age: 'Age', sex: 'Sex', by: 'Tested by', none: 'No tests were ordered on this day.', sexes: { male: 'M', female: 'F' } as Record<string, string>, checked: 'Checked by (laboratory in-charge): name, signature, date' },
  sw: { title: 'Rejista ya Maabara', reference: (day: string) => `Vipimo vilivyoagizwa ${day}`, no: 'Na.', time: 'Saa', patientNo: 'Nambari ya mgonjwa', name: 'Jina', age: 'Umri', sex: 'Jinsia', by: 'Alipima', none: 'Hakuna vipimo vilivyoagizwa siku hii.', sexes: { male: 'M', female: 'K' } as Record<string, string>, checked: 'Imekaguliwa na (mkuu wa maabara): jina, sahihi, tarehe' },
});

/** GET /api/lab-tests/register.pdf: the register of one facility's day, a line per visit and a column per test. */
export async function labRegisterPdf(ctx: ServiceContext, named: { facilityId?: number | null; date?: string }, lang: Language, by: string): Promise<PdfFile> {
  const query = { facilityId: named.facilityId ?? ctx.actor.facilityId, date: named.date ?? countyDate(ctx.now()) };
  const facility = query.facilityId ? await findFacility(ctx.db, query.facilityId) : undefined;
  if (!facility) throw notFound('Facility not found');
  const tests = (await labWorklist(ctx, { facilityId: facility.id, date: query.date })).filter((t) => t.status !== 'cancelled');
  const w = WORDS[lang];
  const visits = new Map<number, LabWorklistItem[]>();
  for (const t of tests) visits.set(t.recordId, [...(visits.get(t.recordId) ?? []), t]);
  const rows = [...visits.values()].map((list, i) => {
    const first = list[0]!;
    const cell = (test: (typeof LAB_TESTS)[number]) =>
      list
        .filter((t) => t.test === test)
        .map((t) => labResultText(t, lang))
        .join('; ');
    const testers = [...new Set(list.map((t) => t.resultedBy).filter(Boolean))].join(', ');
    return [
      String(i + 1),
      countyClockTime(first.orderedAt),
      String(first.patientId),
      first.patientName,
      first.dateOfBirth ? String(ageInYears(first.dateOfBirth, query.date)) : '',
      w.sexes[first.gender] ?? first.gender,
      ...LAB_TESTS.map(cell),
      testers,
    ];
  });
  const pdf = await renderPdf(
    {
      title: w.title,
      reference: w.reference(documentDate(query.date, lang)),
      facility: `${facility.name} (MFL ${facility.mflCode})`,
      landscape: true,
      sections: [
        {
          kind: 'table',
          columns: [
            { label: w.no, width: 3, align: 'right' },
            { label: w.time, width: 4 },
            { label: w.patientNo, width: 5 },
            { label: w.name, width: 12 },
            { label: w.age, width: 3, align: 'right' },
            { label: w.sex, width: 3 },
            ...LAB_TESTS.map((t) => ({ label: LAB_TEST_LABELS[t][lang], width: 8 })),
            { label: w.by, width: 8 },
          ],
          rows,
          empty: w.none,
          fontSize: 7,
        },
        { kind: 'text', heading: w.checked, body: '\n\n______________________________' },
      ],
    },
    lang,
    { by, at: ctx.now() },
  );
  return { filename: `laboratory-register-${facility.mflCode}-${query.date}.pdf`, pdf };
}

