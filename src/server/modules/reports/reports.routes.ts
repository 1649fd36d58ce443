import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvFileSchema, idParam, pdfFileSchema } from '../../../shared/validation.js';
import {
  createReportSchema,
  createScheduleSchema,
  downloadQuery,
  khisSubmissionSchema,
  listReportsQuery,
  reportDetailSchema,
  reportSchema,
  reportSectionSchema,
  reportStatsQuery,
  reportStatsSchema,
  scheduleSchema,
  updateScheduleSchema,
} from '../../../shared/reports/index.js';
import { reportStats } from './reports.stats.js';
import { createSchedule, listSchedules, setScheduleActive } from './reports.schedules.js';
import { allow, ctxOf, facilityInBody } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { sendCsv } from '../../core/csv.js';
import { documentLanguage, renderPdf } from '../../core/pdf.js';
import { getReport, listReports, reportFigures, reportFile, reportFilename } from './reports.service.js';
import { requestReport } from './reports.generate.js';
import { reportPdfContent, reportPlace } from './reports.pdf.js';
import { wordReport } from './analyses/words.js';
import { KHIS_STEPS, khisExport, listSubmissions, submitToKhis } from './reports.khis.js';
import { accepted, created, file, list, ok } from '../../core/http.js';

/** A section's words as a phrase (shared/reports ReportPhrase). */
const phrase = z.object({ key: z.string(), facts: z.record(z.string(), z.unknown()).optional() });

/** The JSON download of a report: what names it, and its figures (shared/reports/figures.ts ReportData). */
const reportJson = z
  .object({
    id: z.number(),
    name: z.string(),
    kind: z.string().nullable(),
    period: z.string().nullable(),
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    title: z.string(),
    scope: z.string(),
    periodLabel: z.string(),
    // A phrase's facts may hold phrases again: left open here, as a schema inside the document cannot contain itself.
    sections: z.array(reportSectionSchema.extend({ text: z.object({ title: phrase, columns: z.array(phrase), notes: z.array(phrase) }).optional() })),
    settings: z.record(z.string(), z.string()),
  })
  .loose()
  .describe("The report's figures (a MOH form also carries its grid and each facility's totals for KHIS)");

/** A form for KHIS as DHIS2 reads it (moh/dhis2.ts): one facility's data value set, or a bulk of several facilities' values. */
const khisValue = z.object({ dataElement: z.string(), categoryOptionCombo: z.string().optional(), value: z.string() });
const dataValueSetJson = z.union([
  z.object({ dataSet: z.string(), period: z.string(), orgUnit: z.string(), completeDate: z.string(), dataValues: z.array(khisValue) }),
  z.object({ dataValues: z.array(khisValue.extend({ period: z.string(), orgUnit: z.string() })) }),
]);

export function reportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/reports', { config: allow('reports:read'), schema: { querystring: listReportsQuery, response: list(reportSchema) } }, async (request, reply) => {
    const { rows, total } = await listReports(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  // The KPI cards of /reports: patients and reports for everyone who reads reports; money only for those who read it.
  r.get('/api/reports/stats', { config: allow('reports:read'), schema: { querystring: reportStatsQuery, response: ok(reportStatsSchema) } }, async (request) =>
    reportStats(ctxOf(request, deps), request.query),
  );
  r.get('/api/report-schedules', { config: allow('reports:read'), schema: { response: ok(z.array(scheduleSchema)) } }, async (request) => listSchedules(ctxOf(request, deps)));
  r.post('/api/report-schedules', { config: allow('reports:generate', facilityInBody()), schema: { body: createScheduleSchema, response: created(scheduleSchema) } }, async (request, reply) =>
    reply.status(201).send(await createSchedule(ctxOf(request, deps), request.body)),
  );
  r.patch('/api/report-schedules/:id', { config: allow('reports:generate'), schema: { params: idParam, body: updateScheduleSchema, response: ok(scheduleSchema) } }, async (request) =>
    setScheduleActive(ctxOf(request, deps), request.params.id, request.body.active),
  );
  // Generating happens in the background (reports.generate.ts): the answer is the report, processing, at once.
  r.post(
    '/api/reports',
    { config: allow('reports:generate', facilityInBody()), schema: { body: createReportSchema(deps.now), response: accepted(reportDetailSchema) } },
    async (request, reply) => {
      const ctx = ctxOf(request, deps);
      const id = await requestReport(ctx, request.body, deps.jobs?.kick);
      return reply.status(202).send(await getReport(ctx, id));
    },
  );
  r.get('/api/reports/:id', { config: allow('reports:read'), schema: { params: idParam, response: ok(reportDetailSchema) } }, async (request) => getReport(ctxOf(request, deps), request.params.id));
  // GET also answers HEAD (Fastify exposes HEAD for every GET route), as the System Test's download check uses.
  // ?lang words an analysis's sections (issue 30 item 8): the JSON is English unless asked; the CSV, like every CSV
  // (core/csv.ts documentLanguage), and the PDF, like every printed document, follow the browser's language when not asked.
  r.get(
    '/api/reports/:id/download',
    {
      config: allow('reports:read'),
      schema: { params: idParam, querystring: downloadQuery, response: file('The report in the ?format asked for', { 'text/csv': csvFileSchema, 'application/pdf': pdfFileSchema, 'application/json': reportJson }) },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, deps);
      const { format, lang = 'en' } = request.query;
      if (format === 'csv') return sendCsv(reply, await reportFile(ctx, request.params.id, documentLanguage(request)));
      const { row, data } = await reportFigures(ctx, request.params.id, format);
      if (format === 'json') {
        return reply
          .header('Content-Disposition', `attachment; filename="${reportFilename(row, 'json')}"`)
          .header('Cache-Control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ id: row.id, name: row.name, kind: row.kind, period: row.period, periodStart: row.periodStart, periodEnd: row.periodEnd, ...wordReport(data!, lang), csv: undefined }));
      }
      const user = request.user as { firstName?: string; lastName?: string } | null;
      const printed = documentLanguage(request);
      const pdf = await renderPdf(reportPdfContent(data!, printed, await reportPlace(ctx.db, row)), printed, { by: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(), at: deps.now() });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${reportFilename(row, 'pdf')}"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );
  // KHIS (DHIS2): the file to upload by hand, and — when the server has a KHIS connection — the push, step by step.
  r.get(
    '/api/reports/:id/dhis2',
    {
      config: allow('reports:read'),
      schema: {
        params: idParam,
        querystring: z.object({ format: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['json', 'adx'], { error: 'format must be json or adx' }).default('json')) }),
        response: file('A DHIS2 data value set as JSON, or ADX XML, by ?format', { 'application/json': dataValueSetJson, 'application/adx+xml': z.string().describe('ADX XML (urn:ihe:qrph:adx:2015)') }),
      },
    },
    async (request, reply) => {
      const file = await khisExport(ctxOf(request, deps), request.params.id, request.query.format);
      return reply
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Unmapped-Rows', file.unmapped.join(','))
        .type(file.type)
        .send(file.body);
    },
  );
  r.get('/api/reports/:id/khis-submissions', { config: allow('reports:read'), schema: { params: idParam, response: ok(z.array(khisSubmissionSchema)) } }, async (request) =>
    listSubmissions(ctxOf(request, deps), request.params.id),
  );
  r.post(
    '/api/reports/:id/khis-submissions',
    { config: allow('reports:generate'), schema: { params: idParam, body: z.object({ step: z.enum(KHIS_STEPS, { error: 'step must be dryRun, import or complete' }) }), response: created(khisSubmissionSchema) } },
    async (request, reply) => reply.status(201).send(await submitToKhis(ctxOf(request, deps), deps.config.dhis2, request.params.id, request.body.step)),
  );
}
