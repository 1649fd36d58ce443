// The metadata the mock KHIS (mock-dhis2.ts) serves at GET /api/dataSets/{id}: a 705A dataSet as a county's KHIS
// administrators would have built it, and small 705B and 717 ones. Written the way KHIS names things, not the way our
// rows are named: the form's name and version before each element ("MOH 705A Rev 2020_…"), abbreviations (URTI, HF,
// CU, RTA), other spellings (Tonsilitis, Chickenpox), "First attendances" for new ones, malaria as one data element
// disaggregated by a category combo, codes on some elements and not on others, elements no row of ours has (COVID-19),
// rows KHIS has no element for (the haemorrhagic fevers, hypoxaemia), and one row two elements fit (Brucellosis).
//
// What a fetch of it should propose for MOH 705A (khis-sync.test.ts asserts it): 23 rows by code (rows 1–22 and All
// other diseases; suspected, tested and confirmed malaria by the malaria element's three combos), 36 by name
// (rows 23–52 and 70–75), and 16 without a match (rows 53–68: Brucellosis because two elements fit it).

/** A DHIS2-shaped uid (a letter, then ten letters or digits), the same for the same seed on every run. */
export function mockUid(seed: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let h = 2166136261;
  let out = '';
  for (let i = 0; i < 11; i++) {
    for (const ch of `${seed}#${i}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    out += alphabet[h % (i === 0 ? 52 : 62)];
  }
  return out;
}

export type MockCombo = { id: string; name: string; code?: string };
export type MockCategoryCombo = { id: string; name: string; categoryOptionCombos: MockCombo[] };
export type MockDataElement = { id: string; name: string; shortName: string; code?: string; categoryCombo: MockCategoryCombo };
export type MockDataSet = { id: string; name: string; code?: string; dataSetElements: { dataElement: MockDataElement; categoryCombo?: MockCategoryCombo }[] };

/** KHIS's default category combo, whose one combo is KHIS's default categoryOptionCombo (domain/REPORTING.md). */
export const DEFAULT_CATEGORY_COMBO: MockCategoryCombo = { id: 'bjDvmb4bfuf', name: 'default', categoryOptionCombos: [{ id: 'NhSoXUMPK2K', name: 'default', code: 'default' }] };

const MALARIA_STATUS: MockCategoryCombo = {
  id: mockUid('cc malaria status'),
  name: 'Malaria status',
  categoryOptionCombos: ['Suspected', 'Tested', 'Confirmed'].map((name) => ({ id: mockUid(`coc malaria ${name}`), name, code: name.toUpperCase() })),
};

const OPD_GROUPS: MockCategoryCombo = {
  id: mockUid('cc opd age sex'),
  name: 'OPD age and sex',
  categoryOptionCombos: ['Under 5 years, Male', 'Under 5 years, Female', '5 years and over, Male', '5 years and over, Female'].map((name) => ({ id: mockUid(`coc opd ${name}`), name })),
};

/** A data element of a form: [name after the form's prefix, code after "MOH705A_" or none, category combo]. */
type Element = [name: string, code: string | null, combo?: MockCategoryCombo];

function dataSet(form: string, id: string, name: string, elements: Element[]): MockDataSet {
  const prefix = `MOH ${form} Rev 2020_`;
  return {
    id,
    name,
    dataSetElements: elements.map(([element, code, combo]) => ({
      dataElement: {
        id: mockUid(`de ${form} ${element}`),
        name: `${prefix}${element}`,
        shortName: `${form} ${element}`.slice(0, 50),
        ...(code ? { code: `MOH${form}_${code}` } : {}),
        categoryCombo: combo ?? DEFAULT_CATEGORY_COMBO,
      },
    })),
  };
}

/** The data element's uid in the mock, from its name after the form's prefix (for tests to expect). */
export const mockDataElementId = (form: string, element: string) => mockUid(`de ${form} ${element}`);
/** A malaria status combo's uid ('Suspected', 'Tested', 'Confirmed'). */
export const mockMalariaCombo = (status: string) => mockUid(`coc malaria ${status}`);

export const MOCK_705A_DATA_SET = 'EnZokILHOeN';
export const MOCK_705B_DATA_SET = mockUid('ds 705B');
export const MOCK_717_DATA_SET = mockUid('ds 717');

export const MOCK_DATA_SETS: MockDataSet[] = [
  dataSet('705A', MOCK_705A_DATA_SET, 'MOH 705 A Outpatient summary < 5 years Revised 2020', [
    // By code.
    ['Diarrhoea with no dehydration', 'DIARRHOEA_NO_DEHYDRATION'],
    ['Diarrhoea with some dehydration', 'DIARRHOEA_SOME_DEHYDRATION'],
    ['Diarrhoea with severe dehydration', 'DIARRHOEA_SEVERE_DEHYDRATION'],
    ['Cholera', 'CHOLERA'],
    ['Dysentery', 'DYSENTERY'],
    ['Gastroenteritis', 'GASTROENTERITIS'],
    ['Pneumonia', 'PNEUMONIA'],
    ['Severe Pneumonia', 'SEVERE_PNEUMONIA'],
    ['URTI', 'URTI'],
    ['LRTI', 'LRTI'],
    ['Asthma', 'ASTHMA'],
    ['Presumed TB', 'PRESUMED_TB'],
    ['Malaria', 'MALARIA', MALARIA_STATUS],
    ['Ear Infection', 'EAR_INFECTION'],
    ['Malnutrition', 'MALNUTRITION'],
    ['Anaemia', 'ANAEMIA'],
    ['Meningococcal Meningitis', 'MENINGOCOCCAL_MENINGITIS'],
    ['Other Meningitis', 'OTHER_MENINGITIS'],
    ['Neonatal Sepsis', 'NEONATAL_SEPSIS'],
    ['Neonatal Tetanus', 'NEONATAL_TETANUS'],
    ['All Other Diseases', 'ALL_OTHER_DISEASES'],
    // By name (no code).
    ['AFP (Poliomyelitis)', null],
    ['Chickenpox', null],
    ['Measles', null],
    ['Hepatitis', null],
    ['Amoebiasis', null],
    ['Mumps', null],
    ['Typhoid Fever', null],
    ['Bilharzia', null],
    ['Intestinal Worms', null],
    ['Eye infection', null],
    ['Tonsilitis', null],
    ['UTI', null],
    ['Mental Disorders', null],
    ['Dental Disorders', null],
    ['Jiggers Infestation', null],
    ['Skin Diseases', null],
    ["Down's Syndrome", null],
    ['Poisoning', null],
    ['Road Traffic Injuries', null],
    ['Deaths due to RTA', null],
    ['Violence Related Injuries', null],
    ['Other Injuries', null],
    ['Sexual Violence', null],
    ['Burns', null],
    ['Snake Bites', null],
    ['Dog Bites', null],
    ['Other Bites', null],
    ['Diabetes', null],
    ['Epilepsy', null],
    ['Other Convulsive Disorders', null],
    ['First attendances', null],
    ['Re-attendances', null],
    ['Referrals from other HF', null],
    ['Referrals to other HF', null],
    ['Referrals from CU', null],
    ['Referrals to CU', null],
    // Two elements fit Brucellosis: neither is proposed. No row of ours is COVID-19 or Mpox.
    ['Brucellosis', null],
    ['Brucellosis (old)', null],
    ['COVID-19', null],
    ['Mpox', null],
  ]),
  dataSet('705B', MOCK_705B_DATA_SET, 'MOH 705 B Outpatient summary 5 years and above Revised 2020', [
    ['Diarrhoea', 'DIARRHOEA'],
    ['Tuberculosis', 'TUBERCULOSIS'],
    ['Malaria in Pregnancy', 'MALARIA_IN_PREGNANCY'],
    ['Hypertension', null],
    ['Arthritis, Joint pains', null],
    ['STI', null],
    ['First attendances', null],
    ['Re-attendances', null],
  ]),
  dataSet('717', MOCK_717_DATA_SET, 'MOH 717 Monthly Workload Report for Hospitals', [
    ['New attendances', null, OPD_GROUPS],
    ['Re-attendances', null, OPD_GROUPS],
    ['Prescriptions written at outpatient visits', null],
  ]),
];
