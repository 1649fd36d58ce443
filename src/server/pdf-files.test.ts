// Every PDF the server serves, as an outside reader's tools see it (issue 33 item 5): each route the app registers
// whose answer is a PDF, fetched as a seeded user with real ids, in English and in Kiswahili, then read with poppler:
// - pdffonts: every font embedded and subset (none left to the printer's or viewer's stand-in), with a Unicode map;
// - pdfinfo: tagged, titled (shown in the viewer's bar), its language in the catalog's /Lang, its structure a
//   Document whose title is an H1; and every text the pages draw is the content of an element of that structure
//   (test/pdf.ts reads the marked content and the parent tree) but the page furniture, marked as artifacts;
// - pdftotext: reads back every character drawn; the Kiswahili document holds no English label of the documents'
//   words (core/pdf.ts documentWords), beyond names and codes said alike in both languages (SAME_IN_BOTH).
// The routes are not listed by hand alone: the app's own list of routes whose 200 is a PDF must equal the list
// below, so a new PDF route fails here until it is fetched here too. Without poppler (CI installs it) the checks
// that read with it are skipped, saying so, but in CI.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STATEMENTS } from '../shared/accounting/index.js';
import { LANGUAGES, type Language } from '../shared/language.js';
import { PENSION_SCHEME_NAMES } from '../shared/payroll/index.js';
import { pdfFileSchema } from '../shared/validation.js';
import { DOCUMENT_LANGUAGE, registeredDocumentWords } from './core/pdf.js';
import { createTestContext, type TestContext } from './test/helper.js';
import { pdfLines, pdfPages, pdfParentTree } from './test/pdf.js';

/** poppler's tools (Debian's poppler-utils, which CI installs): without them there is nothing to read the files with. */
const poppler = ['pdffonts', 'pdfinfo', 'pdftotext'].every((tool) => spawnSync(tool, ['-v']).error === undefined);
/** In CI (.ci/run installs poppler first) the checks run whatever: a missing tool fails them, it never skips them. */
// eslint-disable-next-line no-restricted-properties -- the test's own environment, not the app's configuration
const { env: INHERITED } = process;
const readable = poppler || INHERITED.CI === 'true';

let t: TestContext;
let dir: string;

/** The ids of the records each document is made of: the seed's, and the visit, lab test and reports made here. */
type Ids = { referral: number; record: number; bill: number; run: number; employee: number; order: number; delivery: number; statement: number; reports: number[] };
let ids: Ids;

/**
 * Every PDF route, and the addresses it is read at (more than one where a route makes documents of different
 * shapes: the MOH forms' grid, MOH 717's sections, a register, an analysis).
 */
const PDF_ROUTES: Record<string, (ids: Ids) => string[]> = {
  '/api/referrals/:id/letter.pdf': (i) => [`/api/referrals/${i.referral}/letter.pdf`],
  '/api/medical-records/:id/summary.pdf': (i) => [`/api/medical-records/${i.record}/summary.pdf`],
  '/api/billing/:id/invoice.pdf': (i) => [`/api/billing/${i.bill}/invoice.pdf`],
  '/api/billing/:id/receipt.pdf': (i) => [`/api/billing/${i.bill}/receipt.pdf`],
  '/api/payroll/runs/:id/payslips/:employeeId.pdf': (i) => [`/api/payroll/runs/${i.run}/payslips/${i.employee}.pdf`],
  '/api/payroll/employees/:id/p9a.pdf': (i) => [`/api/payroll/employees/${i.employee}/p9a.pdf?year=2026`],
  '/api/procurement/purchase-orders/:id/lpo.pdf': (i) => [`/api/procurement/purchase-orders/${i.order}/lpo.pdf`],
  '/api/procurement/deliveries/:id/certificate.pdf': (i) => [`/api/procurement/deliveries/${i.delivery}/certificate.pdf`],
  '/api/procurement/pending-bills.pdf': () => ['/api/procurement/pending-bills.pdf'],
  ...Object.fromEntries(STATEMENTS.map((kind) => [`/api/accounting/${kind}.pdf`, () => [`/api/accounting/${kind}.pdf`]])),
  '/api/accounting/reconciliations/:id/statement.pdf': (i) => [`/api/accounting/reconciliations/${i.statement}/statement.pdf`],
  '/api/lab-tests/register.pdf': () => ['/api/lab-tests/register.pdf?facilityId=1&date=2026-03-16'],
  '/api/reports/:id/download': (i) => i.reports.map((id) => `/api/reports/${id}/download?format=pdf`),
};

/** A route's 200 is a PDF: the PDF file schema (core/http.ts pdfFile), as its only body or one of its media types, or a `format` that may be pdf. */
function servesPdf(schema: { response?: Record<string, unknown>; querystring?: unknown }): boolean {
  const ok = schema.response?.['200'] ?? schema.response?.[200];
  if (ok === pdfFileSchema) return true;
  if (ok && typeof ok === 'object' && 'content' in ok && typeof ok.content === 'object' && ok.content !== null && 'application/pdf' in ok.content) return true;
  const format = schema.querystring instanceof z.ZodObject ? (schema.querystring.shape as Record<string, z.ZodType>).format : undefined;
  return format?.safeParse('pdf').success === true;
}

/**
 * The analysis report: an analysis words its titles, heads and notes in the reader's language, but its rows' labels
 * (a payment method, a service, "All facilities") are kept as recorded, in English, and its Kiswahili notes quote them
 * so (issue 30 item 8, analyses/words.ts): its Kiswahili is not read for English labels here.
 */
let analysis: number;

/** One document as fetched: the route, its address, the language asked for, its bytes and its file. */
type Doc = { route: string; url: string; lang: Language; pdf: Buffer; file: string };
const docs: Doc[] = [];
/** Names every document prints as they are, in any language: the facilities' (the Master Facility List's) and the pension schemes'. */
let names: string[] = [];

const run = (tool: string, ...args: string[]) => execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

beforeAll(async () => {
  t = await createTestContext();
  dir = mkdtempSync(join(tmpdir(), 'afya-pdf-files-'));
  const director = await t.loginAs('county_director');
  const one = async (query: ReturnType<typeof sql>) => {
    const [row] = await t.rows<{ id: number }>(query);
    if (!row) throw new Error(`the seed has no row for ${JSON.stringify(query)}`);
    return Number(row.id);
  };
  // Today's laboratory register with a line on it: a visit at the county referral hospital, an RDT ordered and resulted.
  const clinician = await t.loginAs('clinical_officer');
  const visit = (await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: 21, facilityId: 1, chiefComplaint: 'Fever for two days' } })).json() as { id: number };
  const [rdt] = (await t.request({ method: 'POST', url: `/api/medical-records/${visit.id}/lab-tests`, cookie: clinician, body: { tests: ['malaria_rdt'] } })).json() as [{ id: number }];
  const resulted = await t.request({ method: 'PATCH', url: `/api/lab-tests/${rdt!.id}/result`, cookie: await t.loginAt('lab_technician', 1), body: { result: 'positive', species: 'falciparum' } });
  expect(resulted.statusCode, resulted.body).toBe(200);
  // A MOH 705A of last month and an analysis of this month's revenue, generated as the reports screen asks for them.
  const generated: number[] = [];
  for (const body of [
    { report: 'moh705a', facilityId: 1, period: '2026-02' },
    { report: 'revenue-collection', county: true, startDate: '2026-03-01', endDate: '2026-03-15' },
  ]) {
    const asked = await t.request({ method: 'POST', url: '/api/reports', cookie: director, body });
    expect(asked.statusCode, asked.body).toBe(202);
    generated.push((asked.json() as { id: number }).id);
  }
  analysis = generated[1]!;
  await t.runJobs();
  const [line] = await t.rows<{ run_id: number; employee_id: number }>(
    sql`select l.run_id, l.employee_id from payroll_run_lines l join payroll_runs r on r.id = l.run_id where r.status = 'approved' order by r.period desc, l.id limit 1`,
  );
  names = [...(await t.rows<{ name: string }>(sql`select name from facilities`)).map((f) => f.name), ...Object.values(PENSION_SCHEME_NAMES)];
  ids = {
    referral: await one(sql`select id from referrals order by id limit 1`),
    record: visit.id,
    bill: await one(sql`select id from billing_records where status = 'paid' order by id limit 1`),
    run: line!.run_id,
    employee: line!.employee_id,
    order: await one(sql`select id from procurement_orders where number is not null and status in ('approved', 'delivered', 'paid') order by id limit 1`),
    delivery: await one(sql`select id from procurement_deliveries order by id limit 1`),
    statement: await one(sql`select id from bank_statements order by id limit 1`),
    // The MOH 705A and the analysis just made, the seed's MOH 705B and MOH 717.
    reports: [...generated, ...(await t.rows<{ id: number }>(sql`select id from reports where kind in ('moh705b', 'moh717') and status = 'completed' order by id`)).map((r) => r.id)],
  };
  for (const [route, urls] of Object.entries(PDF_ROUTES)) {
    for (const url of urls(ids)) {
      for (const lang of LANGUAGES) {
        const res = await t.request({ url: `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`, cookie: director });
        expect(res.statusCode, `${url} (${lang}): ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['content-type'], url).toBe('application/pdf');
        const file = join(dir, `${docs.length}-${lang}.pdf`);
        writeFileSync(file, res.rawPayload);
        docs.push({ route, url, lang, pdf: res.rawPayload, file });
      }
    }
  }
}, 600_000);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the PDF routes', () => {
  it('are the routes listed here: a new one is read by the checks below before it is served', () => {
    const served = t.app.routeSchemas.filter((r) => r.method === 'GET' && servesPdf(r.schema as Parameters<typeof servesPdf>[0])).map((r) => r.url);
    expect(served.sort()).toEqual(Object.keys(PDF_ROUTES).sort());
  });

  it('say in Kiswahili as in English only names and codes', () => {
    const sw = documentStrings('sw');
    expect([...documentStrings('en')].filter((l) => sw.has(l)).sort(), 'translate it, or list it in SAME_IN_BOTH if it is a name or a code').toEqual([...SAME_IN_BOTH].sort());
  });
});

describe.skipIf(!readable)(readable ? 'every PDF, in English and Kiswahili, as poppler reads it' : 'every PDF as poppler reads it: SKIPPED, poppler-utils (pdffonts, pdfinfo, pdftotext) is not installed', { timeout: 120_000 }, () => {
  const routes = Object.keys(PDF_ROUTES);
  it.each(routes)('%s: every font embedded and subset (pdffonts)', (route) => {
    for (const doc of docs.filter((d) => d.route === route)) {
      const fonts = run('pdffonts', doc.file)
        .split('\n')
        .slice(2)
        .filter((l) => l.trim() !== '');
      expect(fonts.length, doc.url).toBeGreaterThan(0);
      // name, type, encoding, then emb, sub, uni, object id: read from the right, a name may hold spaces.
      const unembedded = fonts.filter((l) => {
        const [emb, sub, uni] = l.trim().split(/\s+/).slice(-5, -2);
        return emb !== 'yes' || sub !== 'yes' || uni !== 'yes';
      });
      expect(unembedded, `${doc.url} (${doc.lang})`).toEqual([]);
    }
  });

  it.each(routes)('%s: tagged, titled, in its language, every text drawn in its structure but the page furniture', (route) => {
    for (const doc of docs.filter((d) => d.route === route)) {
      const where = `${doc.url} (${doc.lang})`;
      const info = run('pdfinfo', doc.file);
      expect(info, where).toMatch(/^Tagged:\s+yes$/m);
      const title = /^Title:\s+(.*)$/m.exec(info)?.[1]?.trim() ?? '';
      expect(title, where).not.toBe('');
      // The title shows in the viewer's bar, not the file's name.
      expect(doc.pdf.toString('latin1'), where).toMatch(/\/DisplayDocTitle true/);
      const catalog = /\/Type \/Catalog[\s\S]*?>>\nendobj/.exec(doc.pdf.toString('latin1'))?.[0] ?? '';
      expect(catalog, where).toContain(`/Lang (${DOCUMENT_LANGUAGE[doc.lang]})`);
      expect(catalog, where).toMatch(/\/StructTreeRoot \d+ 0 R/);
      // The structure (pdfinfo -struct): a Document, the title its first-level heading, a table's cells in rows.
      const struct = run('pdfinfo', '-struct', doc.file);
      expect(struct.split('\n')[0], where).toBe('Document');
      expect(struct, where).toMatch(/^ {2}H1\b/m);
      if (/^ {2}Table\b/m.test(struct)) expect(struct, where).toMatch(/^ {4}TR\n {6}T[HD]\b/m);
      // Every text drawn is the content of an element of the structure (marked with an id its page's entry in the
      // parent tree gives an element), or page furniture marked as an artifact: nothing a screen reader would miss.
      const tree = pdfParentTree(doc.pdf);
      const pages = pdfPages(doc.pdf);
      expect(pages.length, where).toBe(Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]));
      const untagged = pages.flatMap((page) =>
        page.texts
          .filter(({ marks }) => {
            if (marks.some((m) => m.tag === 'Artifact')) return false;
            const mcid = marks.at(-1)?.mcid ?? null;
            return mcid === null || page.structParents === null || tree.get(page.structParents)?.[mcid] !== true;
          })
          .map((t) => t.text),
      );
      expect(untagged, `${where}: text drawn outside the structure`).toEqual([]);
      // The footer is drawn on every page, as an artifact: not read as content.
      const footer = /Generated on|Imetolewa tarehe/;
      expect(pdfLines(doc.pdf).filter((l) => footer.test(l)).length, where).toBe(pages.length);
      expect(pdfLines(doc.pdf, { artifacts: false }).filter((l) => footer.test(l)), where).toEqual([]);
    }
  });

  it.each(routes)('%s: poppler reads the text drawn, and the Kiswahili document has no English label', (route) => {
    const labels = englishLabels();
    for (const doc of docs.filter((d) => d.route === route)) {
      // Every character drawn is read back by an outside tool (the fonts' Unicode maps are whole).
      // (Hyphens aside: pdftotext joins a word broken at a hyphen at a line's end, dropping the hyphen.)
      const text = run('pdftotext', '-enc', 'UTF-8', doc.file, '-');
      const noHyphens = (t: string) => charactersOf(t.replace(/-/g, ''));
      expect(noHyphens(text), `${doc.url} (${doc.lang})`).toEqual(noHyphens(pdfLines(doc.pdf).join('')));
    }
    for (const sw of docs.filter((d) => d.route === route && d.lang === 'sw' && !d.url.startsWith(`/api/reports/${analysis}/`))) {
      const en = docs.find((d) => d.url === sw.url && d.lang === 'en')!;
      const title = /^Title:\s+(.*)$/m.exec(run('pdfinfo', sw.file))?.[1]?.trim() ?? '';
      expect(englishIn([title, ...textRuns(pdfLines(sw.pdf))], [...textRuns(pdfLines(en.pdf)), ...names], labels), `${sw.url}: English in the Kiswahili document`).toEqual([]);
    }
  });
});

/** A text's characters but spaces, each with how many times it occurs. */
function charactersOf(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const ch of text.replace(/\s+/g, '')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  return counts;
}

/**
 * What the documents' words say alike in both languages: names and codes (insurers, M-Pesa, the statutory
 * deductions, a measure). Anything else the Kiswahili words say as the English do is a label left untranslated.
 */
const SAME_IN_BOTH = ['AAP', 'AAR', 'HELB', 'Jubilee', 'M-Pesa', 'MUAC', 'Madison', 'NSSF', 'PAYE', 'SHIF', 'SpO2'];

/** Every string of every document's words (core/pdf.ts documentWords) in a language, a template's parts between its facts. */
function documentStrings(lang: Language): Set<string> {
  const strings = new Set<string>();
  for (const words of registeredDocumentWords().values()) collect(words[lang], strings);
  return new Set([...strings].filter((l) => /\p{L}{2}/u.test(l)));
}

/** The English labels of the documents' words: all their English, but the names and codes said alike. */
const englishLabels = (): ReadonlySet<string> => new Set([...documentStrings('en')].filter((l) => !SAME_IN_BOTH.includes(l)));

const FACT = '\u0001';
/** The strings of a words table, templates split at their facts ({name}, or a function's arguments). */
function collect(value: unknown, into: Set<string>): void {
  const add = (text: string) => {
    for (const part of text.split(new RegExp(`${FACT}|\\{\\w+(?::\\w+)?\\}|\\n`))) {
      const label = part.replace(/\s+/g, ' ').trim().replace(/^[,.:;–—-]\s*|\s*[,:;–—-]$/g, '');
      if (label !== '') into.add(label);
    }
  };
  if (typeof value === 'string') add(value);
  else if (typeof value === 'function') {
    try {
      const out: unknown = (value as (...args: unknown[]) => unknown)(...Array.from({ length: Math.max(1, value.length) }, () => FACT));
      if (typeof out === 'string') add(out);
    } catch {
      // a template that cannot be filled with a stand-in (it formats a date): its words are checked in the documents
    }
  } else if (Array.isArray(value)) value.forEach((v) => collect(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => collect(v, into));
}

/**
 * A document's texts as drawn, each whole: a cell, a field's label or value, a paragraph. A line that ends in a space
 * goes on on the next (the layout wraps a text after a space, and ends a line broken in the text with one).
 */
function textRuns(lines: string[]): string[] {
  const runs: string[] = [];
  let open = false;
  for (const line of lines) {
    if (open) runs[runs.length - 1] += line;
    else runs.push(line);
    open = line.endsWith(' ');
  }
  return runs.map((r) => r.replace(/\s+/g, ' ').trim()).filter((r) => r !== '');
}

/**
 * The English labels a Kiswahili document's texts (textRuns) hold, anywhere, as whole words — unless that place is
 * data the English document prints too (a name, a record's own English words, a MOH form's rows as the Ministry
 * prints them), which may hold the same words: a text of the English document that is not itself a label, or a name
 * (`enTexts` holds both), and that the Kiswahili document prints there as it is.
 */
function englishIn(texts: string[], enTexts: string[], labels: ReadonlySet<string>): string[] {
  const text = texts.join('\n');
  const data = [...new Set(enTexts)].filter((t) => !labels.has(t));
  /** The text from `from` to `to` lies within data the English document prints. */
  const inData = (label: string, from: number, to: number) =>
    data.some((d) => {
      if (!d.includes(label)) return false;
      for (let at = text.indexOf(d); at >= 0; at = text.indexOf(d, at + 1)) if (at <= from && to <= at + d.length) return true;
      return false;
    });
  const found = new Set<string>();
  for (const label of labels) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'gu');
    for (const m of text.matchAll(pattern)) if (!inData(label, m.index, m.index + label.length)) found.add(label);
  }
  return [...found];
}
