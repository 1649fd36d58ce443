// The appointments module (issue 15): appointment services, booking and the day's list, the nightly missed sweep
// and defaulter tracing, consent to SMS reminders and the reminders themselves.
import type { ServerModule } from '../../core/module.js';
import { appointments, appointmentServices, smsConsents, smsMessages } from './appointments.schema.js';
import { appointmentsRoutes } from './appointments.routes.js';
import { markMissedPeriodic, sendRemindersPeriodic } from './appointments.jobs.js';
import { seedAppointments } from './appointments.seed.js';

// For other modules, inside their own transactions: a visit's follow-up date books (or moves) an appointment and a
// visit completes the day's check-in (medical-records); the dashboard's count of today's appointments.
export { bookFollowUp, completeCheckedIn, defaultServicesFor, patientsBookedAt, syncFollowUp, todayAppointmentsCount } from './appointments.service.js';
// For System Settings: which SMS gateway sends, and how it went.
export { resolveSmsGateway, smsGatewayStatus, type SmsGateway, type SmsGatewayStatus, type SmsSendResult } from './sms/gateway.js';
// For the composition root: the system module's reader of the settings this module uses.
export { connectSettings, type SettingsSource } from './sms/gateway.js';
export { markMissed } from './appointments.jobs.js';
export { queueStaffSms, sendReminders, sendStaffSms, type StaffSmsStatus } from './sms.service.js';
export { simulatedMessages, type SimulatedSms } from './sms/simulator.js';

export const appointmentsModule: ServerModule = {
  id: 'appointments',
  routes: appointmentsRoutes,
  tables: [appointmentServices, appointments, smsConsents, smsMessages],
  seed: seedAppointments,
  periodic: [markMissedPeriodic, sendRemindersPeriodic],
  hostileInput: () => import('./appointments.hostile.js'),
};
