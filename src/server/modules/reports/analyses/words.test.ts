// The analysis reports in the reader's language (issue 30 item 8): every section of every analysis, generated from
// the demo county, keeps its title, column heads and notes as phrases of the dictionary (words.ts), which has each
// of them in English and Kiswahili with the same placeholders; the download words them as ?lang asks — Kiswahili
// for lang=sw, and exactly the English the reports always had for lang=en or none — in its JSON, CSV and PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReportDetail, ReportFact, ReportPhrase, ReportSection } from '../../../../shared/reports/index.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { pdfText } from '../../../test/pdf.js';
import { csvRecords } from '../../../test/csv.js';
import { ANALYSES } from './index.js';
import { phraseWords, placeholdersOf, REPORT_WORDS, say, wordSection, type WordKey } from './words.js';

type Data = { title: string; sections: ReportSection[] };

let t: TestContext;
let director: string;

/** The demo county's last three months (as analyses.test.ts), and a fortnight at Nambuku before its first record. */
const COUNTY = { county: true, startDate: '2025-12-17', endDate: '2026-03-16' };
const EMPTY = { facilityId: 4, startDate: '2025-01-06', endDate: '2025-01-19' };

async function generate(report: string, scope: Record<string, unknown>): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/reports', cookie: director, body: { report, ...scope } });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json() as ReportDetail;
  await t.runJobs();
  const done = (await t.request({ url: `/api/reports/${id}`, cookie: director })).json() as ReportDetail;
  expect(done.status, done.error ?? '').toBe('completed');
  return id;
}

const download = (id: number, query: string) => t.request({ url: `/api/reports/${id}/download?${query}`, cookie: director });
const json = async (id: number, query: string) => {
  const res = await download(id, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Data;
};
const headings = (d: Data) => d.sections.map((s) => ({ title: s.title, columns: s.columns, note: s.note ?? null }));

/** Every key a phrase names, its facts' phrases included. */
function keysOf(phrase: ReportPhrase): string[] {
  const inFact = (f: ReportFact): string[] => (typeof f !== 'object' ? [] : 'list' in f ? [f.join, ...f.list.flatMap(keysOf)] : keysOf(f));
  return [phrase.key, ...Object.values(phrase.facts ?? {}).flatMap(inFact)];
}

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
});
afterAll(() => t.close());

describe('the dictionary', () => {
  it('has every key in English and Kiswahili, with the same placeholders, and no empty wording', () => {
    const en = Object.keys(REPORT_WORDS.en).sort();
    expect(Object.keys(REPORT_WORDS.sw).sort()).toEqual(en);
    for (const key of en as WordKey[]) {
      expect(placeholdersOf(REPORT_WORDS.sw[key]), key).toEqual(placeholdersOf(REPORT_WORDS.en[key]));
      for (const lang of ['en', 'sw'] as const) expect(REPORT_WORDS[lang][key].trim(), `${lang} ${key}`).not.toBe('');
    }
    // A Kiswahili wording left in English would pass the checks above: only the words the two share may be equal.
    const same = (en as WordKey[]).filter((k) => REPORT_WORDS.sw[k] === REPORT_WORDS.en[k]);
    expect(same.sort()).toEqual(['asRecorded', 'join.semicolon', 'payment.mpesa']);
  });

  it('writes a date and a month of the facts in the language: ISO in English as before, in words in Kiswahili', () => {
    const phrase = say('trends.partialMonth', { month: '2025-12', first: '2025-12-17', last: '2025-12-31' });
    expect(phraseWords(phrase, 'en')).toBe('2025-12 (2025-12-17 to 2025-12-31)');
    expect(phraseWords(phrase, 'sw')).toBe('Desemba 2025 (17 Desemba 2025 hadi 31 Desemba 2025)');
  });

  it('leaves a section in its stored English when it has no phrases (a report generated before them, a MOH form) or names one the dictionary lost', () => {
    const stored: ReportSection = { title: 'Facility utilization', columns: ['MFL code', 'Facility'], rows: [], note: null };
    expect(wordSection(stored, 'sw')).toBe(stored);
    const lost = { ...stored, text: { title: { key: 'utilization.retired' }, columns: [say('col.mflCode'), say('col.facility')], notes: [] } };
    expect(wordSection(lost, 'sw')).toBe(lost);
    const known = { ...stored, text: { title: say('utilization.title'), columns: [say('col.mflCode'), say('col.facility')], notes: [] } };
    expect(wordSection(known, 'sw')).toMatchObject({ title: 'Matumizi ya vituo', columns: ['Nambari ya MFL', 'Kituo'], note: null });
  });
});

describe('every analysis of the demo county', () => {
  const ids: Record<string, number[]> = {};
  beforeAll(async () => {
    for (const kind of Object.keys(ANALYSES)) ids[kind] = [await generate(kind, COUNTY), await generate(kind, EMPTY)];
  }, 600_000);

  it('keeps a phrase for each section title, column head and note line, each known to the dictionary, and its English is the phrases worded in English', async () => {
    for (const [kind, reports] of Object.entries(ids)) {
      for (const id of reports) {
        const data = await json(id, 'format=json');
        expect(data.sections.length, kind).toBeGreaterThan(0);
        for (const s of data.sections) {
          const where = `${kind}: ${s.title}`;
          expect(s.text, where).toBeDefined();
          const text = s.text!;
          expect(text.columns.length, where).toBe(s.columns.length);
          expect(text.notes.length, where).toBe(s.note ? s.note.split('\n').length : 0);
          for (const phrase of [text.title, ...text.columns, ...text.notes]) for (const key of keysOf(phrase)) expect(Object.keys(REPORT_WORDS.en), where).toContain(key);
          expect(phraseWords(text.title, 'en'), where).toBe(s.title);
          expect(text.columns.map((c) => phraseWords(c, 'en')), where).toEqual(s.columns);
          expect(text.notes.map((n) => phraseWords(n, 'en')).join('\n') || null, where).toBe(s.note ?? null);
          // Worded in Kiswahili, every part reads, and the sections and their rows are the same.
          const sw = wordSection(s, 'sw');
          expect(sw.rows, where).toBe(s.rows);
          expect(sw.columns.length, where).toBe(s.columns.length);
        }
      }
    }
  });

  it('downloads in Kiswahili with lang=sw, and in exactly the stored English with lang=en or none, in the JSON and the CSV', async () => {
    for (const [kind, [id]] of Object.entries(ids)) {
      const plain = await json(id!, 'format=json');
      expect(await json(id!, 'format=json&lang=en'), kind).toEqual(plain);
      expect(await json(id!, 'format=json&lang='), kind).toEqual(plain);
      const sw = await json(id!, 'format=json&lang=sw');
      expect(sw.sections.map((s) => s.rows), kind).toEqual(plain.sections.map((s) => s.rows));
      // Every title and every note differs from its English (a column may be a week or a MOH 705 row's label).
      for (const [i, s] of sw.sections.entries()) {
        expect(s.title, kind).not.toBe(plain.sections[i]!.title);
        if (s.note) expect(s.note, kind).not.toBe(plain.sections[i]!.note);
      }
      const csv = await download(id!, 'format=csv');
      expect((await download(id!, 'format=csv&lang=en')).body, kind).toBe(csv.body);
      const swCsv = csvRecords((await download(id!, 'format=csv&lang=sw')).body);
      // The CSV's heads are the sections' worded heads (after its scope, period and, with more than one, section).
      const heads = new Set(sw.sections.flatMap((s) => s.columns));
      expect(swCsv[0]!.filter((h) => !heads.has(h)), kind).toEqual(sw.sections.length > 1 ? ['Eneo', 'Kipindi', 'Sehemu'] : ['Eneo', 'Kipindi']);
      if (sw.sections.length > 1) expect(new Set(swCsv.slice(1).map((r) => r[2])), kind).toEqual(new Set(sw.sections.filter((s) => s.rows.length > 0).map((s) => s.title)));
    }
  });

  it('words the titles, heads and notes as a Kiswahili reader reads them', async () => {
    const demographics = await json(ids['patient-demographics']![0]!, 'format=json&lang=sw');
    expect(demographics.sections[1]).toMatchObject({
      title: 'Wagonjwa waliosajiliwa kuanzia tarehe 17 Desemba 2025 hadi 16 Machi 2026',
      columns: ['Kundi la umri (miaka)', 'Wa kike', 'Wa kiume', 'Jumla'],
      note: 'Umri kwa miaka kamili tarehe 16 Machi 2026.',
    });
    const revenue = await json(ids['revenue-collection']![0]!, 'format=json&lang=sw');
    expect(revenue.sections[0]!.title).toBe('Fedha zilizokusanywa kwa kituo (KES)');
    expect(revenue.sections[0]!.columns).toEqual(['Nambari ya MFL', 'Kituo', 'Kaunti Ndogo', 'Ankara zilizolipwa', 'Pesa taslimu', 'Kadi', 'M-Pesa', 'SHA (zamani NHIF)', 'Bima', 'Jumla']);
    const referrals = await json(ids['referral-analysis']![0]!, 'format=json&lang=sw');
    expect(referrals.sections[0]!.note).toBe(
      'Rufaa zilizotolewa kuanzia tarehe 17 Desemba 2025 hadi 16 Machi 2026, pamoja na hali yake leo.\nRufaa kati ya vituo viwili kati ya hivi inahesabiwa kama iliyotoka kimoja na kuingia kingine.',
    );
    // The same sections in English, as the reports always wrote them.
    const english = await json(ids['patient-demographics']![0]!, 'format=json');
    expect(headings(english)[1]).toEqual({
      title: 'Patients registered from 2025-12-17 to 2026-03-16',
      columns: ['Age band (years)', 'Female', 'Male', 'Total'],
      note: 'Age in whole years on 2026-03-16.',
    });
    expect((await json(ids['revenue-collection']![0]!, 'format=json')).sections[0]!.columns).toEqual(['MFL code', 'Facility', 'Sub-county', 'Invoices paid', 'Cash', 'Card', 'M-Pesa', 'SHA (formerly NHIF)', 'Insurance', 'Total']);
  });

  it('prints the PDF in the language asked, with its notes under "Maelezo"', async () => {
    const id = ids['referral-analysis']![0]!;
    const sw = await download(id, 'format=pdf&lang=sw');
    expect(sw.statusCode).toBe(200);
    const swText = pdfText(sw.rawPayload);
    expect(swText).toContain('Rufaa kwa kituo');
    expect(swText).toContain('Maelezo');
    expect(swText).toContain('Nambari ya MFL');
    expect(swText).not.toContain('Referrals by facility');
    const enText = pdfText((await download(id, 'format=pdf&lang=en')).rawPayload);
    expect(enText).toContain('Referrals by facility');
    expect(enText).toContain('Notes');
    // Without ?lang a PDF follows the browser, as every printed document does.
    const browser = await t.request({ url: `/api/reports/${id}/download?format=pdf`, cookie: director, headers: { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' } });
    expect(pdfText(browser.rawPayload)).toContain('Rufaa kwa kituo');
  });

  it('reads a report stored before the phrases in its English, whatever the language asked', async () => {
    const id = await generate('facility-utilization', COUNTY);
    await t.database.db.execute(
      sql`update reports set data = jsonb_set(data, '{sections}', (select jsonb_agg(s - 'text') from jsonb_array_elements(data -> 'sections') s)) where id = ${id}`,
    );
    const sw = await json(id, 'format=json&lang=sw');
    expect(sw.sections[0]).toMatchObject({ title: 'Facility utilization' });
    expect(sw.sections[0]!.text).toBeUndefined();
    expect(await json(id, 'format=json')).toEqual(sw);
  });

  it('refuses a language it does not speak with a 400', async () => {
    const id = ids.trends![0]!;
    for (const lang of ['fr', 'SW', 'sw-KE', 'en,sw']) {
      const res = await download(id, `format=json&lang=${encodeURIComponent(lang)}`);
      expect(res.statusCode, lang).toBe(400);
      expect(res.json().message, lang).toContain('Unknown language');
    }
  });
});
