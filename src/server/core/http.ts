// What a route answers (DESIGN.md §6), declared on the route so that outputs are filtered to the contract and the
// OpenAPI description (/api/docs) says it: the success answer, and the one error shape for every refusal.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { csvFileSchema, errorSchema, pdfFileSchema } from '../../shared/validation.js';

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema } as const;

/** 200 with this body. */
export const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...refusals });

/** 201 with this body (the created record). */
export const created = <T extends z.ZodType>(schema: T) => ({ 201: schema, ...refusals });

/** A list (DESIGN.md §6): a JSON array of rows, its total in X-Total-Count. */
export const list = <T extends z.ZodType>(row: T) => ok(z.array(row).describe('The rows; the total number is in X-Total-Count'));

/** 202 with this body: taken, to be done in the background. */
export const accepted = <T extends z.ZodType>(schema: T) => ({ 202: schema, ...refusals });

/**
 * A 200 that is a file, not JSON: its body in each media type the route may send (OpenAPI's `content`, which Fastify
 * reads too). A string or Buffer the route sends goes out as it is; the schemas say what it is.
 */
export function fileAnswer<const T extends Record<string, z.ZodType>>(description: string, types: T) {
  return { description, content: Object.fromEntries(Object.entries(types).map(([type, schema]) => [type, { schema }])) as { [K in keyof T]: { schema: T[K] } } };
}

/** 200 with a file of one of these media types (fileAnswer). */
export const file = <const T extends Record<string, z.ZodType>>(description: string, types: T) => ({ 200: fileAnswer(description, types), ...refusals });

/** A file download (CSV); HEAD asks whether it is there. */
export const csvFile = file('A CSV file, sent as a download', { 'text/csv': csvFileSchema });

/** A printable document (PDF, core/pdf.ts). */
export const pdfFile = file('A PDF document, shown in the browser to print', { 'application/pdf': pdfFileSchema });

/** A browser navigation that answers with a redirect. */
export const redirect = { 302: z.null().describe('A redirect (Location header)'), ...refusals };

/**
 * A list a route answers whole (the chart of accounts, the MOH mapping) holds all its rows, so its X-Total-Count is
 * their number; a bounded page sets its own (how many matched). Hooked on every route whose 200 is a list, so no list
 * goes without its total (issue 26: one list shape everywhere).
 */
export function totalWholeLists(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const answer = (route.schema?.response as Record<number, unknown> | undefined)?.[200];
    if (!(answer instanceof z.ZodArray)) return;
    const own = route.preSerialization ? [route.preSerialization].flat() : [];
    route.preSerialization = [
      ...own,
      async (_request, reply, payload: unknown) => {
        if (Array.isArray(payload) && !reply.hasHeader('x-total-count')) reply.header('X-Total-Count', payload.length);
        return payload;
      },
    ];
  });
}
