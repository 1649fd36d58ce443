// The registration desk and the consultation without a connection (issue 34): a registration or a visit made while
// the link is down is kept in the outbox and sent when it returns (lib/offline-send.ts). A patient registered offline
// is listed from the outbox, marked as waiting, until its registration reaches the server; a visit for them waits
// behind it, and both carry their client id (the write's own id) so the server makes each once.
import type { CreateMedicalRecordInput, MedicalRecord } from '../../../shared/medical-records';
import type { Patient, RegisterPatientInput } from '../../../shared/patients';
import type { OutboxWrite } from '../../lib/offline';
import { sendOrKeep, type Queued } from '../../lib/offline-send';
import type { WaitingPatient } from '../../lib/offline/waiting';
import { loadOffline } from '../../lib/offline-gate';
import { uuidv7 } from '../../lib/offline/uuid';
import { fullName } from './patient-labels';

export { isQueued, type Queued } from '../../lib/offline-send';

/** A patient registered on this device whose registration has not reached the server: listed, but without a number. */
export type { WaitingPatient } from '../../lib/offline/waiting';
export const isWaiting = (patient: Patient): patient is WaitingPatient => 'waiting' in patient;

/**
 * The patient id a visit form holds for a patient still waiting to be registered: the largest the contract takes,
 * standing in on the form only (recordVisitOrKeep sends the visit behind the registration, by its client id).
 */
export const formPatientId = (patient: Patient): number => (isWaiting(patient) ? 2_147_483_647 : patient.id);

export function registerOrKeep(input: RegisterPatientInput): Promise<Patient | Queued> {
  const id = uuidv7();
  return sendOrKeep<Patient>({ kind: 'patient', method: 'POST', path: '/api/patients', body: { ...input, clientId: id }, label: fullName(input) }, id);
}

/** A visit; for a patient still waiting to be registered, always kept, behind the registration. */
export function recordVisitOrKeep(input: CreateMedicalRecordInput, patient: Patient): Promise<MedicalRecord | Queued> {
  const id = uuidv7();
  const body = { ...input, clientId: id };
  const write: OutboxWrite = { kind: 'visit', method: 'POST', path: '/api/medical-records', body, label: fullName(patient) };
  if (isWaiting(patient)) {
    const { patientId: _waiting, ...rest } = body;
    return loadOffline()
      .then((m) => m.queueWrite({ ...write, body: rest, patientClientId: patient.waiting.clientId }, id))
      .then((queued) => ({ queued }));
  }
  return sendOrKeep<MedicalRecord>(write, id);
}
