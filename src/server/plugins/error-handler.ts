// One place maps every error to the JSON error shape of DESIGN.md §6; a 500 never shows internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldIssue } from '../core/errors.js';
import { documentLanguage } from '../core/pdf.js';
import { wordOnServer } from '../core/words.js';

/**
 * A refusal in the reader's language (Accept-Language, as the API client sends it): each keyed message a module
 * words on the server (core/words.ts), its key and facts kept for a screen that words it itself.
 */
function worded(error: AppError, lang: ReturnType<typeof documentLanguage>): { message: string; issues?: FieldIssue[] } {
  if (lang === 'en') return { message: error.message, issues: error.issues };
  const issues = error.issues?.map((i) => ({ ...i, message: wordOnServer(i, lang) ?? i.message }));
  const message = (error.text && wordOnServer(error.text, lang)) ?? (error.statusCode === 400 && issues ? issues.map((i) => i.message).join('; ') : error.message);
  return { message, issues };
}

/**
 * A preview's problems (a file's dry run answers 200 with its wrong lines) in the reader's language too: each keyed
 * item of the answer's `issues` is worded as a refusal's would be.
 */
function wordPreviewIssues(payload: unknown, language: () => ReturnType<typeof documentLanguage>): unknown {
  if (!payload || typeof payload !== 'object' || !Array.isArray((payload as { issues?: unknown }).issues)) return payload;
  const lang = language();
  if (lang === 'en') return payload;
  const issues = (payload as { issues: unknown[] }).issues.map((i) => {
    const issue = i as Partial<FieldIssue> | null;
    const text = issue && typeof issue === 'object' ? wordOnServer(issue, lang) : null;
    return text === null ? i : { ...issue, message: text };
  });
  return { ...payload, issues };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => wordPreviewIssues(payload, () => documentLanguage(request)));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path id that cannot be a record's (/api/patients/abc) names nothing: 404, as for an unknown id.
      if (error.validationContext === 'params') return reply.status(404).send({ message: 'Not found', code: 'not_found' });
      const issues: FieldIssue[] = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      // One message per field: the first rule that failed, in the order the form shows them.
      const seen = new Set<string>();
      const perField = issues.filter((i) => (seen.has(i.path) ? false : (seen.add(i.path), true)));
      return reply.status(400).send({ message: perField.map((i) => i.message).join('; '), code: 'invalid_input', issues: perField });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const { message, issues } = worded(error, documentLanguage(request));
      return reply.status(error.statusCode).send({ ...(error.text ?? {}), message, code: error.code, ...(issues ? { issues } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      return reply.status(status).send({ message: error.message, code: error.code ?? 'bad_request' });
    }
    // The ledger's own triggers (migration 0014) refuse with SQLSTATE 55000 and a message written for people ("The
    // period 2026-07 is closed"): whatever code path reached them, that is a conflict with the books' state.
    const dbCause = (error as { cause?: { code?: unknown; message?: unknown } }).cause ?? (error as { code?: unknown; message?: unknown });
    if (dbCause.code === '55000' && typeof dbCause.message === 'string') return reply.status(409).send({ message: dbCause.message, code: 'conflict' });
    // A database error's message can carry the query's parameters, which are patient data: log what failed
    // and where, never the message itself.
    const cause = (error as { cause?: { code?: unknown } }).cause;
    request.log.error(
      { errName: error.name, errCode: error.code ?? cause?.code ?? null, route: request.routeOptions.url ?? null, stack: error.stack?.split('\n').filter((line) => /^\s+at /.test(line)).join('\n') },
      'request failed',
    );
    return reply.status(500).send({ message: 'Internal Server Error', code: 'internal' });
  });

}
