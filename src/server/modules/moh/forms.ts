// The MOH forms as report figures (the reports module generates from these): a form for some facilities and a
// month, or a register for some days, as sections of rows with, for the monthly forms, each facility's totals
// (its KHIS data values).
import type { FacilityTotals, FormRowResult, MohForm, MohFormData } from '../../../shared/moh/index.js';
import type { ReportFigures, ReportSection } from '../../../shared/reports/index.js';
import type { Db } from '../../db/client.js';
import { withoutJit } from '../../core/sql.js';
import { monthWindow, notRecorded } from './moh705.js';
import { countNewCases, facilityDay, type NewCases } from './new-cases.js';
import { countMoh717 } from './moh717.js';
import { register204 } from './moh204.js';
import { loadSettings } from './moh.service.js';

export type Covered = readonly { id: number; mflCode: string; name: string }[];

export function moh705(db: Db, form: MohForm, covered: Covered, period: string): Promise<ReportFigures> {
  return withoutJit(db, (tx) => countMoh705(tx, form, covered, period));
}

async function countMoh705(db: Db, form: MohForm, covered: Covered, period: string): Promise<ReportFigures> {
  const { from, to } = monthWindow(period);
  const cases = await countNewCases(db, { facilityIds: covered.map((f) => f.id), from, to, bucket: 'facility-day', counted: 'form' });
  const { settings } = cases;
  const data = formData(form, period, cases, covered);
  const days = Array.from({ length: data.daysInMonth }, (_, i) => String(i + 1));
  const section: ReportSection = {
    title: form === '705A' ? 'MOH 705A Outpatient Summary, under 5 years' : 'MOH 705B Outpatient Summary, 5 years and over',
    columns: ['No.', 'Diseases (new cases only)', ...days, 'Total'],
    rows: data.rows.map((r) => [r.row, r.label, ...(r.days ?? days.map(() => null)), r.total]),
    note: data.rows.filter((r) => r.notRecorded).map((r) => `${r.label}: ${r.notRecorded}`).join('\n') || null,
  };
  return { sections: [section], moh705: data, khis: { form, facilities: data.facilities }, settings };
}

/** A form's rows for some facilities and a month from its counts per facility and day: each facility's totals, and the rows summed over them. */
function formData(form: MohForm, period: string, cases: NewCases, covered: Covered): MohFormData {
  const { days } = monthWindow(period);
  const { settings } = cases;
  const dates = Array.from({ length: days }, (_, i) => `${period}-${String(i + 1).padStart(2, '0')}`);
  const perDay = (facilityId: number, key: string): number[] => dates.map((day) => cases.counts.get(facilityDay(facilityId, day))?.[form].get(key) ?? 0);
  const results: FormRowResult[] = cases.rows[form].map((r) => {
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

export function moh717(db: Db, covered: Covered, period: string): Promise<ReportFigures> {
  return withoutJit(db, (tx) => countMoh717Form(tx, covered, period));
}

async function countMoh717Form(db: Db, covered: Covered, period: string): Promise<ReportFigures> {
  const settings = await loadSettings(db);
  const { items, perFacility } = await countMoh717(db, covered.map((f) => f.id), period, settings.ageRule);
  const sections: ReportSection[] = [];
  for (const item of items) {
    let section = sections.find((s) => s.title === item.section);
    if (!section) sections.push((section = { title: item.section, columns: ['Item', 'Number', 'Note'], rows: [], note: null }));
    section.rows.push([item.label, item.value, item.notRecorded]);
  }
  const facilities = covered.map((f) => ({ facilityId: f.id, mflCode: f.mflCode, name: f.name, totals: perFacility.get(f.id) ?? {} }));
  return { sections, khis: { form: '717', facilities }, settings };
}

export function moh204(db: Db, form: MohForm, covered: Covered, range: { from: string; to: string }): Promise<ReportFigures> {
  return withoutJit(db, (tx) => register(tx, form, covered, range));
}

async function register(db: Db, form: MohForm, covered: Covered, range: { from: string; to: string }): Promise<ReportFigures> {
  const settings = await loadSettings(db);
  const { section, patientIds } = await register204(db, form, covered.map((f) => f.id), range, settings.ageRule);
  return { sections: [{ ...section, note: section.rows.length === 0 ? 'No visits in these days.' : null }], patientIds, settings };
}
