import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/validation.js';
import {
  appointmentCalendarDaySchema,
  appointmentCalendarQuery,
  appointmentSchema,
  appointmentServiceSchema,
  appointmentStatusSchema,
  appointmentTracingSchema,
  bookAppointmentSchema,
  createAppointmentServiceSchema,
  listAppointmentServicesQuery,
  listAppointmentsQuery,
  listSmsMessagesQuery,
  rescheduleAppointmentSchema,
  sendTestSmsSchema,
  smsConsentSchema,
  smsDeliveryAnswer,
  smsDeliveryReportQuery,
  smsDeliveryReportSchema,
  simulatedSmsSchema,
  smsMessageSchema,
  updateAppointmentServiceSchema,
  updateSmsConsentSchema,
} from '../../../shared/appointments/index.js';
import { allow, ctxOf, facilityInBody, facilityOfRecord, open, signedIn } from '../../core/access.js';
import { offline } from '../../core/recorded-at.js';
import type { AppDeps } from '../../core/deps.js';
import { created, list, ok } from '../../core/http.js';
import {
  appointmentCalendar,
  appointmentFacility,
  bookAppointment,
  createAppointmentService,
  listAppointments,
  listAppointmentServices,
  rescheduleAppointment,
  serviceFacility,
  setAppointmentStatus,
  traceAppointment,
  updateAppointmentService,
} from './appointments.service.js';
import { getSmsConsent, rememberSmsConfig, updateSmsConsent } from './sms.service.js';
import { listSmsMessages, resendSmsMessage, sendTestSms, smsMessageFacility } from './sms-outbox.service.js';
import { simulatedMessages } from './sms/simulator.js';
import { DELIVERY_REPORT_PATH } from './sms/gateway.js';
import { recordDeliveryReport } from './sms-delivery.service.js';
import { TokenBuckets } from '../../core/callback-guard.js';
import { tooManyAttempts } from '../../core/errors.js';

export function appointmentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  // The reminder sweep (a periodic task, handed only the database and the clock) sends through this configuration.
  rememberSmsConfig(deps.config.sms);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Services are the facility's timetable, not patient data: any signed-in user reads them.
  r.get('/api/appointment-services', { config: signedIn, schema: { querystring: listAppointmentServicesQuery, response: list(appointmentServiceSchema) } }, async (request, reply) => {
    const rows = await listAppointmentServices(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', rows.length);
    return rows;
  });
  r.post('/api/appointment-services', { config: allow('appointments:configure', facilityInBody()), schema: { body: createAppointmentServiceSchema, response: created(appointmentServiceSchema) } }, async (request, reply) =>
    reply.status(201).send(await createAppointmentService(ctxOf(request, deps), request.body)),
  );
  r.patch(
    '/api/appointment-services/:id',
    { config: allow('appointments:configure', facilityOfRecord(serviceFacility)), schema: { params: idParam, body: updateAppointmentServiceSchema, response: ok(appointmentServiceSchema) } },
    async (request) => updateAppointmentService(ctxOf(request, deps), request.params.id, request.body),
  );

  r.get('/api/appointments', { config: allow('appointments:read'), schema: { querystring: listAppointmentsQuery, response: list(appointmentSchema) } }, async (request, reply) => {
    const { rows, total } = await listAppointments(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  // Static paths before /api/appointments/:id.
  r.get('/api/appointments/calendar', { config: allow('appointments:read'), schema: { querystring: appointmentCalendarQuery, response: list(appointmentCalendarDaySchema) } }, async (request, reply) => {
    const days = await appointmentCalendar(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', days.length);
    return days;
  });
  r.post('/api/appointments', { config: allow('appointments:write', facilityInBody()), schema: { body: bookAppointmentSchema, response: created(appointmentSchema) } }, async (request, reply) =>
    reply.status(201).send(await bookAppointment(ctxOf(request, deps), request.body)),
  );
  const atItsFacility = facilityOfRecord(appointmentFacility);
  r.patch('/api/appointments/:id', { config: allow('appointments:write', atItsFacility), schema: { params: idParam, body: rescheduleAppointmentSchema, response: ok(appointmentSchema) } }, async (request) =>
    rescheduleAppointment(ctxOf(request, deps), request.params.id, request.body),
  );
  r.patch('/api/appointments/:id/status', { config: offline(allow('appointments:write', atItsFacility)), schema: { params: idParam, body: appointmentStatusSchema, response: ok(appointmentSchema) } }, async (request) =>
    setAppointmentStatus(ctxOf(request, deps), request.params.id, request.body),
  );
  r.patch('/api/appointments/:id/tracing', { config: allow('appointments:write', atItsFacility), schema: { params: idParam, body: appointmentTracingSchema, response: ok(appointmentSchema) } }, async (request) =>
    traceAppointment(ctxOf(request, deps), request.params.id, request.body),
  );

  // Consent is the patient's, wherever they are seen: any holder of appointments:write may record it (audited).
  r.get('/api/patients/:id/sms-consent', { config: allow('appointments:read'), schema: { params: idParam, response: ok(smsConsentSchema) } }, async (request) => getSmsConsent(ctxOf(request, deps), request.params.id));
  r.put('/api/patients/:id/sms-consent', { config: allow('appointments:write'), schema: { params: idParam, body: updateSmsConsentSchema, response: ok(smsConsentSchema) } }, async (request) =>
    updateSmsConsent(ctxOf(request, deps), request.params.id, request.body),
  );
  // The demo phone (demo mode only, like the demo portal: anyone who reaches a demo server is already its director):
  // what the SMS simulator "sent", whole, so a demo visitor can read a new account's temporary password as its
  // owner would on their phone. Without demo mode the path does not exist, and nothing shows a password.
  if (deps.config.demoMode) {
    r.get('/api/demo/phone', { config: open('demo mode only: the demo phone, what the SMS simulator sent'), schema: { response: list(simulatedSmsSchema) } }, async (_request, reply) => {
      const messages = [...simulatedMessages()];
      reply.header('X-Total-Count', messages.length);
      return messages;
    });
  }
  // The messages: a patient's, for the appointment desk (appointments:read); the SMS outbox, for those who watch the
  // gateway (sms:read: the administrator and the director), with a patient's phone and text withheld from whoever
  // may not read patients (sms-outbox.service.ts).
  r.get('/api/sms-messages', { config: allow(['appointments:read', 'sms:read']), schema: { querystring: listSmsMessagesQuery, response: list(smsMessageSchema) } }, async (request, reply) => {
    const { rows, total } = await listSmsMessages(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  // Static path before /api/sms-messages/:id/….
  r.post('/api/sms-messages/test', { config: allow('sms:send'), schema: { body: sendTestSmsSchema, response: created(smsMessageSchema) } }, async (request, reply) =>
    reply.status(201).send(await sendTestSms(ctxOf(request, deps), deps.config, request.body)),
  );
  r.post('/api/sms-messages/:id/resend', { config: allow('sms:send', facilityOfRecord(smsMessageFacility)), schema: { params: idParam, response: ok(smsMessageSchema) } }, async (request) =>
    resendSmsMessage(ctxOf(request, deps), deps.config, request.params.id),
  );

  // Africa's Talking's delivery reports (issue 30 item 7): server to server, form-encoded as the gateway posts them
  // (this route alone reads a form), authenticated by the secret in the URL and limited per address before the
  // body is read, as the M-Pesa callback is (core/callback-guard.ts), with a limit of its own (one report per message).
  const buckets = new TokenBuckets(deps.config.smsDeliveryLimit);
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scoped.withTypeProvider<ZodTypeProvider>().post(
      DELIVERY_REPORT_PATH,
      {
        config: open("Africa's Talking's delivery reports, guarded by the secret in the URL and a rate limit per source address"),
        onRequest: async (request) => {
          const wait = buckets.take(request.ip, deps.now());
          if (wait > 0) throw tooManyAttempts(`Too many delivery reports from this address; try again in ${wait} seconds`, wait);
        },
        schema: { querystring: smsDeliveryReportQuery, body: smsDeliveryReportSchema, response: ok(smsDeliveryAnswer) },
      },
      async (request) => recordDeliveryReport(deps.db, deps.config, request.query.token, request.body, deps.now()),
    );
  });
}
