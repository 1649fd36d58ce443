// The appointments module (issue 15): appointment services, booking and the day's list, the nightly missed sweep
// and defaulter tracing, consent to SMS reminders and the reminders themselves.
import type { ServerModule } from '../../core/module.js';
import { appointments, appointmentServices, smsConsents, smsMessages } from './appointments.schema.js';

export const appointmentsModule: ServerModule = {
  id: 'appointments',
  tables: [appointmentServices, appointments, smsConsents, smsMessages],
};
