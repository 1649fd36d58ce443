// Bank and M-Pesa reconciliation (issue 14 item 6) and the journal import (the spec's Import Transactions). Finance
// roles read within their reach and write with finance:post; a statement of a facility is its officers' and the
// county's, a county-level statement the county's only. Every write is audited, each in one transaction.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agreeStartingPointSchema,
  autoMatchResultSchema,
  bankProfileSchema,
  createMatchSchema,
  importJournalsResultSchema,
  importJournalsSchema,
  importStatementSchema,
  listReconciliationsQuery,
  postStatementLineSchema,
  reconciliationDetailSchema,
  reconciliationSummarySchema,
  saveBankProfileSchema,
  statementPreviewSchema,
} from '../../../shared/accounting/index.js';
import { idParam } from '../../../shared/validation.js';
import { allow, ctxOf, facilityInBody, facilityInQuery, facilityOfRecord } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { created, list, ok } from '../../core/http.js';
import { documentRoute } from '../../core/pdf.js';
import { importJournals } from './journal-import.service.js';
import { createBankProfile, listBankProfiles, updateBankProfile } from './bank-profiles.service.js';
import { reconciliationPdf } from './reconciliation.pdf.js';
import {
  agreeStartingPoint,
  autoMatch,
  completeReconciliation,
  createMatch,
  facilityOfMatch,
  facilityOfStatementLine,
  facilityOfStatement,
  importStatement,
  listReconciliations,
  postStatementLine,
  previewStatement,
  reconciliationDetail,
  undoMatch,
} from './reconciliation.service.js';

export function reconciliationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ofStatement = facilityOfRecord(facilityOfStatement);

  r.get('/api/accounting/reconciliations', { config: allow('finance:read', facilityInQuery), schema: { querystring: listReconciliationsQuery, response: list(reconciliationSummarySchema) } }, async (request, reply) => {
    const { rows, total } = await listReconciliations(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.post('/api/accounting/reconciliations/preview', { config: allow('finance:post', facilityInBody()), schema: { body: importStatementSchema, response: ok(statementPreviewSchema) } }, async (request) =>
    previewStatement(ctxOf(request, deps), request.body),
  );
  r.post('/api/accounting/reconciliations', { config: allow('finance:post', facilityInBody()), schema: { body: importStatementSchema, response: created(autoMatchResultSchema) } }, async (request, reply) => {
    const ctx = ctxOf(request, deps);
    const { id, matched } = await importStatement(ctx, request.body);
    return reply.status(201).send({ matched: matched.receipt + matched.reference + matched.amount_date, byRule: matched, detail: await reconciliationDetail(ctx, id) });
  });
  r.get('/api/accounting/reconciliations/:id', { config: allow('finance:read', ofStatement), schema: { params: idParam, response: ok(reconciliationDetailSchema) } }, async (request) =>
    reconciliationDetail(ctxOf(request, deps), request.params.id),
  );
  r.post('/api/accounting/reconciliations/:id/auto-match', { config: allow('finance:post', ofStatement), schema: { params: idParam, response: ok(autoMatchResultSchema) } }, async (request) =>
    autoMatch(ctxOf(request, deps), request.params.id),
  );
  r.post('/api/accounting/reconciliations/:id/matches', { config: allow('finance:post', ofStatement), schema: { params: idParam, body: createMatchSchema, response: created(reconciliationDetailSchema) } }, async (request, reply) =>
    reply.status(201).send(await createMatch(ctxOf(request, deps), request.params.id, request.body)),
  );
  // Path parameters are ids only: a match is undone at its own address.
  r.delete('/api/accounting/reconciliation-matches/:id', { config: allow('finance:post', facilityOfRecord(facilityOfMatch)), schema: { params: idParam, response: ok(reconciliationDetailSchema) } }, async (request) =>
    undoMatch(ctxOf(request, deps), request.params.id),
  );
  r.post('/api/accounting/reconciliations/:id/complete', { config: allow('finance:post', ofStatement), schema: { params: idParam, response: ok(reconciliationDetailSchema) } }, async (request) =>
    completeReconciliation(ctxOf(request, deps), request.params.id),
  );
  r.post('/api/accounting/reconciliations/:id/starting-point', { config: allow('finance:post', ofStatement), schema: { params: idParam, body: agreeStartingPointSchema, response: ok(reconciliationDetailSchema) } }, async (request) =>
    agreeStartingPoint(ctxOf(request, deps), request.params.id, request.body),
  );
  // A statement line is posted at its own address, as a match is undone at its own.
  r.post(
    '/api/accounting/reconciliation-lines/:id/post',
    { config: allow('finance:post', facilityOfRecord(facilityOfStatementLine)), schema: { params: idParam, body: postStatementLineSchema, response: created(reconciliationDetailSchema) } },
    async (request, reply) => reply.status(201).send(await postStatementLine(ctxOf(request, deps), request.params.id, request.body)),
  );
  documentRoute(app, deps, '/api/accounting/reconciliations/:id/statement.pdf', allow('finance:read', ofStatement), (ctx, id, lang, reader) => reconciliationPdf(ctx, id, lang, reader));

  // Bank import profiles (issue 29 item 1): how each bank's export is read, chosen once and kept by name.
  r.get('/api/accounting/bank-profiles', { config: allow('finance:read'), schema: { response: list(bankProfileSchema) } }, async (request) => listBankProfiles(ctxOf(request, deps)));
  r.post('/api/accounting/bank-profiles', { config: allow('finance:post'), schema: { body: saveBankProfileSchema, response: created(bankProfileSchema) } }, async (request, reply) =>
    reply.status(201).send(await createBankProfile(ctxOf(request, deps), request.body)),
  );
  r.put('/api/accounting/bank-profiles/:id', { config: allow('finance:post'), schema: { params: idParam, body: saveBankProfileSchema, response: ok(bankProfileSchema) } }, async (request) =>
    updateBankProfile(ctxOf(request, deps), request.params.id, request.body),
  );

  // A static segment: Fastify's router prefers it to /api/accounting/journals/:id.
  r.post('/api/accounting/journals/import', { config: allow('finance:post'), schema: { body: importJournalsSchema, response: { ...created(importJournalsResultSchema), 200: importJournalsResultSchema } } }, async (request, reply) => {
    const result = await importJournals(ctxOf(request, deps), request.body);
    return reply.status(result.dryRun ? 200 : 201).send(result);
  });
}
