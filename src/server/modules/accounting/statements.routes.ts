// The statements' routes (issue 14 item 5): one per statement, each also as CSV and PDF, the /accounting cards, and
// the budgets the statements compare with and their history. Finance readers read within their grant (booksScope);
// budgets are set by finance posters within theirs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountingSummarySchema,
  budgetHistoryQuery,
  budgetImportResultSchema,
  budgetLineSchema,
  budgetRevisionSchema,
  importBudgetsSchema,
  listBudgetsQuery,
  putBudgetsSchema,
  statementQuery,
  statementSchema,
  STATEMENTS,
  type StatementKind,
  type StatementQuery,
} from '../../../shared/accounting/index.js';
import { allow, ctxOf, facilityInBody, facilityInQuery } from '../../core/access.js';
import { sendCsv } from '../../core/csv.js';
import type { AppDeps } from '../../core/deps.js';
import { csvFile, list, ok, pdfFile } from '../../core/http.js';
import { documentLanguage, renderPdf } from '../../core/pdf.js';
import { heavyRead } from '../../db/replica.js';
import { budgetHistory, importBudgets, listBudgets, putBudgets } from './budgets.service.js';
import { statementPdfContent } from './statements.pdf.js';
import { accountingSummary, buildStatement, statementCsv, statementFilename } from './statements.service.js';

export function statementRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { config: allow('finance:read', facilityInQuery) };
  // The statements are heavy reads: on the streaming replica when there is a current one (db/replica.ts).
  const statement = (kind: StatementKind, request: FastifyRequest<{ Querystring: StatementQuery }>) =>
    heavyRead(deps.reads, deps.db, (db) => buildStatement(kind, { ...ctxOf(request, deps), db }, request.query));

  r.get('/api/accounting/summary', { ...read, schema: { querystring: statementQuery, response: ok(accountingSummarySchema) } }, async (request) =>
    heavyRead(deps.reads, deps.db, (db) => accountingSummary({ ...ctxOf(request, deps), db }, request.query)),
  );

  for (const kind of STATEMENTS) {
    r.get(`/api/accounting/${kind}`, { ...read, schema: { querystring: statementQuery, response: ok(statementSchema) } }, async (request) => statement(kind, request));
    r.get(`/api/accounting/${kind}.csv`, { ...read, schema: { querystring: statementQuery, response: csvFile } }, async (request, reply) =>
      sendCsv(reply, statementCsv(await statement(kind, request), documentLanguage(request))),
    );
    r.get(`/api/accounting/${kind}.pdf`, { ...read, schema: { querystring: statementQuery, response: pdfFile } }, async (request, reply) => {
      const figures = await statement(kind, request);
      const user = request.user as { firstName?: string | null; lastName?: string | null } | null;
      const pdf = await renderPdf(statementPdfContent(figures, documentLanguage(request)), documentLanguage(request), { by: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(), at: deps.now() });
      // Figures of the county's books: shown in the browser's viewer to print, never cached.
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="${statementFilename(figures, 'pdf')}"`).header('Cache-Control', 'no-store').send(pdf);
    });
  }

  r.get('/api/accounting/budgets', { ...read, schema: { querystring: listBudgetsQuery, response: ok(z.array(budgetLineSchema)) } }, async (request) => listBudgets(ctxOf(request, deps), request.query));
  r.put('/api/accounting/budgets', { config: allow('finance:post', facilityInBody()), schema: { body: putBudgetsSchema, response: ok(z.array(budgetLineSchema)) } }, async (request) =>
    putBudgets(ctxOf(request, deps), request.body),
  );
  r.get('/api/accounting/budgets/history', { ...read, schema: { querystring: budgetHistoryQuery, response: list(budgetRevisionSchema) } }, async (request, reply) => {
    const { rows, total } = await budgetHistory(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.post('/api/accounting/budgets/import', { config: allow('finance:post'), schema: { body: importBudgetsSchema, response: ok(budgetImportResultSchema) } }, async (request) =>
    importBudgets(ctxOf(request, deps), request.body),
  );
}
