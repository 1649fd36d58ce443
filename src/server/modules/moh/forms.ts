// The MOH forms as report figures (the reports module generates from these): a form for some facilities and a
// month, or a register for some days, as sections of rows with, for the monthly forms, each facility's totals
// (its KHIS data values).
import { MOH_FORMS, type MohForm } from '../../../shared/moh/index.js';
import type { ReportFigures, ReportSection } from '../../../shared/reports/index.js';
import type { Db } from '../../db/client.js';
import { withoutJit } from '../../core/sql.js';
import { countOutpatientForms, formData, loadFormDefinition } from './moh705.js';
import { countMoh717 } from './moh717.js';
import { register204 } from './moh204.js';
import { loadSettings } from './moh.service.js';

export type Covered = readonly { id: number; mflCode: string; name: string }[];

export function moh705(db: Db, form: MohForm, covered: Covered, period: string): Promise<ReportFigures> {
  return withoutJit(db, (tx) => countMoh705(tx, form, covered, period));
}

async function countMoh705(db: Db, form: MohForm, covered: Covered, period: string): Promise<ReportFigures> {
  const settings = await loadSettings(db);
  // One form after the other: this runs in withoutJit's transaction, one connection that takes one query at a time.
  const definitions = {} as Record<MohForm, Awaited<ReturnType<typeof loadFormDefinition>>>;
  for (const f of MOH_FORMS) definitions[f] = await loadFormDefinition(db, f, settings);
  const tallies = await countOutpatientForms(db, covered.map((f) => f.id), period, settings, definitions);
  const data = formData(form, period, definitions[form].rows, tallies[form], covered, settings);
  const days = Array.from({ length: data.daysInMonth }, (_, i) => String(i + 1));
  const section: ReportSection = {
    title: form === '705A' ? 'MOH 705A Outpatient Summary, under 5 years' : 'MOH 705B Outpatient Summary, 5 years and over',
    columns: ['No.', 'Diseases (new cases only)', ...days, 'Total'],
    rows: data.rows.map((r) => [r.row, r.label, ...(r.days ?? days.map(() => null)), r.total]),
    note: data.rows.filter((r) => r.notRecorded).map((r) => `${r.label}: ${r.notRecorded}`).join('\n') || null,
  };
  return { sections: [section], moh705: data, khis: { form, facilities: data.facilities }, settings };
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
