// Documents that print (issue 12; docs/decisions/0010-pdf-documents.md): one layout for every PDF the server
// makes from the database — the county's header, a title, labelled fields, tables, free text, and a footer that
// says who generated it, when, and the page. Each module writes its documents' content (billing.pdf.ts,
// referrals.pdf.ts, medical-records.pdf.ts) as a PdfContent; this file lays it out with pdfkit.
//
// The document speaks the reader's language: the client sends its i18n language as ?lang=en|sw (a link opened
// in a new tab carries no other sign of it); without it, the Accept-Language header decides, and English is the
// default. Every label of a document is in that language (core words here, each document's beside it).
//
// A document prints anywhere and reads aloud (issue 33 item 5): its fonts are embedded (DejaVu, subset to the glyphs
// it uses), so any printer or viewer shows the same characters, any Unicode text a face has a glyph for included; it
// declares its title and language, and it is a tagged PDF whose structure a screen reader follows (renderPdf).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** The query string of a document route (a PDF or a CSV file): ?lang=en or ?lang=sw; blank or absent, the reader's
 *  Accept-Language (documentLanguage). */
export const documentQuery = z.object({
  lang: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LANGUAGES, { error: 'Unknown language' }).optional()),
});

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

const DOCUMENT_WORDS = new Map<string, Record<Language, unknown>>();
/**
 * A document's words in each language, registered by name as its module loads: the test of every PDF route
 * (pdf-files.test.ts) reads each Kiswahili document for any English label of them.
 */
export function documentWords<T extends Record<Language, unknown>>(name: string, words: T): T {
  DOCUMENT_WORDS.set(name, words);
  return words;
}
/** Every document's words, by name. */
export const registeredDocumentWords = (): ReadonlyMap<string, Record<Language, unknown>> => DOCUMENT_WORDS;

/** Words every document shares: the header and the footer. */
const COMMON = documentWords('common', {
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
} satisfies Record<Language, unknown>);

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
documentWords('roles', { en: ROLE_LABELS, sw: ROLES_SW });

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

// The months as a document's dates name them, in each language.
documentWords(
  'months',
  Object.fromEntries(
    LANGUAGES.map((lang) => [lang, Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat(DATE_LOCALES[lang], { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, m, 15)))]),
  ) as Record<Language, string[]>,
);

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

/**
 * The type faces, embedded (pdfkit writes the subset of each a document uses): DejaVu Sans (the npm package
 * dejavu-fonts-ttf) for the letterhead, titles, labelled fields and free text, and its condensed cut for tables,
 * as narrow as the Helvetica the layout was measured in, so a grid of 31 days keeps its type size.
 */
const FACES = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  condensed: 'DejaVuSansCondensed.ttf',
  condensedBold: 'DejaVuSansCondensed-Bold.ttf',
  condensedOblique: 'DejaVuSansCondensed-Oblique.ttf',
} as const;
type Face = keyof typeof FACES;

/**
 * A face as pdfkit's font engine (fontkit) has read it, and which characters it has a glyph for. Read once per
 * process and shared by every document, which only subsets it: reading a face's tables (its kerning, its ligatures)
 * again for each document took ten times as long as laying the document out.
 */
type FontFace = { font: PDFKit.Mixins.PDFFontSource; has: Uint8Array };

let fontFaces: Record<Face, FontFace> | undefined;
function faces(): Record<Face, FontFace> {
  if (!fontFaces) {
    // Resolved as a package, so it is found from the sources (tsx) and from any build alike.
    const resolve = createRequire(import.meta.url).resolve;
    // pdfkit takes a face it has read already as a font's source (its font factory lays out with any object that
    // has fontkit's layout()); a document made only to read the files is how to reach fontkit's reading of them.
    const reader = new PDFDocument({ autoFirstPage: false });
    const read = (file: string): FontFace => {
      const bytes = readFileSync(resolve(`dejavu-fonts-ttf/ttf/${file}`));
      const font = (reader.font(bytes) as unknown as { _font: { font: Shaper } })._font.font;
      return { font: shapedOnce(font) as unknown as PDFKit.Mixins.PDFFontSource, has: glyphCoverage(bytes) };
    };
    fontFaces = Object.fromEntries(Object.entries(FACES).map(([face, file]) => [face, read(file)])) as Record<Face, FontFace>;
  }
  return fontFaces;
}

/** What pdfkit uses of fontkit's shaping: a text's glyphs and their positions (which pdfkit scales, in place). */
type GlyphRun = { glyphs: unknown[]; positions: Record<string, number>[] };
type Shaper = { layout(text: string, features?: unknown): GlyphRun };
/** How many shaped texts a face keeps (a word, a figure, a label: some 100 bytes each), before it starts again. */
const SHAPED_TEXTS = 20_000;

/**
 * A face that shapes each text once per process: fontkit looking up its kerning and ligatures again for every word of
 * every document was a quarter of a document's time. pdfkit keeps a document's own shapes, and scales each run's
 * positions in place, so each call gets its own copy of them.
 */
function shapedOnce(font: Shaper): Shaper {
  const runs = new Map<string, GlyphRun>();
  const layout = (text: string, features?: unknown): GlyphRun => {
    if (features !== undefined) return font.layout(text, features);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= SHAPED_TEXTS) runs.clear();
      run = font.layout(text);
      runs.set(text, run);
    }
    const positions = run.positions.map((p) => ({ ...p }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, p) => sum + (p.xAdvance ?? 0), 0);
      },
    } as GlyphRun;
  };
  // The face itself for everything else (its tables, its glyphs, its subsets).
  return Object.create(font, { layout: { value: layout } }) as Shaper;
}

/**
 * Which characters of the Basic Multilingual Plane a TrueType font has a glyph for (1), from its Unicode cmap (format
 * 4: segments of codes, each mapped by a delta or through the glyph array, glyph 0 being "none").
 */
function glyphCoverage(ttf: Buffer): Uint8Array {
  const has = new Uint8Array(0x10000);
  const tables = ttf.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) if (ttf.toString('latin1', 12 + 16 * i, 16 + 16 * i) === 'cmap') cmap = ttf.readUInt32BE(12 + 16 * i + 8);
  if (cmap < 0) return has;
  let sub = -1;
  for (let i = 0; i < ttf.readUInt16BE(cmap + 2); i++) {
    const at = cmap + 4 + 8 * i;
    const offset = cmap + ttf.readUInt32BE(at + 4);
    if (ttf.readUInt16BE(at) === 3 && ttf.readUInt16BE(at + 2) === 1 && ttf.readUInt16BE(offset) === 4) sub = offset;
  }
  if (sub < 0) return has;
  const segments = ttf.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  for (let s = 0; s < segments; s++) {
    const start = ttf.readUInt16BE(starts + 2 * s);
    const end = ttf.readUInt16BE(ends + 2 * s);
    const delta = ttf.readUInt16BE(deltas + 2 * s);
    const rangeOffset = ttf.readUInt16BE(rangeOffsets + 2 * s);
    for (let code = start; code <= end && code < 0xffff; code++) {
      const glyph = rangeOffset === 0 ? code : ttf.readUInt16BE(rangeOffsets + 2 * s + rangeOffset + 2 * (code - start));
      if (glyph !== 0 && ((glyph + delta) & 0xffff) !== 0) has[code] = 1;
    }
  }
  return has;
}

/**
 * Text every face of the documents can print: a character one of them has no glyph for (an emoji in a note) becomes
 * "?" rather than an empty box, a tab or carriage return a space. A line break stays, after a space: the lines of one
 * element of the structure are read as one text, and a screen reader would run the last word of a line into the
 * first of the next without it (a soft wrap keeps its space; a break in the text has none of its own).
 */
export function printable(text: string): string {
  let covered: Uint8Array | undefined;
  const plain = /^[\x20-\x7e\n]*$/.test(text)
    ? text
    : Array.from(text.normalize('NFC'), (ch) => {
        if (ch === '\n') return ch;
        if (ch === '\t' || ch === '\r') return ' ';
        covered ??= coverage();
        return covered[ch.codePointAt(0)!] === 1 ? ch : '?';
      }).join('');
  return plain.includes('\n') ? plain.replace(/ *\n/g, ' \n') : plain;
}

let covers: Uint8Array | undefined;
/** Per character of the Basic Multilingual Plane, 1 when every face has a glyph for it and it is not a control character. */
function coverage(): Uint8Array {
  if (!covers) {
    const all = Object.values(faces());
    covers = new Uint8Array(0x10000);
    for (let code = 0x20; code < 0x10000; code++) if (!(code >= 0x7f && code < 0xa0) && all.every((f) => f.has[code] === 1)) covers[code] = 1;
  }
  return covers;
}

/** The language a document declares (its catalog's /Lang, what a screen reader reads it in): Kenya's English and Kiswahili. */
export const DOCUMENT_LANGUAGE: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

/**
 * The most cells a table is tagged cell by cell (Table, TR, TH, TD): each is an object of the file (some 90 bytes) and
 * time to lay out, and a grid of thousands (a MOH 705 form's 70 rows by 31 days, a month's register) would make a
 * 20 KB form 300 KB. A larger table is tagged row by row, each row a paragraph reading its cells in order.
 */
const TAGGED_CELLS = 1_500;

/** A table cell's structure options: its heads are column heads, a field's label the head of its row. */
type CellOptions = PDFKit.Mixins.StructureElementOptions & { scope?: 'Row' | 'Column' };

/**
 * Lays out a document and returns the PDF file's bytes: a tagged PDF (PDF/UA's structure) a screen reader reads in
 * order — the letterhead and reference as paragraphs, the title a heading (H1) and each section's an H2, labelled
 * fields and tables as tables of rows and cells (heads as TH), free text as paragraphs — with the rules between them,
 * the column heads repeated on a following page and the footers marked as artifacts, not read.
 */
export function renderPdf(content: PdfContent, lang: Language, footer: PdfFooter): Promise<Buffer> {
  const words = COMMON[lang];
  const doc = new PDFDocument({
    size: 'A4',
    layout: content.landscape ? 'landscape' : 'portrait',
    margins: { top: PAGE_MARGIN, left: PAGE_MARGIN, right: PAGE_MARGIN, bottom: PAGE_MARGIN + FOOTER_SPACE },
    bufferPages: true,
    pdfVersion: '1.7',
    lang: DOCUMENT_LANGUAGE[lang],
    tagged: true,
    displayTitle: true,
    info: { Title: printable(content.reference ? `${content.title} ${content.reference}` : content.title), Author: printable(words.county(COUNTY_PROFILE.name)), Creator: 'AfyaKaunti', CreationDate: footer.at },
  });
  for (const [face, { font }] of Object.entries(faces())) doc.registerFont(face, font);
  const font = (face: Face) => doc.font(face);
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

  // The document's structure: what it draws is marked as the content of an element of it, or as an artifact.
  const root = doc.struct('Document');
  doc.addStructure(root);
  /** Draws `draw` as (more of) the content of `element`, on as many pages as it runs over. */
  const mark = (element: PDFKit.PDFStructureElement, type: string, draw: () => void) => {
    const marked = doc.markStructureContent(type);
    draw();
    doc.endMarkedContent();
    element.add(marked);
  };
  /** A new element of `type` under `parent`, its content what `draw` draws. */
  const tag = (parent: PDFKit.PDFStructureElement, type: string, draw: () => void, options: CellOptions = {}) => {
    const element = doc.struct(type, options);
    parent.add(element);
    mark(element, type, draw);
    return element;
  };
  /** Drawing that is not content (a rule, a repeated head, the footer): marked so that a screen reader skips it. */
  const artifact = (draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') => {
    doc.markContent('Artifact', { type });
    draw();
    doc.endMarkedContent();
  };
  const rule = (y: number, lineWidth: number) => artifact(() => doc.moveTo(left, y).lineTo(left + width, y).lineWidth(lineWidth).strokeColor(RULE).stroke());

  // The county's header.
  doc.fillColor(INK);
  font('sansBold').fontSize(14);
  tag(root, 'P', () => text(words.county(COUNTY_PROFILE.name).toUpperCase(), left, doc.y, { width, align: 'center' }));
  font('sans').fontSize(11);
  tag(root, 'P', () => text(words.department, left, doc.y, { width, align: 'center' }));
  if (content.facility) {
    font('sansBold');
    tag(root, 'P', () => text(content.facility!, left, doc.y, { width, align: 'center' }));
  }
  doc.moveDown(0.5);
  rule(doc.y, 1);
  doc.moveDown(0.8);
  font('sansBold').fontSize(16);
  tag(root, 'H1', () => text(content.title, left, doc.y, { width }));
  if (content.reference) {
    font('sans').fontSize(11).fillColor(MUTED);
    tag(root, 'P', () => text(content.reference!, left, doc.y, { width }));
    doc.fillColor(INK);
  }
  doc.moveDown(0.8);

  /**
   * A section's heading, kept with what follows it: `keep` is the height of its first lines (a table's column heads
   * and first rows), so a heading is never the last thing on a page — it moves to the next page with them.
   */
  const headingHeight = (value: string) => {
    font('sansBold').fontSize(12);
    return doc.heightOfString(printable(value), { width }) + doc.currentLineHeight() * 0.3;
  };
  const heading = (value: string, keep: number) => {
    room(headingHeight(value) + keep);
    font('sansBold').fontSize(12);
    tag(root, 'H2', () => text(value, left, doc.y, { width }));
    doc.moveDown(0.3);
  };

  /**
   * The widest piece of `value` that may not be broken: the whole text (each line of it), or its longest word — with
   * the space after it, as pdfkit fits a word (a word and its space wider than the column is broken mid-word).
   */
  const unbreakable = (value: string, whole: boolean) => {
    const text = printable(value);
    const pieces = whole ? text.split('\n') : text.split(/\s+/).map((word) => `${word} `);
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
        font('condensedBold');
        let widest = unbreakable(c.label, false);
        section.rows.forEach((cells, r) => {
          font(section.emphasis?.[r] ? 'condensedBold' : 'condensed');
          widest = Math.max(widest, unbreakable(cells[i] ?? '', whole));
        });
        // A sibling's row may be bold or not: measured bold, the wider.
        font('condensedBold');
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
        doc.fontSize(10);
        font('sansBold');
        const lh = doc.heightOfString(printable(label), { width: labelWidth });
        font('sans');
        return Math.max(lh, doc.heightOfString(printable(value), { width: valueWidth }));
      };
      if (section.heading) heading(section.heading, section.rows[0] ? rowHeight(section.rows[0]) : 0);
      // Read as a table of two columns: each label the head of its row.
      const table = doc.struct('Table');
      root.add(table);
      for (const [label, value] of section.rows) {
        const h = rowHeight([label, value]);
        room(h);
        const y = doc.y;
        const tr = doc.struct('TR');
        table.add(tr);
        doc.fontSize(10).fillColor(MUTED);
        font('sansBold');
        tag(tr, 'TH', () => text(label, left, y, { width: labelWidth }), { scope: 'Row' });
        font('sans').fillColor(INK);
        tag(tr, 'TD', () => text(value, left + labelWidth + 10, y, { width: valueWidth }));
        tr.end();
        doc.y = y + h + 4;
      }
      table.end();
    } else if (section.kind === 'table') {
      const { size, pad, widths } = fitTable(section);
      const cols = section.columns.map((c, i) => ({ ...c, w: widths[i]! }));
      const rowHeight = (cells: readonly string[], bold: boolean) => {
        font(bold ? 'condensedBold' : 'condensed').fontSize(size);
        return Math.max(...cols.map((c, i) => doc.heightOfString(printable(cells[i] ?? ''), { width: c.w - 2 * pad }))) + 2 * pad;
      };
      const labels = cols.map((c) => c.label);
      /** The most one row may take on a page: all of it under the column heads. */
      const pageRoom = bottom() - doc.page.margins.top - rowHeight(labels, true);
      // Read cell by cell, or row by row when the table has too many cells to tag each (TAGGED_CELLS).
      const byRow = (section.rows.length + 1) * cols.length > TAGGED_CELLS;
      // (An element made is written out only once ended: a document that made one it never ends never ends itself.)
      const table = byRow ? null : doc.struct('Table');
      /**
       * Where a row goes in the structure: its cells' TH or TD elements, or its paragraph, or nowhere (the heads
       * repeated on a new page, an artifact).
       */
      type RowTags = { cells: PDFKit.PDFStructureElement[]; type: 'TH' | 'TD' } | { paragraph: PDFKit.PDFStructureElement } | null;
      /**
       * A row of the structure: a TR of cells of `type`, in the table; or a paragraph that reads the row's cells one
       * after the other (ActualText: the cells are drawn apart, and a reader would run their words together).
       */
      const rowTags = (type: 'TH' | 'TD', cells: readonly string[]): NonNullable<RowTags> => {
        if (!table) {
          const p = doc.struct('P', { actual: printable(cells.map((c) => c.replace(/\s+/g, ' ').trim()).filter((c) => c !== '').join(' ')) });
          root.add(p);
          return { paragraph: p };
        }
        const tr = doc.struct('TR');
        table.add(tr);
        const options: CellOptions = type === 'TH' ? { scope: 'Column' } : {};
        const elements = cols.map(() => doc.struct(type, options));
        for (const cell of elements) tr.add(cell);
        return { cells: elements, type };
      };
      /**
       * One row, whole on one page: a row that does not fit starts the next page, under the column heads again. A row
       * taller than a whole page is printed in parts instead (tallRow), each under the column heads.
       */
      const row = (cells: readonly string[], bold: boolean, tags: RowTags, head = false, part = false) => {
        const h = rowHeight(cells, bold);
        if (!head && !part && h > pageRoom) return tallRow(cells, bold, tags);
        if (doc.y + h > bottom()) {
          doc.addPage();
          if (!head) row(labels, true, null, true);
        }
        font(bold ? 'condensedBold' : 'condensed').fontSize(size);
        const y = doc.y;
        let x = left;
        const draw = () =>
          cols.forEach((c, i) => {
            const cell = () => text(cells[i] ?? '', x + pad, y + pad, { width: c.w - 2 * pad, align: c.align ?? 'left' });
            if (tags && 'cells' in tags) mark(tags.cells[i]!, tags.type, cell);
            else cell();
            x += c.w;
          });
        if (!tags) artifact(draw, 'Pagination');
        else if ('paragraph' in tags) mark(tags.paragraph, 'P', draw);
        else draw();
        doc.y = y + h;
        rule(doc.y, 0.5);
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
       * cell's lines stay beside the same lines of the others. Its parts are one row of the structure.
       */
      const tallRow = (cells: readonly string[], bold: boolean, tags: RowTags) => {
        font(bold ? 'condensedBold' : 'condensed').fontSize(size);
        const lineHeight = doc.currentLineHeight(true);
        let rest = cols.map((c, i) => linesOf(cells[i] ?? '', c.w - 2 * pad));
        let fresh = false;
        while (rest.some((lines) => lines.length > 0)) {
          const room = Math.floor((bottom() - doc.y - 2 * pad) / lineHeight);
          if (room < KEEP_LINES && !fresh) {
            doc.addPage();
            row(labels, true, null, true);
            fresh = true;
            continue;
          }
          const take = Math.max(1, room);
          row(
            rest.map((lines) => lines.slice(0, take).join('\n')),
            bold,
            tags,
            false,
            true,
          );
          rest = rest.map((lines) => lines.slice(take));
          fresh = false;
        }
      };
      const emptyHeight = () => {
        font('condensedOblique').fontSize(size);
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
      if (table) root.add(table);
      row(labels, true, rowTags('TH', labels), true);
      section.rows.forEach((cells, r) => row(cells, section.emphasis?.[r] ?? false, rowTags('TD', cells)));
      table?.end();
      if (section.rows.length === 0 && section.empty) {
        font('condensedOblique').fontSize(size).fillColor(MUTED);
        tag(root, 'P', () => text(section.empty!, left + 3, doc.y + 3, { width }));
        doc.fillColor(INK);
      }
    } else {
      font('sans').fontSize(10);
      const firstLines = Math.min(doc.heightOfString(printable(section.body), { width }), doc.currentLineHeight(true) * 3);
      heading(section.heading, firstLines);
      font('sans').fontSize(10);
      tag(root, 'P', () => text(section.body, left, doc.y, { width }));
    }
    doc.moveDown(1);
  }

  // The footer of every page, drawn once all pages exist (bufferPages), inside the bottom margin: page furniture.
  const range = doc.bufferedPageRange();
  const generated = words.generated(documentDateTime(footer.at, lang), footer.by);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - PAGE_MARGIN - 12;
    doc.page.margins.bottom = 0;
    artifact(() => {
      doc.moveTo(left, y - 6).lineTo(left + width, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
      font('sans').fontSize(8).fillColor(MUTED);
      text(generated, left, y, { width: width * 0.75, lineBreak: false });
      text(words.page(i - range.start + 1, range.count), left, y, { width, align: 'right', lineBreak: false });
    }, 'Pagination');
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
