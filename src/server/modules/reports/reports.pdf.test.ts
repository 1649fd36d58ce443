// A generated report as a PDF (reports.pdf.ts, laid out by core/pdf.ts), read back as a PDF viewer lays it out
// (poppler's pdftotext -layout): a county-wide table runs over several pages and each page after the first starts
// with the table's column heads (issue 30 item 9), on a portrait page and on a wide report's landscape one. A monthly
// MOH form is headed with its facility's MFL code and sub-county and signed off as the paper form is (issue 31).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportData } from '../../../shared/reports/index.js';
import { renderPdf } from '../../core/pdf.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { pdfText } from '../../test/pdf.js';
import { reportPdfContent } from './reports.pdf.js';

const dir = mkdtempSync(join(tmpdir(), 'afya-report-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

describe('the MOH 705 form in its PDF', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('carries the facility’s MFL code and sub-county, and compiled-by and verified-by lines to sign, in English and Kiswahili', async () => {
    const director = await t.loginAs('county_director');
    // Report 1 of the demo county: the county referral hospital's MOH 705B for last month.
    const [facility] = await t.rows<{ mfl_code: string; subcounty: string }>(sql`select f.mfl_code, f.subcounty from reports r join facilities f on f.id = r.facility_id where r.id = 1`);
    const download = async (lang: string) => {
      const res = await t.request({ url: `/api/reports/1/download?format=pdf&lang=${lang}`, cookie: director });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return pdfText(res.rawPayload);
    };
    const en = await download('en');
    for (const expected of [`MFL code ${facility!.mfl_code}`, `Sub-county ${facility!.subcounty}`, 'Sign-off', 'Name Designation Signature Date', 'Compiled by', 'Verified by']) {
      expect(en).toContain(expected);
    }
    // Signed at the foot of the form, after its rows.
    expect(en.indexOf('Compiled by')).toBeGreaterThan(en.indexOf('Tested for Malaria'));
    const sw = await download('sw');
    for (const expected of [`Nambari ya MFL ${facility!.mfl_code}`, `Kaunti Ndogo ${facility!.subcounty}`, 'Uthibitisho', 'Jina Cheo Sahihi Tarehe', 'Imeandaliwa na', 'Imethibitishwa na', 'Jinsi fomu hii inavyohesabiwa']) {
      expect(sw).toContain(expected);
    }
    expect(sw).not.toContain('Compiled by');
  });

  it('of the whole county names no one facility’s MFL code and says it covers all sub-counties', async () => {
    const data: ReportData = {
      title: 'MOH 705A Outpatient Summary (under 5 years)',
      scope: 'All Facilities',
      periodLabel: 'February 2026',
      sections: [{ title: 'MOH 705A Outpatient Summary, under 5 years', columns: ['No.', 'Diseases (new cases only)', 'Total'], rows: [[1, 'Diarrhoea', 12]], note: null }],
      khis: {
        form: '705A',
        facilities: [
          { facilityId: 1, mflCode: '15834', name: 'Busia County Referral Hospital', totals: {} },
          { facilityId: 2, mflCode: '16091', name: 'Port Victoria Hospital', totals: {} },
        ],
      },
      settings: {},
    };
    const text = pdfText(await renderPdf(reportPdfContent(data, 'en', { mflCode: null, subcounty: null }), 'en', { by: 'Margaret Nekesa', at: new Date('2026-03-16T06:30:00Z') }));
    expect(text).toContain('Sub-county All sub-counties');
    expect(text).toContain('Facilities 2');
    expect(text).not.toContain('MFL code');
    expect(text).toContain('Compiled by');
  });
});
