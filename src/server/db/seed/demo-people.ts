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

/** Reasons for a visit and what the clinician found: the common outpatient conditions of MOH 705A/705B. */
export const VISIT_TYPES = [
  { complaint: 'Fever, headache and joint pains for 3 days', diagnosis: 'Malaria (confirmed by RDT)', treatment: 'Artemether-lumefantrine 20/120, paracetamol', prescription: 'AL 4 tablets twice daily for 3 days; paracetamol 1 g three times daily for 3 days', service: 'laboratory', weight: 18 },
  { complaint: 'Cough and running nose for 5 days', diagnosis: 'Upper respiratory tract infection', treatment: 'Supportive care, fluids', prescription: 'Paracetamol 500 mg three times daily for 3 days', service: 'consultation', weight: 14 },
  { complaint: 'Cough, fast breathing and fever', diagnosis: 'Pneumonia', treatment: 'Amoxicillin', prescription: 'Amoxicillin DT 250 mg twice daily for 5 days', service: 'pharmacy', weight: 6 },
  { complaint: 'Watery diarrhoea for 2 days', diagnosis: 'Diarrhoea with some dehydration', treatment: 'ORS and zinc', prescription: 'ORS/zinc co-pack: zinc 20 mg daily for 10 days', service: 'pharmacy', weight: 8 },
  { complaint: 'Headache and dizziness, known hypertensive', diagnosis: 'Hypertension', treatment: 'Blood pressure review, medication refill', prescription: 'Amlodipine 5 mg once daily for 30 days', service: 'consultation', weight: 8 },
  { complaint: 'Antenatal clinic visit', diagnosis: 'Normal pregnancy', treatment: 'ANC profile, IPTp, ferrous and folic acid', prescription: 'Ferrous + folic acid one tablet daily', service: 'maternity', weight: 8 },
  { complaint: 'Burning urination and lower abdominal pain', diagnosis: 'Urinary tract infection', treatment: 'Antibiotics', prescription: 'Nitrofurantoin 100 mg twice daily for 5 days', service: 'laboratory', weight: 5 },
  { complaint: 'Abdominal pain and passing worms', diagnosis: 'Intestinal worms', treatment: 'Deworming', prescription: 'Albendazole 400 mg single dose', service: 'pharmacy', weight: 4 },
  { complaint: 'Itchy skin rash', diagnosis: 'Skin disease (fungal infection)', treatment: 'Topical antifungal', prescription: 'Clotrimazole cream twice daily for 2 weeks', service: 'consultation', weight: 4 },
  { complaint: 'Excessive thirst and frequent urination', diagnosis: 'Diabetes mellitus', treatment: 'Blood sugar review, diet counselling', prescription: 'Metformin 500 mg twice daily for 30 days', service: 'laboratory', weight: 3 },
  { complaint: 'Cut wound on the leg from a panga', diagnosis: 'Injury (cut wound)', treatment: 'Wound cleaning, suturing, tetanus toxoid', prescription: 'Amoxicillin 500 mg three times daily for 5 days', service: 'emergency', weight: 3 },
  { complaint: 'Red itchy eyes', diagnosis: 'Eye infection (conjunctivitis)', treatment: 'Eye ointment', prescription: 'Tetracycline eye ointment three times daily for 5 days', service: 'pharmacy', weight: 3 },
  { complaint: 'Cough for more than 2 weeks and night sweats', diagnosis: 'Presumed tuberculosis', treatment: 'Sputum GeneXpert requested', prescription: null, service: 'radiology', weight: 2 },
  { complaint: 'Toothache', diagnosis: 'Dental caries', treatment: 'Extraction', prescription: 'Paracetamol 1 g three times daily for 3 days', service: 'surgery', weight: 2 },
  { complaint: 'Child growth monitoring', diagnosis: 'Moderate acute malnutrition', treatment: 'Nutrition counselling, RUSF', prescription: 'Ready-to-use supplementary food daily', service: 'consultation', weight: 2 },
] as const;

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
