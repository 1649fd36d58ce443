// A facility's details kept by the county (System Settings): status, beds, cots and services. The facilities module
// writes its table (updateFacilityDetails); this module records the change (section 'facility', target the MFL
// code) and audits it, in the same transaction.
import type { Facility, UpdateFacilityInput } from '../../../shared/facilities/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { updateFacilityDetails } from '../facilities/index.js';
import { recordSettingChange } from './system.service.js';

export async function updateFacility(ctx: ServiceContext, id: number, input: UpdateFacilityInput): Promise<Facility> {
  const { db, actor, now } = ctx;
  return db.transaction(async (tx) => {
    const changed = await updateFacilityDetails(tx, id, input);
    if (!changed) throw notFound('No such facility');
    const version = await recordSettingChange(tx, { section: 'facility', target: changed.mflCode, before: changed.before, after: changed.after, actor, at: now() });
    await audit(tx, actor, { action: 'facility.update', entity: 'facility', entityId: id, detail: `MFL ${changed.mflCode} version ${version}: ${Object.keys(input).join(', ')}` });
    return changed.facility;
  });
}
