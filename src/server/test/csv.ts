// The checks every CSV download shares: the file on GET, the same headers and no body on HEAD, 401 signed out; and
// the file itself as Excel and a strict parser read it (issue 33 item 4): a byte-order mark, every line ending CRLF,
// one header row and every row as wide as it — csv-parse in strict mode.
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import type { TestContext } from './helper.js';

const BOM = '\uFEFF';

/** Text outside quoted cells: where a line ends (a line break inside a quoted cell is the cell's own). */
const unquoted = (text: string) => text.replace(/"(?:[^"]|"")*"/g, '""');

/**
 * What is wrong with a CSV file as served, by the rules every file follows, or null: a byte-order mark, every line
 * ending CRLF (the last one too), and csv-parse in strict mode — BOM-aware, CRLF records, every record as wide as
 * the header.
 */
export function csvFault(body: string): string | null {
  if (!body.startsWith(BOM)) return 'no UTF-8 byte-order mark';
  const text = unquoted(body.slice(1));
  if (!text.endsWith('\r\n')) return 'the last line does not end with CRLF';
  const bare = text.search(/(?<!\r)\n|\r(?!\n)/);
  if (bare >= 0) return `a line ends without CRLF (line ${text.slice(0, bare).split('\n').length})`;
  try {
    parse(body, { bom: true, relax_column_count: false, record_delimiter: '\r\n', skip_empty_lines: false });
  } catch (error) {
    return `csv-parse (strict): ${(error as { code?: string }).code ?? ''} ${(error as Error).message}`;
  }
  return null;
}

/** A CSV file's records as csv-parse reads it strictly (the header first), after checking the file (csvFault). */
export function csvRecords(body: string): string[][] {
  expect(csvFault(body)).toBeNull();
  return parse(body, { bom: true, relax_column_count: false, record_delimiter: '\r\n' }) as string[][];
}

/** A CSV file's lines as written (without the byte-order mark and the CRLF ending each), after checking the file. */
export function csvLines(body: string): string[] {
  expect(csvFault(body)).toBeNull();
  return body.slice(1).split('\r\n').slice(0, -1);
}

/**
 * Downloads a CSV file as the browser does, checking GET, HEAD and the signed-out 401, and the file (csvFault);
 * returns its lines as written (csvLines).
 */
export async function downloadCsv(t: TestContext, url: string, cookie: string, filename: string): Promise<string[]> {
  const headers = { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` };
  const get = await t.request({ url, cookie });
  expect(get.statusCode).toBe(200);
  expect(get.headers).toMatchObject(headers);
  const head = await t.request({ method: 'HEAD', url, cookie });
  expect(head.statusCode).toBe(200);
  expect(head.headers).toMatchObject(headers);
  expect(head.body).toBe('');
  for (const method of ['GET', 'HEAD'] as const) expect((await t.request({ method, url })).statusCode).toBe(401);
  return csvLines(get.body);
}
