// A generated report as a PDF (reports.pdf.ts, laid out by core/pdf.ts), read back as a PDF viewer lays it out
// (poppler's pdftotext -layout): a county-wide table runs over several pages and each page after the first starts
// with the table's column heads (issue 30 item 9), on a portrait page and on a wide report's landscape one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReportData } from '../../../shared/reports/index.js';
import { renderPdf } from '../../core/pdf.js';
import { reportPdfContent } from './reports.pdf.js';

const dir = mkdtempSync(join(tmpdir(), 'afya-report-pdf-'));

/** The report's pages as pdftotext -layout prints them, each as its lines without the footer. */
async function pages(data: ReportData): Promise<string[][]> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, await renderPdf(reportPdfContent(data), 'en', { by: 'Margaret Nekesa', at: new Date('2026-03-16T06:30:00Z') }));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((p) => p.trim() !== '')
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '' && !/^Generated on/.test(l)),
    );
}

/** A report of one table: a row per facility of the county (113), the facility's name then `figures` counts. */
function report(figures: string[]): ReportData {
  return {
    title: 'Facility Utilization',
    scope: 'Busia County',
    periodLabel: '2026-02-01 to 2026-02-28',
    sections: [
      {
        title: 'Facility utilization',
        columns: ['Facility', ...figures],
        rows: Array.from({ length: 113 }, (_, i) => [`Facility number ${i + 1}`, ...figures.map((_, j) => (i + 1) * (j + 1))]),
        note: null,
      },
    ],
    settings: {},
  };
}

describe("a report's long table in its PDF", () => {
  it.each([
    ['a portrait page', ['Visits', 'New attendances', 'Re-attendances']],
    ['a wide report on its side', Array.from({ length: 12 }, (_, i) => `Column ${i + 1}`)],
  ])('repeats its column heads at the top of page 2 and every page after (%s)', async (_, figures) => {
    const all = await pages(report(figures));
    expect(all.length).toBeGreaterThanOrEqual(2);
    const heads = new RegExp(`^Facility\\s+${figures.join('\\s+')}$`);
    for (const [i, lines] of all.entries()) if (i > 0) expect(lines[0], `page ${i + 1}`).toMatch(heads);
    // Every facility's row once, in order, across the pages.
    const rows = all.flat().flatMap((l) => /^Facility number (\d+)\s/.exec(l)?.[1] ?? []);
    expect(rows.map(Number)).toEqual(Array.from({ length: 113 }, (_, i) => i + 1));
  });
});
