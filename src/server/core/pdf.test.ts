// The shared PDF layout (core/pdf.ts; issue 29 item 3), read back as a reader's PDF viewer lays it out (poppler's
// pdftotext -layout): a figure is never broken across lines however narrow its column, a row is never split across
// pages, a section's heading never ends a page — it goes over with its first rows — and a table that runs on to the
// next page repeats its column heads there, even within a row taller than a page (issue 30 item 9).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPdf, type PdfContent, type PdfSection } from './pdf.js';

const FOOTER = { by: 'Margaret Nekesa', at: new Date('2026-03-16T06:30:00Z') };
const dir = mkdtempSync(join(tmpdir(), 'afya-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The document's pages as pdftotext -layout prints them. */
async function pages(content: PdfContent): Promise<string[]> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, await renderPdf(content, 'en', FOOTER));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((p) => p.trim() !== '');
}
const linesOf = (page: string) => page.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !/Page \d+ of \d+/.test(l));
/** The page a text is on: the whole text, not the start of a longer one ("Row 1" is not "Row 10"). */
const pageOf = (all: string[], text: string) => all.findIndex((p) => new RegExp(`${text}(?![\\w])`).test(p));

const AMOUNT = /^\(?\d{1,3}(,\d{3})*\.\d{2}\)?$/;

describe('a table of figures', () => {
  it('never breaks a figure, however many columns share the page: the type is set smaller instead', async () => {
    const figures = ['30,966,475.00', '(249,800.00)', '9,999,999,999,990.00', '1,234,567,890.12', '0.00', '(12,345,678.90)', '987,654,321.00', '5.00'];
    const table: PdfSection = {
      kind: 'table',
      heading: 'Balances',
      columns: [{ label: 'Account', width: 0.9 }, { label: 'Line', width: 3.2 }, ...figures.map((_, i) => ({ label: `Column ${i + 1}`, width: 1.2, align: 'right' as const }))],
      rows: Array.from({ length: 12 }, (_, r) => [`11${r}0`, `Bank – county health operating account ${r}`, ...figures.map((f, i) => figures[(i + r) % figures.length]!)]),
      fontSize: 8,
    };
    const text = (await pages({ title: 'Trial Balance', sections: [table] })).join('\n');
    for (const line of text.split('\n')) {
      expect(line).not.toMatch(/\d[,.]\s*$/);
      expect(line).not.toMatch(/^\s*[.,]?\d{1,3}\)?\s*$/);
      for (const token of line.trim().split(/\s+/)) if (/\d,\d|\d\.\d\d/.test(token)) expect(token, line).toMatch(AMOUNT);
    }
    for (const f of figures) expect(text).toContain(f);
  });
});

describe('a long document', () => {
  /** A table of `n` one-line rows, then a section whose rows are two lines each. */
  const content = (n: number): PdfContent => ({
    title: 'Statement',
    sections: [
      { kind: 'fields', rows: [['Books of', 'Busia County']] },
      { kind: 'table', heading: 'First section', columns: [{ label: 'Line', width: 3 }, { label: 'Amount', width: 1, align: 'right' }], rows: Array.from({ length: n }, (_, i) => [`Row ${i + 1}`, '1,000.00']) },
      {
        kind: 'table',
        heading: 'Second section',
        columns: [{ label: 'Line', width: 3 }, { label: 'Amount', width: 1, align: 'right' }],
        rows: Array.from({ length: 30 }, (_, i) => [`Upper ${i + 1}\nLower ${i + 1}`, '2,000.00']),
      },
      { kind: 'fields', heading: 'Checks', rows: [['Debits equal credits', 'holds']] },
    ],
  });

  it("keeps each heading with its first rows, each row whole on its page, and repeats the column heads on the next page", async () => {
    // However long the first table, the second heading falls somewhere near a page's foot for one of these lengths.
    for (let n = 28; n <= 52; n += 2) {
      const all = await pages(content(n));
      expect(all.length, `${n} rows`).toBeGreaterThan(1);
      for (const page of all.slice(0, -1)) {
        expect(['First section', 'Second section', 'Checks']).not.toContain(linesOf(page).at(-1));
      }
      expect(pageOf(all, 'Second section'), `${n} rows`).toBe(pageOf(all, 'Upper 1'));
      expect(pageOf(all, 'Upper 2'), `${n} rows`).toBe(pageOf(all, 'Second section'));
      for (let i = 1; i <= 30; i++) expect(pageOf(all, `Upper ${i}`), `${n} rows, row ${i}`).toBe(pageOf(all, `Lower ${i}`));
      // Every page a table runs on to starts with its column heads.
      for (const page of all.slice(1)) {
        const first = linesOf(page)[0]!;
        if (/^(Row|Upper) \d/.test(linesOf(page)[1] ?? '')) expect(first, `${n} rows`).toMatch(/^Line\s+Amount$/);
      }
    }
  }, 120_000);
});

describe('a table longer than a page (issue 30 item 9)', () => {
  it('prints its column heads at the top of page 2 and of every page after, and each row once', async () => {
    const all = await pages({
      title: 'Register',
      sections: [{ kind: 'table', columns: [{ label: 'Patient', width: 3 }, { label: 'Visits', width: 1, align: 'right' }], rows: Array.from({ length: 150 }, (_, i) => [`Patient ${i + 1}`, String(i + 1)]) }],
    });
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const [i, page] of all.entries()) if (i > 0) expect(linesOf(page)[0], `page ${i + 1}`).toMatch(/^Patient\s+Visits$/);
    const rows = all.flatMap((page) => linesOf(page).filter((l) => /^Patient \d/.test(l)));
    expect(rows).toEqual(Array.from({ length: 150 }, (_, i) => expect.stringMatching(new RegExp(`^Patient ${i + 1}\\s+${i + 1}$`))));
  });

  it('prints a row taller than a page in parts, each part under the column heads and its first line beside the other cells', async () => {
    const note = Array.from({ length: 140 }, (_, i) => `Note line ${i + 1}`).join('\n');
    const all = await pages({
      title: 'Clinical notes',
      sections: [
        {
          kind: 'table',
          heading: 'Visits',
          columns: [{ label: 'Visit', width: 1 }, { label: 'Notes', width: 3 }, { label: 'Amount', width: 1, align: 'right' }],
          rows: [
            ['First', 'Short', '1,000.00'],
            ['Second', note, '5,000.00'],
            ['Third', 'Short', '2,000.00'],
          ],
        },
      ],
    });
    expect(all.length).toBe(3);
    // The heading, the heads and the first lines of the tall row on the first page: no page left with a heading alone.
    expect(linesOf(all[0]!)).toEqual(expect.arrayContaining(['Visits', expect.stringMatching(/^Second\s+Note line 1\s+5,000\.00$/)]));
    for (const page of all.slice(1)) expect(linesOf(page)[0]).toMatch(/^Visit\s+Notes\s+Amount$/);
    // Every line of the note once, in order, whatever page it is on; the row after it follows its last line.
    const lines = all.flatMap(linesOf);
    const noteLines = lines.map((l) => /Note line (\d+)/.exec(l)?.[1]).filter((n) => n !== undefined).map(Number);
    expect(noteLines).toEqual(Array.from({ length: 140 }, (_, i) => i + 1));
    expect(lines.findIndex((l) => /^Third\s+Short\s+2,000\.00$/.test(l))).toBe(lines.findIndex((l) => l.includes('Note line 140')) + 1);
  });
});
