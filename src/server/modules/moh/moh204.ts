// MOH 204A / 204B, the daily outpatient registers (under 5 / 5 and over; DESIGN.md §8: registers, not the monthly
// return): one line per visit in a day range, in the paper register's columns. It names patients: the reports
// module lets only clinical readers generate and download it, and audits both.
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { addDays, ageInYears, countyInstant } from '../../../shared/county-time.js';
import { outpatientForm, type AgeRule, type OutpatientForm } from '../../../shared/moh/index.js';
import type { ReportSection } from '../../../shared/reports/index.js';
import type { Db } from '../../db/client.js';
import { countyDateOf } from '../../core/county-time.sql.js';
import { facilities } from '../facilities/facilities.schema.js';
import { diagnosisTitle } from '../medical-records/index.js';
import { medicalRecordDiagnoses, medicalRecords } from '../medical-records/medical-records.schema.js';
import { patients } from '../patients/patients.schema.js';

const PLACE = { facility: 'Health facility', community_unit: 'Community unit' } as const;

const COLUMNS = [
  'Date', 'Facility', 'Patient no.', 'New / Revisit', 'Referred from', 'Name', 'Age', 'Sex', 'Sub-county', 'Village', 'Phone',
  'Temp °C', 'Weight kg', 'Height cm', 'MUAC cm', 'BP', 'SpO2 %', 'Diagnosis (ICD-11)', 'Diagnosis notes', 'Treatment', 'Referred to',
];

/** The register's lines for some facilities and days (both included), on form 204A or 204B by the age rule. */
export async function register204(
  db: Db,
  form: OutpatientForm,
  facilityIds: readonly number[],
  range: { from: string; to: string },
  ageRule: AgeRule,
): Promise<{ section: ReportSection; patientIds: number[] }> {
  const day = sql<string>`${countyDateOf(medicalRecords.visitDate)}::text`;
  const rows = facilityIds.length === 0 ? [] : await db
    .select({
      id: medicalRecords.id,
      day,
      facility: facilities.name,
      patientId: patients.id,
      visitType: medicalRecords.visitType,
      referredFrom: medicalRecords.referredFrom,
      referredTo: medicalRecords.referredTo,
      firstName: patients.firstName,
      middleName: patients.middleName,
      lastName: patients.lastName,
      dateOfBirth: patients.dateOfBirth,
      gender: patients.gender,
      subcounty: patients.subcounty,
      village: patients.village,
      phone: patients.phoneNumber,
      temperature: medicalRecords.temperatureC,
      weight: medicalRecords.weightKg,
      height: medicalRecords.heightCm,
      muac: medicalRecords.muacCm,
      systolic: medicalRecords.systolicBp,
      diastolic: medicalRecords.diastolicBp,
      spo2: medicalRecords.spo2,
      diagnosis: medicalRecords.diagnosis,
      treatment: medicalRecords.treatment,
    })
    .from(medicalRecords)
    .innerJoin(patients, eq(patients.id, medicalRecords.patientId))
    .innerJoin(facilities, eq(facilities.id, medicalRecords.facilityId))
    .where(
      and(
        inArray(medicalRecords.facilityId, [...facilityIds]),
        gte(medicalRecords.visitDate, countyInstant(range.from)),
        lt(medicalRecords.visitDate, countyInstant(addDays(range.to, 1))),
      ),
    )
    .orderBy(asc(medicalRecords.visitDate), asc(medicalRecords.id));
  const onForm = rows.filter((r) => outpatientForm(r.dateOfBirth, r.day, ageRule) === form);
  const codes = onForm.length === 0 ? [] : await db
    .select({ recordId: medicalRecordDiagnoses.recordId, code: medicalRecordDiagnoses.code, caseType: medicalRecordDiagnoses.caseType, position: medicalRecordDiagnoses.position })
    .from(medicalRecordDiagnoses)
    .where(inArray(medicalRecordDiagnoses.recordId, onForm.map((r) => r.id)))
    .orderBy(asc(medicalRecordDiagnoses.recordId), asc(medicalRecordDiagnoses.position));
  const byRecord = new Map<number, string[]>();
  for (const c of codes) byRecord.set(c.recordId, [...(byRecord.get(c.recordId) ?? []), `${c.code} ${diagnosisTitle(c.code)}${c.caseType === 'repeat' ? ' (repeat)' : ''}`]);
  const lines = onForm.map((r) => [
    r.day,
    r.facility,
    r.patientId,
    r.visitType === 'new' ? 'New' : 'Revisit',
    r.referredFrom ? PLACE[r.referredFrom as keyof typeof PLACE] : null,
    [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' '),
    ageInYears(r.dateOfBirth, r.day),
    r.gender === 'female' ? 'F' : 'M',
    r.subcounty,
    r.village,
    r.phone,
    r.temperature,
    r.weight,
    r.height,
    form === '705A' ? r.muac : null,
    r.systolic !== null && r.diastolic !== null ? `${r.systolic}/${r.diastolic}` : null,
    r.spo2,
    (byRecord.get(r.id) ?? []).join('; ') || null,
    r.diagnosis,
    r.treatment,
    r.referredTo ? PLACE[r.referredTo as keyof typeof PLACE] : null,
  ]);
  const title = form === '705A' ? 'MOH 204A Outpatient Register (under 5 years)' : 'MOH 204B Outpatient Register (5 years and over)';
  return {
    section: { title, columns: form === '705A' ? COLUMNS.filter((c) => c !== 'BP') : COLUMNS.filter((c) => c !== 'MUAC cm'), rows: lines.map((l) => (form === '705A' ? l.filter((_, i) => COLUMNS[i] !== 'BP') : l.filter((_, i) => COLUMNS[i] !== 'MUAC cm'))), note: null },
    patientIds: [...new Set(onForm.map((r) => r.patientId))],
  };
}
