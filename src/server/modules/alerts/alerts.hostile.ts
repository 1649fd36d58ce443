// The hostile-input test's strategies for the alerts module's write route (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only). No hostile-text property: a valid body sends
// an alert, and the second within a minute is refused by design (429).
import { badOptionalText, defineHostile, notAnId } from '../../test/hostile.js';

export default defineHostile({
  'POST /api/alerts': {
    role: 'nurse',
    path: () => '/api/alerts',
    base: { facilityId: 1, message: 'Road accident: six casualties arriving' },
    breakers: { facilityId: notAnId, message: badOptionalText(200, 'Casualties') },
  },
});
