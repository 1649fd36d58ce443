// What a route answers (DESIGN.md §6), declared on the route so that outputs are filtered to the contract and the
// OpenAPI description (/api/docs) says it: the success answer, and the one error shape for every refusal.
import { z } from 'zod';
import { csvFileSchema, errorSchema, pdfFileSchema } from '../../shared/validation.js';

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema } as const;

/** 200 with this body. */
export const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...refusals });

/** 201 with this body (the created record). */
export const created = <T extends z.ZodType>(schema: T) => ({ 201: schema, ...refusals });

/** A list (DESIGN.md §6): a JSON array of rows, its total in X-Total-Count. */
export const list = <T extends z.ZodType>(row: T) => ok(z.array(row).describe('The rows; the total number is in X-Total-Count'));

/** A file download (CSV); HEAD asks whether it is there. */
export const csvFile = { 200: csvFileSchema, ...refusals };

/** A printable document (PDF, core/pdf.ts). */
export const pdfFile = { 200: pdfFileSchema, ...refusals };

/** A browser navigation that answers with a redirect. */
export const redirect = { 302: z.null().describe('A redirect (Location header)'), ...refusals };
