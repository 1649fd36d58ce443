// The MOH forms module (issue 13): the ICD-11 → MOH 705 mapping and HMIS settings, the counting of MOH 705A/705B,
// 717 and the 204A/204B registers, and the KHIS (DHIS2) export, whose identifiers are filled from KHIS's own
// metadata or a CSV file (khis-sync.service.ts, issue 29 item 2). Reports (the reports module) generate from it: the
// forms, and the new cases its disease analyses read, counted by the forms' own rule (new-cases.ts).
import type { ServerModule } from '../../core/module.js';
import { mohRoutes } from './moh.routes.js';
import { khisDataElements, khisDataSets, mohConfigChanges, mohFormRows, mohRowCodes, mohSettings } from './moh.schema.js';

export { coveredFacilities, MALARIA_POSITIVE, TESTED_FOR_MALARIA } from './moh705.js';
export { countNewCases, type NewCases } from './new-cases.js';
// The county's HMIS settings (a KHIS submission follows khisZeroValues).
export { loadSettings } from './moh.service.js';
export { moh204, moh705, moh717 } from './forms.js';
export { khisForms, khisMapping } from './khis.service.js';
export { adxXml, dataValueSet, dataValueSets, dhis2Period } from './dhis2.js';
export { completeRegistration, importDataValues, parseImportSummary, type ImportSummary } from './dhis2-client.js';

export const mohModule: ServerModule = {
  id: 'moh',
  routes: mohRoutes,
  tables: [mohFormRows, mohRowCodes, mohSettings, mohConfigChanges, khisDataSets, khisDataElements],
  hostileInput: () => import('./moh.hostile.js'),
};
