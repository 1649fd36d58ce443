// Reading a PDF the server made (core/pdf.ts), to check what it says: the text of its pages, in order, one line
// per line drawn. pdfkit compresses each page's content (FlateDecode) and writes text as hex strings in TJ arrays
// in the standard fonts' WinAnsi encoding; this undoes both. It reads pdfkit's output, not any PDF.
import { inflateSync } from 'node:zlib';

// WinAnsi is Latin-1 but for 0x80–0x9F (Node's TextDecoder reads 'windows-1252' as Latin-1, so spelled out here).
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) => Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80[b - 0x80]! : String.fromCharCode(b))).join('');

/** The lines of text a PDF draws, page after page. */
export function pdfLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a compressed content stream (a font, the metadata)
    }
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const hex = [...block[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(winAnsi(Buffer.from(hex, 'hex')));
    }
  }
  return lines;
}

/** A PDF's text as one string, its lines joined by spaces (a wrapped value reads whole). */
export function pdfText(pdf: Buffer): string {
  return pdfLines(pdf).join(' ').replace(/\s+/g, ' ');
}
