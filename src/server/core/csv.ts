// CSV files the API hands out (reports, facility list, stock list, a user's own trail) and the seed's report files.
import type { FastifyReply } from 'fastify';
import type { CsvFile } from '../../shared/csv.js';

/** Sends a CSV file as a download. GET routes answer HEAD too (Fastify), with the same headers and no body. */
export function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(file.content);
}
