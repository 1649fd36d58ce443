// An XLSX statement (decision record 0023) read into the same records the CSV reader yields: the first sheet's
// rows, each with its row number as its line, blank rows left out; a date cell as YYYY-MM-DD, a number as the exact
// text Excel shows (never a float rounded into cents), text as written.
//
// The workbook is a zip of XML parts. A zip can claim anything about its sizes, and a few hundred kilobytes of
// deflate can unpack to gigabytes: before the library sees the file, its XML parts are unpacked here with a hard
// limit on what they unpack to, and packed again (stored, as they are), so the library reads only what was checked.
import { crc32, inflateRawSync } from 'node:zlib';
import { readSheet, type SheetData } from 'read-excel-file/node';
import { MAX_IMPORT_LINES } from '../../../../shared/csv.js';
import type { CsvRecord, ImportIssue } from '../../../core/csv-read.js';

/** What a statement's parts may unpack to, together: a 20,000-row sheet is a few megabytes of XML. */
const MAX_UNPACKED = 24 * 1024 * 1024;

const fail = (message: string) => ({ records: [] as CsvRecord[], issues: [{ path: 'xlsx', message }] });
const NOT_XLSX = 'The file is not an XLSX workbook: save it from Excel as .xlsx, or as CSV';

export async function readXlsx(base64: string): Promise<{ records: CsvRecord[]; issues: ImportIssue[] }> {
  const file = Buffer.from(base64, 'base64');
  // An Excel 97–2003 workbook and a password-protected one are OLE2 compound files, not zips.
  if (file.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) return fail('The file is an Excel 97–2003 workbook (.xls) or has a password: save it from Excel as .xlsx without a password, or as CSV');
  if (!file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return fail(NOT_XLSX);
  const parts = unpack(file);
  if (typeof parts === 'string') return fail(parts);
  let rows: SheetData<ExcelNumber>;
  try {
    // Numbers kept as the text the file stores (a wrapper, so that a text cell '000123' stays text).
    rows = await readSheet<ExcelNumber>(pack(parts), { parseNumber: (text) => new ExcelNumber(text) });
  } catch {
    return fail(NOT_XLSX);
  }
  if (rows.length > MAX_IMPORT_LINES) {
    return fail(`The sheet has ${rows.length.toLocaleString('en-KE')} rows: at most ${MAX_IMPORT_LINES.toLocaleString('en-KE')}`);
  }
  const records: CsvRecord[] = [];
  rows.forEach((row, i) => {
    const cells = row.map(cellText);
    if (cells.some((c) => c !== '')) records.push({ line: i + 1, cells });
  });
  return { records, issues: [] };
}

class ExcelNumber {
  constructor(readonly text: string) {}
}

/** A cell as the CSV reader would have it. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel has no time zone: the library gives the cell's wall-clock day and time as UTC.
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof ExcelNumber) return numberText(value.text);
  // PostgreSQL cannot store a NUL, which an XLSX can spell (_x0000_).
  return String(value).replaceAll('\u0000', '').trim();
}

/**
 * A number cell's text as Excel shows it. Excel keeps 15 significant digits and writes the double it computed, so
 * a balance of 4705.5 may be stored as 4705.499999999999: read at 15 digits it is 4705.5 again. A value in cents
 * stays exact; one with more decimals stays so, and the amount reader refuses it with its line.
 */
export function numberText(stored: string): string {
  const n = Number(stored);
  if (!Number.isFinite(n)) return stored;
  const shown = n.toPrecision(15);
  if (/e/i.test(shown)) return stored;
  return shown.includes('.') ? shown.replace(/0+$/, '').replace(/\.$/, '') : shown;
}

type Part = { name: string; data: Buffer };

/** The workbook's XML parts, unpacked within MAX_UNPACKED; or why the file cannot be read. */
function unpack(zip: Buffer): Part[] | string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) return NOT_XLSX;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const parts: Part[] = [];
  let unpacked = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return NOT_XLSX;
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    // Only the XML parts and their relations are read; images, printer settings and the like are left out.
    if (!name.endsWith('.xml') && !name.endsWith('.rels')) continue;
    if (flags & 1) return 'The workbook is encrypted: save it from Excel without a password';
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) return NOT_XLSX;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + packedSize > zip.length) return NOT_XLSX;
    const packed = zip.subarray(start, start + packedSize);
    const room = MAX_UNPACKED - unpacked;
    let data: Buffer;
    try {
      if (method === 0) data = Buffer.from(packed);
      else if (method === 8) data = inflateRawSync(packed, { maxOutputLength: Math.max(room, 1) });
      else return NOT_XLSX;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return tooBig;
      return NOT_XLSX;
    }
    if (data.length > room) return tooBig;
    unpacked += data.length;
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
      const beyond = beyondBounds(data);
      if (beyond) return beyond;
    }
    parts.push({ name, data });
  }
  return parts;
}
/**
 * The library fills every gap a row or cell number leaves with empty rows and cells, and pads every row to the widest:
 * a single cell numbered row 999999999 or column ZZZZ would have it build billions. No statement reaches past row
 * 20,000 or column IV (256, the old Excel's last).
 */
const MAX_COLUMN = 256;
function beyondBounds(xml: Buffer): string | null {
  const text = xml.toString('latin1');
  for (const m of text.matchAll(/<(?:\w+:)?(?:row|c)\b[^>]*?\sr="([A-Za-z]*)(\d+)"/g)) {
    const letters = m[1]!.toUpperCase();
    const column = letters.length > 3 ? Infinity : [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
    if (column > MAX_COLUMN) return `The sheet has a cell beyond column IV (${MAX_COLUMN}): save the statement's columns alone, or as CSV`;
    if (Number(m[2]) > MAX_IMPORT_LINES) return `The sheet has rows beyond row ${MAX_IMPORT_LINES.toLocaleString('en-KE')}: at most ${MAX_IMPORT_LINES.toLocaleString('en-KE')}`;
  }
  return null;
}

const tooBig = `The workbook unpacks to more than ${MAX_UNPACKED / 1024 / 1024} MB: save the statement's sheet alone, or as CSV`;

/** The parts as a zip again, stored (no compression), with true sizes in every header. */
function pack(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of parts) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0x0021, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0x0021, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
