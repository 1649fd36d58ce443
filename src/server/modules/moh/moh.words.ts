// The MOH forms' refusals with figures, worded on the server in English and Kiswahili (core/words.ts): the settings
// that raise them are on the MOH Reports screen, whose bundle is near its weight budget. A row's label is the
// Ministry's own English, as on the printed form.
import { lineSaid, type ImportIssue } from '../../core/csv-read.js';
import { serverWords } from '../../core/words.js';

/** The KHIS mapping file's wrong lines (khis-sync.service.ts), each after its line number. */
const LINES = {
  en: {
    lineNotUid: '{field} {text} is not a DHIS2 identifier: a letter and ten letters or digits',
    lineOtherForm: "this line is for {other}, not MOH {form}: import each form's lines into that form",
    lineRowKeyRequired: 'rowKey is required',
    lineNoRow: 'no row {row} on MOH {form}',
    lineKeyTwice: '{row} is on line {first} already',
    lineComboAlone: 'a categoryOptionCombo needs its dataElement',
    lineOtherDataSet: 'dataSet {set} is not {dataSet} of line {first}: a file holds one form',
    lineElementTaken: '{dataElement} is already the data element of {row}',
    lineElementTakenAt: '{dataElement} is already the data element of {row} (line {first})',
  },
  sw: {
    lineNotUid: '{field} {text} si kitambulisho cha DHIS2: herufi moja kisha herufi au tarakimu kumi',
    lineOtherForm: 'mstari huu ni wa {other}, si wa MOH {form}: ingiza mistari ya kila fomu kwenye fomu hiyo',
    lineRowKeyRequired: 'rowKey inahitajika',
    lineNoRow: 'hakuna safu {row} kwenye MOH {form}',
    lineKeyTwice: '{row} tayari iko kwenye mstari {first}',
    lineComboAlone: 'categoryOptionCombo inahitaji dataElement yake',
    lineOtherDataSet: 'dataSet {set} si {dataSet} ya mstari {first}: faili moja hubeba fomu moja',
    lineElementTaken: '{dataElement} tayari ni dataElement ya {row}',
    lineElementTakenAt: '{dataElement} tayari ni dataElement ya {row} (mstari {first})',
  },
};
type LineProblem = keyof typeof LINES.en;
const atLine = (prefix: string, words: Record<LineProblem, string>) =>
  Object.fromEntries(Object.entries(words).map(([name, text]) => [name, `${prefix} {line}: ${text}`])) as Record<LineProblem, string>;

export const { said: mohSaid } = serverWords('moh', {
  en: {
    ...atLine('Line', LINES.en),
    noRow: 'No row {row} on MOH {form}',
    notFromCodes: '{label} is counted from visits, not from diagnosis codes',
    codeMapped: '{code} ({match}) is already mapped to {row} on MOH {form}: remove it there first',
    dataElementTaken: '{dataElement} is already the data element of {row}',
  },
  sw: {
    ...atLine('Mstari', LINES.sw),
    noRow: 'Hakuna safu {row} kwenye MOH {form}',
    notFromCodes: '{label} huhesabiwa kutoka kwa ziara, si kutoka kwa misimbo ya utambuzi',
    codeMapped: '{code} ({match}) tayari imeunganishwa na {row} kwenye MOH {form}: iondoe huko kwanza',
    dataElementTaken: '{dataElement} tayari ni dataElement ya {row}',
  },
});

/** A wrong line of the KHIS mapping file, in the MOH module's words (core/csv-read.ts lineSaid). */
export const mohLineSaid = (line: number, field: string, problem: LineProblem, facts: Record<string, string | number> = {}): ImportIssue =>
  lineSaid(mohSaid, line, field, problem, facts);
