// Documents that print (issue 12; docs/decisions/0010-pdf-documents.md): one layout for every PDF the server
// makes from the database — the county's header, a title, labelled fields, tables, free text, and a footer that
// says who generated it, when, and the page. Each module writes its documents' content (billing.pdf.ts,
// referrals.pdf.ts, medical-records.pdf.ts) as a PdfContent; this file lays it out with pdfkit.
//
// The document speaks the reader's language: the client sends its i18n language as ?lang=en|sw (a link opened
// in a new tab carries no other sign of it); without it, the Accept-Language header decides, and English is the
// default. The standard PDF fonts (Helvetica) cover Latin-1 and WinAnsi's punctuation ("–", "…", "·"), enough
// for English and Kiswahili; any other character is printed as "?" rather than breaking the document.
import PDFDocument from 'pdfkit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLE_LABELS, type Role } from '../../shared/access/index.js';
import { COUNTY_PROFILE } from '../../shared/county.js';
import { COUNTY_TIME_ZONE } from '../../shared/county-time.js';
import { DATE_LOCALES, LANGUAGES, type Language } from '../../shared/language.js';
import { idParam } from '../../shared/validation.js';
import { ctxOf, type RouteAccess } from './access.js';
import type { ServiceContext } from './context.js';
import type { AppDeps } from './deps.js';
import { pdfFile } from './http.js';

export { type Language } from '../../shared/language.js';

/** The query string of a document route: ?lang=en or ?lang=sw. */
export const documentQuery = z.object({ lang: z.enum(LANGUAGES, { error: 'Unknown language' }).optional() });

/** A document's language: ?lang first, then the first of ours the browser's Accept-Language prefers, else English. */
export function documentLanguage(request: FastifyRequest): Language {
  const asked = (request.query as { lang?: Language } | undefined)?.lang;
  if (asked) return asked;
  const header = request.headers['accept-language'];
  const preferred = (typeof header === 'string' ? header : '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), i };
    })
    .filter((e) => e.q > 0 && (LANGUAGES as readonly string[]).includes(e.lang))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (preferred[0]?.lang as Language | undefined) ?? 'en';
}

/** Words every document shares: the header and the footer. */
const COMMON = {
  en: {
    county: (name: string) => `County Government of ${name}`,
    department: 'Department of Health',
    generated: (at: string, by: string) => `Generated on ${at} by ${by}`,
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
  sw: {
    county: (name: string) => `Serikali ya Kaunti ya ${name}`,
    department: 'Idara ya Afya',
    generated: (at: string, by: string) => `Imetolewa tarehe ${at} na ${by}`,
    page: (n: number, of: number) => `Ukurasa ${n} kati ya ${of}`,
  },
} satisfies Record<Language, unknown>;

// The cadres in Kiswahili, as the client's shell names them (client/locales/sw.json, roles).
const ROLES_SW: Record<Role, string> = {
  county_director: 'Mkurugenzi wa Afya wa Kaunti',
  subcounty_medical_officer: 'Afisa wa Matibabu wa Kaunti Ndogo',
  facility_incharge: 'Msimamizi wa Kituo',
  clinical_officer: 'Afisa wa Kliniki',
  nurse: 'Muuguzi',
  records_officer: 'Afisa wa Rekodi',
  lab_technician: 'Mtaalamu wa Maabara',
  pharmacist: 'Mfamasia',
  nutritionist: 'Mtaalamu wa Lishe',
  payroll_officer: 'Afisa wa Mishahara',
  procurement_officer: 'Afisa wa Ununuzi',
  finance_officer: 'Afisa wa Fedha',
  admin: 'Msimamizi wa Mfumo',
};

/** A member of staff's cadre in the document's language (an unknown role as stored, SPEC.md §6). */
export function cadreName(role: string, lang: Language): string {
  const names: Record<string, string> = lang === 'sw' ? ROLES_SW : ROLE_LABELS;
  return names[role] ?? role;
}

/** A date in the document's language on the county calendar: "24 November 2026", "24 Novemba 2026". */
export function documentDate(value: string | Date, lang: Language): string {
  const at = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: COUNTY_TIME_ZONE }).format(at);
}

/** A date and time in the document's language, county clock: "24 November 2026, 16:27". */
export function documentDateTime(value: string | Date, lang: Language): string {
  const at = new Date(value);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: COUNTY_TIME_ZONE }).format(at);
  return `${documentDate(at, lang)}, ${time}`;
}

/** One part of a document's body. */
export type PdfSection =
  /** Labelled values, one per line (a value wraps under itself). */
  | { kind: 'fields'; heading?: string; rows: readonly (readonly [label: string, value: string])[] }
  /** A table: columns with their share of the width; a row per entry, or `empty` when there is none. */
  | { kind: 'table'; heading?: string; columns: readonly { label: string; width: number; align?: 'left' | 'right' }[]; rows: readonly (readonly string[])[]; empty?: string; fontSize?: number }
  /** A heading and free text (clinical notes). */
  | { kind: 'text'; heading: string; body: string };

export type PdfContent = {
  /** The document's title ("Invoice", "Referral Letter"). */
  title: string;
  /** Its number or reference, under the title. */
  reference?: string;
  /** The facility it comes from, under the county's lines. */
  facility?: string | null;
  sections: readonly PdfSection[];
  /** A wide form (the MOH 705 grid of 31 days, a register): the page on its side. */
  landscape?: boolean;
};

/** Who generated the document and when: its footer. */
export type PdfFooter = { by: string; at: Date };

const PAGE_MARGIN = 50;
const FOOTER_SPACE = 40;
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#9ca3af';

// WinAnsi (the standard fonts' encoding): Latin-1 and these. Anything else would print as a wrong glyph.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Text the standard fonts can print: other characters become "?", line breaks stay. */
export function printable(text: string): string {
  return Array.from(text.normalize('NFC'), (ch) => {
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) return ch;
    if (ch === '\t' || ch === '\r') return ' ';
    return '?';
  }).join('');
}

/** Lays out a document and returns the PDF file's bytes. */
export function renderPdf(content: PdfContent, lang: Language, footer: PdfFooter): Promise<Buffer> {
  const words = COMMON[lang];
  const doc = new PDFDocument({
    size: 'A4',
    layout: content.landscape ? 'landscape' : 'portrait',
    margins: { top: PAGE_MARGIN, left: PAGE_MARGIN, right: PAGE_MARGIN, bottom: PAGE_MARGIN + FOOTER_SPACE },
    bufferPages: true,
    lang,
    info: { Title: printable(content.reference ? `${content.title} ${content.reference}` : content.title), Author: printable(words.county(COUNTY_PROFILE.name)), Creator: 'AfyaKaunti', CreationDate: footer.at },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE_MARGIN;
  const width = doc.page.width - 2 * PAGE_MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const text = (value: string, x: number, y: number, o: PDFKit.Mixins.TextOptions = {}) => doc.text(printable(value), x, y, { lineBreak: true, ...o });
  /** Starts a new page when `height` does not fit on this one. */
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  // The county's header.
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14);
  text(words.county(COUNTY_PROFILE.name).toUpperCase(), left, doc.y, { width, align: 'center' });
  doc.font('Helvetica').fontSize(11);
  text(words.department, left, doc.y, { width, align: 'center' });
  if (content.facility) {
    doc.font('Helvetica-Bold');
    text(content.facility, left, doc.y, { width, align: 'center' });
  }
  doc.moveDown(0.5);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(1).strokeColor(RULE).stroke();
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(16);
  text(content.title, left, doc.y, { width });
  if (content.reference) {
    doc.font('Helvetica').fontSize(11).fillColor(MUTED);
    text(content.reference, left, doc.y, { width });
    doc.fillColor(INK);
  }
  doc.moveDown(0.8);

  const heading = (value: string) => {
    doc.font('Helvetica-Bold').fontSize(12);
    room(doc.heightOfString(printable(value), { width }) + 30);
    text(value, left, doc.y, { width });
    doc.moveDown(0.3);
  };

  for (const section of content.sections) {
    if (section.kind === 'fields') {
      if (section.heading) heading(section.heading);
      const labelWidth = Math.round(width * 0.32);
      const valueWidth = width - labelWidth - 10;
      doc.fontSize(10);
      for (const [label, value] of section.rows) {
        doc.font('Helvetica-Bold');
        const lh = doc.heightOfString(printable(label), { width: labelWidth });
        doc.font('Helvetica');
        const vh = doc.heightOfString(printable(value), { width: valueWidth });
        const h = Math.max(lh, vh);
        room(h);
        const y = doc.y;
        doc.font('Helvetica-Bold').fillColor(MUTED);
        text(label, left, y, { width: labelWidth });
        doc.font('Helvetica').fillColor(INK);
        text(value, left + labelWidth + 10, y, { width: valueWidth });
        doc.y = y + h + 4;
      }
    } else if (section.kind === 'table') {
      if (section.heading) heading(section.heading);
      const total = section.columns.reduce((s, c) => s + c.width, 0);
      const cols = section.columns.map((c) => ({ ...c, w: (c.width / total) * width }));
      const size = section.fontSize ?? 9.5;
      // A dense grid (small type) keeps narrower padding so 31 day columns fit across the page.
      const pad = size < 8 ? 1.5 : 3;
      const row = (cells: readonly string[], bold: boolean) => {
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
        const h = Math.max(...cols.map((c, i) => doc.heightOfString(printable(cells[i] ?? ''), { width: c.w - 2 * pad })));
        room(h + 2 * pad);
        const y = doc.y;
        let x = left;
        cols.forEach((c, i) => {
          text(cells[i] ?? '', x + pad, y + pad, { width: c.w - 2 * pad, align: c.align ?? 'left' });
          x += c.w;
        });
        doc.y = y + h + 2 * pad;
        doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
      };
      row(
        cols.map((c) => c.label),
        true,
      );
      if (section.rows.length === 0 && section.empty) {
        doc.font('Helvetica-Oblique').fontSize(size).fillColor(MUTED);
        text(section.empty, left + 3, doc.y + 3, { width });
        doc.fillColor(INK);
      }
      for (const cells of section.rows) row(cells, false);
    } else {
      heading(section.heading);
      doc.font('Helvetica').fontSize(10);
      text(section.body, left, doc.y, { width });
    }
    doc.moveDown(1);
  }

  // The footer of every page, drawn once all pages exist (bufferPages), inside the bottom margin.
  const range = doc.bufferedPageRange();
  const generated = words.generated(documentDateTime(footer.at, lang), footer.by);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - PAGE_MARGIN - 12;
    doc.page.margins.bottom = 0;
    doc.moveTo(left, y - 6).lineTo(left + width, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    text(generated, left, y, { width: width * 0.75, lineBreak: false });
    text(words.page(i - range.start + 1, range.count), left, y, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}

/** A made document: the PDF's bytes and the name it is offered under. */
export type PdfFile = { filename: string; pdf: Buffer };

/**
 * GET <url> (its path names the record as :id): a printed document of one record, with the access of the JSON
 * read of that record (core/access.ts); `make` reads the record through the module's audited read and lays it out.
 */
export function documentRoute(
  app: FastifyInstance,
  deps: AppDeps,
  url: string,
  config: { access: RouteAccess },
  make: (ctx: ServiceContext, id: number, lang: Language, reader: string) => Promise<PdfFile>,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(url, { config, schema: { params: idParam, querystring: documentQuery, response: pdfFile } }, async (request, reply) => {
    const { filename, pdf } = await make(ctxOf(request, deps), request.params.id, documentLanguage(request), readerOf(request));
    return sendPdf(reply, filename, pdf);
  });
}

/** Sends a PDF to be shown in the browser's viewer (inline), never cached: it holds patient data. */
export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('Cache-Control', 'no-store')
    .send(pdf);
}

/** The signed-in reader of a request, as a document's footer names her. */
export const readerOf = (request: FastifyRequest): string => readerName(request.user);

/** The name a document's footer gives its reader. */
function readerName(user: { firstName?: string | null; lastName?: string | null } | null): string {
  return `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim();
}
