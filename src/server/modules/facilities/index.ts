// The facilities module: Busia's facilities from the Master Facility List, the public county figures, where each
// facility is (the access hook's scope checks), and what other modules show of a facility on their rows
// (facilityField): only this module names the facilities table.
import type { ServerModule } from '../../core/module.js';
import { facilitiesRoutes } from './facilities.routes.js';
import { facilities } from './facilities.schema.js';
import { seedFacilities } from './facilities.seed.js';

export { facilityDirectory, facilityField, findFacility, listFacilities, updateFacilityDetails, type FacilityDetails, type FacilityRow } from './facilities.service.js';
export { hasFacilities } from './facilities.seed.js';

export const facilitiesModule: ServerModule = { id: 'facilities', routes: facilitiesRoutes, tables: [facilities], seed: seedFacilities };
