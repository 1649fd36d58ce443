// Reading a PDF the server made (core/pdf.ts), to check what it says: the text of its pages, in order, one line
// per line drawn. pdfkit compresses each page's content (FlateDecode) and writes text as hex strings in TJ arrays:
// with the embedded fonts (Type0, Identity-H) two bytes per glyph, each glyph's characters in the font's ToUnicode
// map; with a standard font (as a document made before issue 33) one WinAnsi byte per character. This undoes both,
// in process (no poppler needed). It also reads which marked content each text is in (an element of the tagged
// structure, by its id, or an artifact) and the structure's parent tree, for the test that every text is tagged
// (pdf-files.test.ts). It reads pdfkit's output, not any PDF.
import { inflateSync } from 'node:zlib';

// WinAnsi is Latin-1 but for 0x80–0x9F (Node's TextDecoder reads 'windows-1252' as Latin-1, so spelled out here).
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) => Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80[b - 0x80]! : String.fromCharCode(b))).join('');

/** One object of the file: its dictionary and its stream's bytes (inflated), if it has one. */
type PdfObject = { dict: string; stream: Buffer | null };

/** The file's objects by number. */
function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const m of raw.matchAll(/(?:^|\n)(\d+) 0 obj\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('\nendobj', start);
    const body = raw.slice(start, end);
    const at = body.search(/\nstream\r?\n/);
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const streamStart = start + body.indexOf('\n', at + 1) + 1;
    const streamEnd = raw.lastIndexOf('\nendstream', end);
    let stream = pdf.subarray(streamStart, streamEnd);
    try {
      if (/\/Filter \/FlateDecode/.test(body.slice(0, at))) stream = inflateSync(stream);
    } catch {
      // not a stream this reader needs
    }
    objects.set(Number(m[1]), { dict: body.slice(0, at), stream });
  }
  return objects;
}

/** A ToUnicode CMap as pdfkit writes it (bfrange with arrays, or bfchar): each code's characters. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => {
    const clean = hex.replace(/\s+/g, '');
    const units: number[] = [];
    for (let i = 0; i + 4 <= clean.length; i += 4) units.push(parseInt(clean.slice(i, i + 4), 16));
    return String.fromCharCode(...units);
  };
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const from = parseInt(r[1]!, 16);
      const to = parseInt(r[2]!, 16);
      if (r[3]!.startsWith('[')) {
        [...r[3]!.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((d, i) => map.set(from + i, utf16(d[1]!)));
      } else {
        const first = utf16(r[3]!.slice(1, -1));
        for (let code = from; code <= to; code++) map.set(code, first.slice(0, -1) + String.fromCharCode(first.charCodeAt(first.length - 1) + code - from));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const c of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(c[1]!, 16), utf16(c[2]!));
  }
  return map;
}

/** How each font resource (/F1, /F2 …) turns a hex string into text. */
function fontDecoders(objects: Map<number, PdfObject>): Map<string, (hex: string) => string> {
  const decoders = new Map<string, (hex: string) => string>();
  for (const { dict } of objects.values()) {
    for (const font of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      if (decoders.has(font[1]!)) continue;
      const fontDict = objects.get(Number(font[2]))?.dict ?? '';
      const cmapRef = /\/ToUnicode (\d+) 0 R/.exec(fontDict);
      if (/\/Subtype \/Type0/.test(fontDict) && cmapRef) {
        const map = toUnicode(objects.get(Number(cmapRef[1]))?.stream?.toString('latin1') ?? '');
        decoders.set(font[1]!, (hex) => {
          let out = '';
          for (let i = 0; i + 4 <= hex.length; i += 4) out += map.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
          return out;
        });
      } else {
        decoders.set(font[1]!, (hex) => winAnsi(Buffer.from(hex, 'hex')));
      }
    }
  }
  return decoders;
}

/** A text block a page draws (BT … ET), and the marked-content sequences it is in (BDC/BMC … EMC), outermost first. */
export type DrawnText = { text: string; marks: { tag: string; mcid: number | null }[] };
/** A page: what it draws, and its key in the structure's parent tree (/StructParents), if it has one. */
export type PdfPage = { texts: DrawnText[]; structParents: number | null };

/** The pages of a PDF, in order (the page tree's /Kids), each with the text it draws. */
export function pdfPages(pdf: Buffer): PdfPage[] {
  const objects = objectsOf(pdf);
  const decoders = fontDecoders(objects);
  const pagesDict = [...objects.values()].find((o) => /\/Type \/Pages\b/.test(o.dict))?.dict ?? '';
  const kids = [.../\/Kids \[([^\]]*)\]/.exec(pagesDict)?.[1]?.matchAll(/(\d+) 0 R/g) ?? []].map((k) => Number(k[1]));
  return kids.map((id) => {
    const dict = objects.get(id)?.dict ?? '';
    const contents = Number(/\/Contents (\d+) 0 R/.exec(dict)?.[1]);
    const structParents = /\/StructParents (\d+)/.exec(dict)?.[1];
    const content = objects.get(contents)?.stream?.toString('latin1') ?? '';
    const texts: DrawnText[] = [];
    const open: DrawnText['marks'] = [];
    for (const op of content.matchAll(/\/(\w+)\s*(<<[^>]*>>\s*)?(BDC|BMC)\b|\bEMC\b|\bBT\b([\s\S]*?)\bET\b/g)) {
      if (op[3]) open.push({ tag: op[1]!, mcid: op[2] && /\/MCID (\d+)/.test(op[2]) ? Number(/\/MCID (\d+)/.exec(op[2])![1]) : null });
      else if (op[0] === 'EMC') open.pop();
      else {
        let decode = (hex: string) => winAnsi(Buffer.from(hex, 'hex'));
        let text = '';
        for (const token of op[4]!.matchAll(/\/(F\d+) [\d.]+ Tf|<([0-9a-fA-F]*)>/g)) {
          if (token[1]) decode = decoders.get(token[1]) ?? decode;
          else text += decode(token[2]!);
        }
        texts.push({ text, marks: [...open] });
      }
    }
    return { texts, structParents: structParents === undefined ? null : Number(structParents) };
  });
}

/**
 * The structure's parent tree (the StructTreeRoot's /ParentTree, as pdfkit writes it: one /Nums array): for each
 * page's key, which of its marked-content ids (MCIDs) belong to an element of the structure.
 */
export function pdfParentTree(pdf: Buffer): Map<number, boolean[]> {
  const root = [...objectsOf(pdf).values()].find((o) => /\/Type \/StructTreeRoot/.test(o.dict))?.dict ?? '';
  const nums = /\/Nums \[([\s\S]*)\]\s*>>/.exec(root)?.[1] ?? '';
  const tree = new Map<number, boolean[]>();
  for (const entry of nums.matchAll(/(\d+) \[([^\]]*)\]/g)) {
    tree.set(Number(entry[1]), [...entry[2]!.matchAll(/\d+ 0 R|null/g)].map((e) => e[0] !== 'null'));
  }
  return tree;
}

/**
 * The lines of text a PDF draws, page after page. `artifacts: false` leaves out what is marked as an artifact (the
 * page furniture a screen reader skips: core/pdf.ts marks the footer and a table's heads repeated on a new page so).
 */
export function pdfLines(pdf: Buffer, { artifacts = true }: { artifacts?: boolean } = {}): string[] {
  return pdfPages(pdf).flatMap((page) => page.texts.filter((t) => artifacts || !t.marks.some((m) => m.tag === 'Artifact')).map((t) => t.text));
}

/** A PDF's text as one string, its lines joined by spaces (a wrapped value reads whole). */
export function pdfText(pdf: Buffer): string {
  return pdfLines(pdf).join(' ').replace(/\s+/g, ' ');
}
