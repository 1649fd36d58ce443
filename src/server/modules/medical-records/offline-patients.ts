// What a facility's devices keep of its patients for work without a connection (issue 34): those registered there or
// seen there in the last OFFLINE_PATIENT_DAYS days, and those booked there today, so that a desk whose link drops
// still finds the patient in front of it. Here, beside the visits, because "seen at a facility" is theirs; the
// patients and the day's bookings are read through their modules. One copy is one audited read of every patient in it.
import { OFFLINE_PATIENT_DAYS, OFFLINE_PATIENT_LIMIT, type Patient } from '../../../shared/patients/index.js';
import { countyDate } from '../../../shared/county-time.js';
import { audit, listReadDetail } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { patientsBookedAt } from '../appointments/index.js';
import { recentPatientsOf } from '../patients/index.js';
import { patientsSeenAt } from './visit-reads.js';

const DAY_MS = 86_400_000;

export async function offlinePatients({ db, actor, now }: ServiceContext, facilityId: number | null): Promise<{ rows: Patient[]; more: boolean }> {
  if (facilityId === null) return { rows: [], more: false };
  const at = now();
  const since = new Date(at.getTime() - OFFLINE_PATIENT_DAYS * DAY_MS);
  const found = await recentPatientsOf(db, {
    facilityId,
    since,
    also: [patientsSeenAt(facilityId, since), patientsBookedAt(facilityId, countyDate(at))],
    limit: OFFLINE_PATIENT_LIMIT,
  });
  await audit(db, actor, {
    action: 'patient.offline_copy',
    entity: 'patient',
    detail: `kept on a device, facility ${facilityId}: ${listReadDetail(found.rows.length, found.rows.length, found.rows.map((p) => p.id))}${found.more ? ' (more matched)' : ''}`,
  });
  return found;
}
