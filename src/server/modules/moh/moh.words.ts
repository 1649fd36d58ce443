// The MOH forms' refusals with figures, worded on the server in English and Kiswahili (core/words.ts): the settings
// that raise them are on the MOH Reports screen, whose bundle is near its weight budget. A row's label is the
// Ministry's own English, as on the printed form.
import { serverWords } from '../../core/words.js';

export const { said: mohSaid } = serverWords('moh', {
  en: {
    noRow: 'No row {row} on MOH {form}',
    notFromCodes: '{label} is counted from visits, not from diagnosis codes',
    codeMapped: '{code} ({match}) is already mapped to {row} on MOH {form}: remove it there first',
    dataElementTaken: '{dataElement} is already the data element of {row}',
  },
  sw: {
    noRow: 'Hakuna safu {row} kwenye MOH {form}',
    notFromCodes: '{label} huhesabiwa kutoka kwa ziara, si kutoka kwa misimbo ya utambuzi',
    codeMapped: '{code} ({match}) tayari imeunganishwa na {row} kwenye MOH {form}: iondoe huko kwanza',
    dataElementTaken: '{dataElement} tayari ni dataElement ya {row}',
  },
});
