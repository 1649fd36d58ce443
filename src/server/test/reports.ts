// Test helpers for the stories that read figures through a generated report (the analyses, the MOH new-case and
// malaria-and-deaths stories): generate a report and read its JSON download, find a section and a form's row, and
// a row's day cells.
import { expect } from 'vitest';
import type { MohFormData } from '../../shared/moh/index.js';
import type { ReportDetail, ReportSection } from '../../shared/reports/index.js';
import type { TestContext } from './helper.js';

/** A generated report's JSON download: its sections, and the MOH 705 form when it is one. */
export type ReportData = { id: number; sections: ReportSection[]; moh705?: MohFormData };

/** Generates a report as `cookie`'s user, runs the job, and reads its JSON download. */
export async function generateReport<T = ReportData>(t: TestContext, cookie: string, body: Record<string, unknown>): Promise<T> {
  const res = await t.request({ method: 'POST', url: '/api/reports', cookie, body });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json() as ReportDetail;
  expect(await t.runJobs()).toBeGreaterThan(0);
  const done = (await t.request({ url: `/api/reports/${id}`, cookie })).json() as ReportDetail;
  expect(done.status, done.error ?? '').toBe('completed');
  const file = await t.request({ url: `/api/reports/${id}/download?format=json`, cookie });
  expect(file.statusCode).toBe(200);
  return file.json() as T;
}

/** The report's section whose title starts with `title`. */
export function reportTable(data: ReportData, title: string): ReportSection {
  const found = data.sections.find((s) => s.title.startsWith(title));
  if (!found) throw new Error(`no section "${title}" in ${data.sections.map((s) => s.title).join(' | ')}`);
  return found;
}

/** A form's row by its key. */
export function formRow(form: MohFormData, key: string) {
  const row = form.rows.find((r) => r.key === key);
  if (!row) throw new Error(`no row ${key} on MOH ${form.form}`);
  return row;
}

/** A row's day cells as {day: count} (only non-zero days) and its total. */
export function rowCells(form: MohFormData, key: string) {
  const row = formRow(form, key);
  return { days: Object.fromEntries((row.days ?? []).flatMap((n, i) => (n > 0 ? [[i + 1, n]] : []))), total: row.total };
}
