// Names and places for the demo county (domain/KENYA.md): Luhya, Iteso, Luo and Samia names common in Busia.
import type { Random } from './random.js';
import type { Subcounty } from '../../../shared/county.js';

export const FEMALE_NAMES = [
  'Mary', 'Grace', 'Faith', 'Mercy', 'Sarah', 'Esther', 'Jane', 'Lilian', 'Beatrice', 'Rose', 'Caroline', 'Everlyne',
  'Ruth', 'Winnie', 'Diana', 'Naomi', 'Violet', 'Purity', 'Janet', 'Josephine', 'Margaret', 'Susan', 'Irene', 'Agnes',
  'Phanice', 'Judith', 'Sharon', 'Emmaculate', 'Brenda', 'Christine',
] as const;
export const MALE_NAMES = [
  'John', 'Peter', 'Joseph', 'David', 'Samuel', 'Brian', 'Kevin', 'Emmanuel', 'Moses', 'Patrick', 'Wycliffe', 'Dennis',
  'Collins', 'Evans', 'Fredrick', 'Geoffrey', 'Isaac', 'Justus', 'Benard', 'Vincent', 'Fredrick', 'Protus', 'Cyprian',
  'Edwin', 'Kennedy', 'Martin', 'Stephen', 'Paul', 'Titus', 'Alfred',
] as const;
export const SURNAMES = [
  'Wafula', 'Wanjala', 'Barasa', 'Wekesa', 'Nafula', 'Nekesa', 'Ouma', 'Okello', 'Odhiambo', 'Emojong', 'Ekesa', 'Omuse',
  'Ikapel', 'Achieng', 'Atieno', 'Auma', 'Egesa', 'Makokha', 'Simiyu', 'Khaemba', 'Mukhwana', 'Oundo', 'Ojiambo',
  'Wandera', 'Opiyo', 'Etyang', 'Okumu', 'Mayende', 'Oduori', 'Ekirapa',
] as const;

/** Villages and markets by sub-county, for addresses near the patient's facility. */
export const VILLAGES: Record<Subcounty, readonly string[]> = {
  'Teso North': ['Malaba', 'Amagoro', 'Kocholia', 'Moding', 'Obekai', 'Apokor'],
  'Teso South': ['Amukura', 'Alupe', 'Adungosi', 'Kakapel', 'Chakol', 'Lukolis'],
  Nambale: ['Nambale', 'Khayo', 'Madende', 'Lupida'],
  Matayos: ['Mayenje', 'Nasewa', 'Mundika', 'Matayos'],
  Butula: ['Bumala', 'Khunyangu', 'Ikonzo', 'Butula'],
  Funyula: ['Nangina', 'Sio Port', 'Sisenye', 'Osieko', 'Funyula'],
  Budalangi: ['Port Victoria', 'Rukala', 'Mukhobola', 'Bulwani'],
};

/**
 * Reasons for a visit and what the clinician found: the common outpatient conditions of MOH 705A/705B in Busia
 * (malaria, respiratory infections, diarrhoea and skin conditions dominate), each with its ICD-11 codes (the bundled
 * list) and how often it is seen by age band: under 5, 5–14, 15–49, 50 and over. `female` conditions are for women
 * of 15–49 only. A visit without codes (an antenatal visit) counts in the attendance rows only.
 */
export const VISIT_TYPES = [
  { complaint: 'Fever, headache and joint pains for 3 days', diagnosis: 'Malaria (confirmed by RDT)', treatment: 'Artemether-lumefantrine 20/120, paracetamol', prescription: 'AL 4 tablets twice daily for 3 days; paracetamol 1 g three times daily for 3 days', service: 'laboratory', weight: 18, codes: ['1F40.Z'], byAge: [22, 22, 15, 12] },
  { complaint: 'Fever and chills, no RDT kits in stock', diagnosis: 'Suspected malaria (not tested)', treatment: 'Artemether-lumefantrine, paracetamol; test when kits arrive', prescription: 'AL 4 tablets twice daily for 3 days', service: 'pharmacy', weight: 4, codes: ['1F45'], byAge: [5, 5, 4, 3] },
  { complaint: 'Cough and running nose for 5 days', diagnosis: 'Upper respiratory tract infection', treatment: 'Supportive care, fluids', prescription: 'Paracetamol 500 mg three times daily for 3 days', service: 'consultation', weight: 14, codes: ['CA07.0'], byAge: [18, 12, 11, 9] },
  { complaint: 'Cough, fast breathing and fever', diagnosis: 'Pneumonia', treatment: 'Amoxicillin', prescription: 'Amoxicillin DT 250 mg twice daily for 5 days', service: 'pharmacy', weight: 6, codes: ['CA40.Z'], byAge: [10, 4, 3, 5] },
  { complaint: 'Watery diarrhoea for 2 days', diagnosis: 'Diarrhoea with some dehydration', treatment: 'ORS and zinc', prescription: 'ORS/zinc co-pack: zinc 20 mg daily for 10 days', service: 'pharmacy', weight: 8, codes: ['ME05.1', '5C70.0'], byAge: [14, 5, 3, 3] },
  { complaint: 'Loose stools without blood for a day', diagnosis: 'Diarrhoea, no dehydration', treatment: 'ORS, feeding advice', prescription: 'ORS sachets after every loose stool', service: 'pharmacy', weight: 4, codes: ['ME05.1'], byAge: [8, 4, 3, 2] },
  { complaint: 'Headache and dizziness, known hypertensive', diagnosis: 'Hypertension', treatment: 'Blood pressure review, medication refill', prescription: 'Amlodipine 5 mg once daily for 30 days', service: 'consultation', weight: 8, codes: ['BA00.Z'], byAge: [0, 0, 4, 16] },
  { complaint: 'Antenatal clinic visit', diagnosis: 'Normal pregnancy', treatment: 'ANC profile, IPTp, ferrous and folic acid', prescription: 'Ferrous + folic acid one tablet daily', service: 'maternity', weight: 8, codes: [], byAge: [0, 0, 14, 0], female: true },
  { complaint: 'Burning urination and lower abdominal pain', diagnosis: 'Urinary tract infection', treatment: 'Antibiotics', prescription: 'Nitrofurantoin 100 mg twice daily for 5 days', service: 'laboratory', weight: 5, codes: ['GC08.Z'], byAge: [1, 2, 6, 5] },
  { complaint: 'Abdominal pain and passing worms', diagnosis: 'Intestinal worms', treatment: 'Deworming', prescription: 'Albendazole 400 mg single dose', service: 'pharmacy', weight: 4, codes: ['1F9Z'], byAge: [5, 8, 2, 1] },
  { complaint: 'Itchy skin rash', diagnosis: 'Skin disease (fungal infection)', treatment: 'Topical antifungal', prescription: 'Clotrimazole cream twice daily for 2 weeks', service: 'consultation', weight: 4, codes: ['1F28'], byAge: [5, 6, 3, 3] },
  { complaint: 'Itching at night, rash between the fingers', diagnosis: 'Scabies', treatment: 'Benzyl benzoate, treat the household', prescription: 'Benzyl benzoate 25 % application, repeat after 1 week', service: 'pharmacy', weight: 2, codes: ['1G04.0'], byAge: [3, 4, 1, 1] },
  { complaint: 'Painful swollen toes, burrowing fleas', diagnosis: 'Jiggers (tungiasis)', treatment: 'Removal, foot soak in potassium permanganate', prescription: 'Potassium permanganate foot soaks daily for 3 days', service: 'consultation', weight: 1, codes: ['1G05'], byAge: [2, 3, 1, 2] },
  { complaint: 'Excessive thirst and frequent urination', diagnosis: 'Diabetes mellitus', treatment: 'Blood sugar review, diet counselling', prescription: 'Metformin 500 mg twice daily for 30 days', service: 'laboratory', weight: 3, codes: ['5A11'], byAge: [0, 0, 2, 7] },
  { complaint: 'Cut wound on the leg from a panga', diagnosis: 'Injury (cut wound)', treatment: 'Wound cleaning, suturing, tetanus toxoid', prescription: 'Amoxicillin 500 mg three times daily for 5 days', service: 'emergency', weight: 3, codes: ['ND56.1'], byAge: [1, 3, 4, 3] },
  { complaint: 'Red itchy eyes', diagnosis: 'Eye infection (conjunctivitis)', treatment: 'Eye ointment', prescription: 'Tetracycline eye ointment three times daily for 5 days', service: 'pharmacy', weight: 3, codes: ['9A60.Z'], byAge: [4, 3, 2, 2] },
  { complaint: 'Cough for more than 2 weeks and night sweats', diagnosis: 'Presumed tuberculosis', treatment: 'Sputum GeneXpert requested', prescription: null, service: 'radiology', weight: 2, codes: ['1B10.Z'], byAge: [0, 1, 2, 3] },
  { complaint: 'Toothache', diagnosis: 'Dental caries', treatment: 'Extraction', prescription: 'Paracetamol 1 g three times daily for 3 days', service: 'surgery', weight: 2, codes: ['DA08.0'], byAge: [0, 3, 3, 2] },
  { complaint: 'Child growth monitoring', diagnosis: 'Moderate acute malnutrition', treatment: 'Nutrition counselling, RUSF', prescription: 'Ready-to-use supplementary food daily', service: 'consultation', weight: 2, codes: ['5B52'], byAge: [6, 0, 0, 0] },
] as const;

/** The age band of VISIT_TYPES' `byAge` weights. */
export function ageBand(age: number): 0 | 1 | 2 | 3 {
  return age < 5 ? 0 : age < 15 ? 1 : age < 50 ? 2 : 3;
}

export const REFERRAL_REASONS = [
  { reason: 'Severe malaria with altered consciousness', notes: 'Given IM artesunate first dose before transfer. GCS 11/15.' },
  { reason: 'Obstructed labour', notes: 'Primigravida, 2nd stage for 2 hours, fetal heart 110/min. IV line running.' },
  { reason: 'Severe pneumonia in a child under 5', notes: 'SpO2 86% on room air, chest indrawing. First dose of antibiotics given.' },
  { reason: 'Suspected appendicitis', notes: 'Right iliac fossa pain and guarding for 24 hours, WBC raised.' },
  { reason: 'Road traffic injury with suspected femur fracture', notes: 'Boda-boda accident. Leg splinted, analgesia given, vitals stable.' },
  { reason: 'Poorly controlled diabetes', notes: 'Random blood sugar 24 mmol/L on metformin. Needs specialist review.' },
  { reason: 'Pre-eclampsia', notes: 'BP 165/110 at 34 weeks, proteinuria 3+. Magnesium sulphate loading dose given.' },
  { reason: 'Severe anaemia', notes: 'Hb 5.2 g/dL, needs transfusion not available here.' },
  { reason: 'Suspected tuberculosis for GeneXpert and X-ray', notes: 'Cough 6 weeks, weight loss. No X-ray at this facility.' },
  { reason: 'Hypertensive urgency', notes: 'BP 190/120, headache. Started on oral nifedipine.' },
] as const;

/** A Kenyan mobile number in the stored form (+2547…). */
export function demoPhone(r: Random): string {
  return `+2547${r.pick(['0', '1', '2', '9'])}${String(r.int(0, 9_999_999)).padStart(7, '0')}`;
}
