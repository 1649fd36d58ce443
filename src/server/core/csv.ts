// CSV files the API hands out (reports, facility list, stock list, a user's own trail, statements, payroll files).
// Every one is read as Excel on Windows and a strict RFC 4180 parser read it (issue 33 item 4): UTF-8 with a
// byte-order mark (added here), lines ending CRLF, one header row and every row as wide as it (shared/csv.ts toCsv)
// — what describes the file (its facility, its period) is in its name or a column, never a line of its own — and its
// words in the reader's language: ?lang=en|sw, else the browser's Accept-Language, as a printed document
// (core/pdf.ts documentLanguage). Figures and codes are written as they are in either language; a file whose layout
// an authority sets (KRA's P10, the SHIF, NSSF and HELB schedules, a bank's or M-Pesa's payment file) and a file
// read back by the system (the KHIS mapping) keep their columns whatever the language.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CSV_BOM, type CsvFile } from '../../shared/csv.js';
import type { Language } from '../../shared/language.js';
import { documentQuery } from './pdf.js';

/** Sends a CSV file as a download. GET routes answer HEAD too (Fastify), with the same headers and no body. */
export function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(file.content.startsWith(CSV_BOM) ? file.content : CSV_BOM + file.content);
}

/** A CSV route's query: its own fields and ?lang (core/pdf.ts documentQuery, which a route with none of its own
 *  takes as it is). */
export const csvQuery = <S extends z.ZodRawShape>(query: z.ZodObject<S>) => query.extend(documentQuery.shape);

/** A file's words in each language: the same names in both, so neither can lack one. */
export type CsvWords<Name extends string> = Record<Language, Record<Name, string>>;

/** A vocabulary's code as the file words it: its word in the language, or the code itself when it has none. */
export function csvWord(words: Readonly<Record<string, string>>, code: string | null | undefined): string {
  if (code === null || code === undefined) return '';
  return Object.hasOwn(words, code) ? words[code]! : code;
}
