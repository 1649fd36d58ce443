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
export const ROLES_SW: Record<Role, string> = {
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
  /**
   * A table: columns with their share of the width; a row per entry, or `empty` when there is none. A column's cells
   * never wrap when `nowrap` (the default for a right-aligned column: a figure is never broken across lines); the
   * layout widens such a column to its widest cell, and sets the type smaller when the page cannot hold them all.
   * `emphasis` marks rows printed bold (a statement's subtotals and totals), row by row. `fitRows`: the rows of
   * sibling tables with the same columns (a statement's sections), measured too so the tables line up.
   */
  | {
      kind: 'table';
      heading?: string;
      columns: readonly TableColumn[];
      rows: readonly (readonly string[])[];
      empty?: string;
      fontSize?: number;
      emphasis?: readonly boolean[];
      fitRows?: readonly (readonly string[])[];
    }
  /** A heading and free text (clinical notes). */
  | { kind: 'text'; heading: string; body: string };

export type TableColumn = { label: string; width: number; align?: 'left' | 'right'; nowrap?: boolean };

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
/** The smallest type a table is set in to keep its figures whole. */
const MIN_TABLE_SIZE = 5;
/** How many of a table's rows stay with its heading and column heads at the foot of a page. */
const KEEP_ROWS = 2;
/** The fewest lines of a row taller than a page that are printed at a page's foot (the rest go over). */
const KEEP_LINES = 2;
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

  /**
   * A section's heading, kept with what follows it: `keep` is the height of its first lines (a table's column heads
   * and first rows), so a heading is never the last thing on a page — it moves to the next page with them.
   */
  const headingHeight = (value: string) => {
    doc.font('Helvetica-Bold').fontSize(12);
    return doc.heightOfString(printable(value), { width }) + doc.currentLineHeight() * 0.3;
  };
  const heading = (value: string, keep: number) => {
    room(headingHeight(value) + keep);
    doc.font('Helvetica-Bold').fontSize(12);
    text(value, left, doc.y, { width });
    doc.moveDown(0.3);
  };

  /** The widest piece of `value` that may not be broken: the whole text (each line of it), or its longest word. */
  const unbreakable = (value: string, whole: boolean) => {
    const pieces = printable(value).split(whole ? '\n' : /\s+/);
    return Math.max(0, ...pieces.map((p) => doc.widthOfString(p)));
  };

  /**
   * A table's type size and column widths: each column at least as wide as its widest unbreakable piece (a whole
   * figure in a nowrap column, the longest word elsewhere), the rest shared by the columns' weights; when the page
   * cannot hold those widths, the type is set smaller, down to MIN_TABLE_SIZE.
   */
  const fitTable = (section: Extract<PdfSection, { kind: 'table' }>) => {
    const weights = section.columns.map((c) => c.width);
    const totalWeight = weights.reduce((a, b) => a + b, 0) || 1;
    const start = section.fontSize ?? 9.5;
    for (let size = start; ; size = Math.max(MIN_TABLE_SIZE, size - 0.5)) {
      // A dense grid (small type) keeps narrower padding so 31 day columns fit across the page.
      const pad = size < 8 ? 1.5 : 3;
      doc.fontSize(size);
      const mins = section.columns.map((c, i) => {
        const whole = c.nowrap ?? c.align === 'right';
        doc.font('Helvetica-Bold');
        let widest = unbreakable(c.label, false);
        section.rows.forEach((cells, r) => {
          doc.font(section.emphasis?.[r] ? 'Helvetica-Bold' : 'Helvetica');
          widest = Math.max(widest, unbreakable(cells[i] ?? '', whole));
        });
        // A sibling's row may be bold or not: measured bold, the wider.
        doc.font('Helvetica-Bold');
        for (const cells of section.fitRows ?? []) widest = Math.max(widest, unbreakable(cells[i] ?? '', whole));
        // A point to spare: pdfkit wraps a piece that fills its width exactly.
        return widest + 2 * pad + 1;
      });
      const needed = mins.reduce((a, b) => a + b, 0);
      if (needed <= width || size <= MIN_TABLE_SIZE) {
        let widths = weights.map((w) => (w / totalWeight) * width);
        if (needed > width) {
          widths = mins.map((m) => (m / needed) * width);
        } else {
          // Columns narrower than their minimum take it; the others give up their surplus over theirs, in proportion.
          const deficit = widths.reduce((acc, w, i) => acc + Math.max(0, mins[i]! - w), 0);
          const surplus = widths.reduce((acc, w, i) => acc + Math.max(0, w - mins[i]!), 0);
          if (deficit > 0) widths = widths.map((w, i) => (w <= mins[i]! ? mins[i]! : mins[i]! + (w - mins[i]!) * (1 - deficit / surplus)));
        }
        return { size, pad, widths };
      }
    }
  };

  for (const section of content.sections) {
    if (section.kind === 'fields') {
      const labelWidth = Math.round(width * 0.32);
      const valueWidth = width - labelWidth - 10;
      const rowHeight = ([label, value]: readonly [string, string]) => {
        doc.fontSize(10).font('Helvetica-Bold');
        const lh = doc.heightOfString(printable(label), { width: labelWidth });
        doc.font('Helvetica');
        return Math.max(lh, doc.heightOfString(printable(value), { width: valueWidth }));
      };
      if (section.heading) heading(section.heading, section.rows[0] ? rowHeight(section.rows[0]) : 0);
      for (const [label, value] of section.rows) {
        const h = rowHeight([label, value]);
        room(h);
        const y = doc.y;
        doc.fontSize(10).font('Helvetica-Bold').fillColor(MUTED);
        text(label, left, y, { width: labelWidth });
        doc.font('Helvetica').fillColor(INK);
        text(value, left + labelWidth + 10, y, { width: valueWidth });
        doc.y = y + h + 4;
      }
    } else if (section.kind === 'table') {
      const { size, pad, widths } = fitTable(section);
      const cols = section.columns.map((c, i) => ({ ...c, w: widths[i]! }));
      const rowHeight = (cells: readonly string[], bold: boolean) => {
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
        return Math.max(...cols.map((c, i) => doc.heightOfString(printable(cells[i] ?? ''), { width: c.w - 2 * pad }))) + 2 * pad;
      };
      const labels = cols.map((c) => c.label);
      /** The most one row may take on a page: all of it under the column heads. */
      const pageRoom = bottom() - doc.page.margins.top - rowHeight(labels, true);
      /**
       * One row, whole on one page: a row that does not fit starts the next page, under the column heads again. A row
       * taller than a whole page is printed in parts instead (tallRow), each under the column heads.
       */
      const row = (cells: readonly string[], bold: boolean, head = false, part = false) => {
        const h = rowHeight(cells, bold);
        if (!head && !part && h > pageRoom) return tallRow(cells, bold);
        if (doc.y + h > bottom()) {
          doc.addPage();
          if (!head) row(labels, true, true);
        }
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
        const y = doc.y;
        let x = left;
        cols.forEach((c, i) => {
          text(cells[i] ?? '', x + pad, y + pad, { width: c.w - 2 * pad, align: c.align ?? 'left' });
          x += c.w;
        });
        doc.y = y + h;
        doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
      };
      /** A cell's text as the lines it prints in: its own line breaks, and its words wrapped to the column. */
      const linesOf = (value: string, w: number): string[] =>
        printable(value)
          .split('\n')
          .flatMap((paragraph) => {
            const lines: string[] = [];
            let line = '';
            for (const word of paragraph.split(' ')) {
              const longer = line === '' ? word : `${line} ${word}`;
              // A point to spare, as fitTable keeps: pdfkit wraps a line that fills its width exactly.
              if (line !== '' && doc.widthOfString(longer) > w - 1) {
                lines.push(line);
                line = word;
              } else line = longer;
            }
            return [...lines, line];
          });
      /**
       * A row taller than a page (a long note in a cell): as many lines of each cell as the page has room for, the
       * rest on the next page under the column heads, and so on, so no page of the table is without them and every
       * cell's lines stay beside the same lines of the others.
       */
      const tallRow = (cells: readonly string[], bold: boolean) => {
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
        const lineHeight = doc.currentLineHeight(true);
        let rest = cols.map((c, i) => linesOf(cells[i] ?? '', c.w - 2 * pad));
        let fresh = false;
        while (rest.some((lines) => lines.length > 0)) {
          const room = Math.floor((bottom() - doc.y - 2 * pad) / lineHeight);
          if (room < KEEP_LINES && !fresh) {
            doc.addPage();
            row(labels, true, true);
            fresh = true;
            continue;
          }
          const take = Math.max(1, room);
          row(
            rest.map((lines) => lines.slice(0, take).join('\n')),
            bold,
            false,
            true,
          );
          rest = rest.map((lines) => lines.slice(take));
          fresh = false;
        }
      };
      const emptyHeight = () => {
        doc.font('Helvetica-Oblique').fontSize(size);
        return doc.heightOfString(printable(section.empty ?? ''), { width }) + 3;
      };
      // The column heads and the first rows (or the empty line) stay together, and with the heading.
      // A row taller than a page keeps only its first lines with the heads: the rest may go over in any case.
      const keptHeight = (cells: readonly string[], bold: boolean) => {
        const h = rowHeight(cells, bold);
        return h > pageRoom ? 2 * pad + KEEP_LINES * doc.currentLineHeight(true) : h;
      };
      const first = section.rows.slice(0, KEEP_ROWS).reduce((acc, cells, r) => acc + keptHeight(cells, section.emphasis?.[r] ?? false), 0);
      const keep = rowHeight(labels, true) + (section.rows.length === 0 && section.empty ? emptyHeight() : first);
      if (section.heading) heading(section.heading, keep);
      else room(keep);
      row(labels, true, true);
      if (section.rows.length === 0 && section.empty) {
        doc.font('Helvetica-Oblique').fontSize(size).fillColor(MUTED);
        text(section.empty, left + 3, doc.y + 3, { width });
        doc.fillColor(INK);
      }
      section.rows.forEach((cells, r) => row(cells, section.emphasis?.[r] ?? false));
    } else {
      doc.font('Helvetica').fontSize(10);
      const firstLines = Math.min(doc.heightOfString(printable(section.body), { width }), doc.currentLineHeight(true) * 3);
      heading(section.heading, firstLines);
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
