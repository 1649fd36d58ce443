// The ledger's API (issue 14 item 8): the chart of accounts, journals (list, prepare, approve, reject, reverse) and
// periods. The statements and the reconciliation register their own routes (statements.routes.ts,
// reconciliation.routes.ts). Finance roles read within their reach; only finance roles write, and every write is audited.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSchema,
  createAccountSchema,
  createJournalSchema,
  fiscalYearParam,
  fiscalYearSchema,
  journalSchema,
  listAccountsQuery,
  listJournalsQuery,
  listPeriodsQuery,
  periodParam,
  rejectJournalSchema,
  reverseJournalSchema,
  updateAccountSchema,
} from '../../../shared/accounting/index.js';
import { idParam } from '../../../shared/validation.js';
import { allow, ctxOf, facilityInQuery } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { created, list, ok } from '../../core/http.js';
import { createAccount, listAccounts, updateAccount } from './accounts.service.js';
import { approveJournal, createJournal, getJournal, listJournals, rejectJournal, reverseJournal } from './journals.service.js';
import { closeFiscalYear, closePeriod, listPeriods } from './periods.service.js';

export function accountingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/accounting/accounts', { config: allow('finance:read', facilityInQuery), schema: { querystring: listAccountsQuery, response: ok(z.array(accountSchema)) } }, async (request) =>
    listAccounts(ctxOf(request, deps), request.query),
  );
  r.post('/api/accounting/accounts', { config: allow('finance:post'), schema: { body: createAccountSchema, response: created(accountSchema) } }, async (request, reply) =>
    reply.status(201).send(await createAccount(ctxOf(request, deps), request.body)),
  );
  r.patch('/api/accounting/accounts/:id', { config: allow('finance:post'), schema: { params: idParam, body: updateAccountSchema, response: ok(accountSchema) } }, async (request) =>
    updateAccount(ctxOf(request, deps), request.params.id, request.body),
  );

  r.get('/api/accounting/journals', { config: allow('finance:read', facilityInQuery), schema: { querystring: listJournalsQuery, response: list(journalSchema) } }, async (request, reply) => {
    const { rows, total, capped } = await listJournals(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    if (capped) reply.header('X-Total-Count-Capped', 'true');
    return rows;
  });
  r.post('/api/accounting/journals', { config: allow('finance:post'), schema: { body: createJournalSchema, response: created(journalSchema) } }, async (request, reply) =>
    reply.status(201).send(await createJournal(ctxOf(request, deps), request.body)),
  );
  r.get('/api/accounting/journals/:id', { config: allow('finance:read'), schema: { params: idParam, response: ok(journalSchema) } }, async (request) => getJournal(ctxOf(request, deps), request.params.id));
  r.post('/api/accounting/journals/:id/approve', { config: allow('finance:approve'), schema: { params: idParam, response: ok(journalSchema) } }, async (request) =>
    approveJournal(ctxOf(request, deps), request.params.id),
  );
  r.post('/api/accounting/journals/:id/reject', { config: allow('finance:approve'), schema: { params: idParam, body: rejectJournalSchema, response: ok(journalSchema) } }, async (request) =>
    rejectJournal(ctxOf(request, deps), request.params.id, request.body.reason),
  );
  r.post('/api/accounting/journals/:id/reverse', { config: allow('finance:post'), schema: { params: idParam, body: reverseJournalSchema, response: created(journalSchema) } }, async (request, reply) =>
    reply.status(201).send(await reverseJournal(ctxOf(request, deps), request.params.id, request.body)),
  );

  r.get('/api/accounting/periods', { config: allow('finance:read'), schema: { querystring: listPeriodsQuery, response: ok(fiscalYearSchema) } }, async (request) =>
    listPeriods(ctxOf(request, deps), request.query.fiscalYear),
  );
  r.post('/api/accounting/periods/:period/close', { config: allow('finance:close'), schema: { params: periodParam, response: ok(fiscalYearSchema) } }, async (request) =>
    closePeriod(ctxOf(request, deps), request.params.period),
  );
  r.post('/api/accounting/fiscal-years/:year/close', { config: allow('finance:close'), schema: { params: fiscalYearParam, response: ok(fiscalYearSchema) } }, async (request) =>
    closeFiscalYear(ctxOf(request, deps), request.params.year),
  );
}
