// What a month of outpatients at Busia's hospitals is seen for (the demo's outpatient months, outpatient-months.ts):
// the conditions of MOH 705A and 705B as a clinician codes them from the bundled ICD-11 list, each with how often
// it comes by age, and what goes with it — a fever, a malaria test, the other tests the laboratory runs, whether the
// patient is admitted, referred or asked back. The weights follow the county's outpatient morbidity: malaria and
// respiratory infections lead at every age, diarrhoea, pneumonia and skin conditions among children, hypertension,
// diabetes, gastritis and back pain among adults, road traffic injuries (boda-boda riders) among young men. The
// notifiable epidemic diseases that Busia has not seen (cholera, measles, polio, the viral haemorrhagic fevers,
// anthrax …) stay at zero: a case would be an outbreak, not a busy month.
import type { DipstickFindings, LabTest, MalariaSpecies } from '../../../shared/laboratory/index.js';

/** A test the laboratory runs on the first visit of a condition: a result, or a value drawn between low and high. */
export type ConditionTest =
  | { test: Extract<LabTest, 'hiv' | 'pregnancy'>; result: 'positive' | 'negative' }
  | { test: Extract<LabTest, 'haemoglobin' | 'blood_sugar'>; low: number; high: number }
  | { test: 'urinalysis'; findings: DipstickFindings };

export type OutpatientCondition = {
  complaint: string;
  diagnosis: string;
  treatment: string;
  prescription: string | null;
  /** ICD-11 codes from the bundled list (medical-records/data/moh705-icd11.json), in the order written. */
  codes: readonly string[];
  /** How often it is seen: newborns (under 28 days), 28 days to 4 years, 5–14, 15–49, 50 and over. */
  byAge: readonly [number, number, number, number, number];
  /** Seen in one sex only (pregnancy, the female genital tract, a male urethral discharge). */
  sex?: 'female' | 'male';
  /** Seen only at a hospital (level 4 and up): specialist clinics, theatre, the gender-based violence centre. */
  hospital?: boolean;
  /** The temperature is up at the first visit. */
  fever?: boolean;
  /** Confirmed malaria: the visit's positive RDT or slide shows this species. */
  malaria?: MalariaSpecies;
  /** A febrile illness whose malaria test (RDT or slide) came back negative, on most first visits. */
  testedNegative?: boolean;
  /** Other tests of the first visit. */
  tests?: readonly ConditionTest[];
  /** Admitted at a hospital; referred up from a dispensary or health centre. */
  severe?: boolean;
  /** The SpO2 is below 90 % on some first visits (severe pneumonia, bronchiolitis). */
  hypoxic?: boolean;
  /** A road traffic injury: a few die of it at the hospitals. */
  roadTraffic?: boolean;
  /** Followed up for months: a known patient's visit is a repeat case. */
  chronic?: boolean;
  /** Asked back: after so many days, on the share of first visits, for the clinic's service (follow-up, or ANC). */
  followUp?: { days: number; share: number; service?: 'anc' };
};

const uti: DipstickFindings = { leukocytes: '2+', nitrites: '1+', blood: 'trace', protein: 'trace', glucose: 'negative', ketones: 'negative' };
const clear: DipstickFindings = { leukocytes: 'negative', nitrites: 'negative', blood: 'negative', protein: 'negative', glucose: 'negative', ketones: 'negative' };
const ANC_TESTS: readonly ConditionTest[] = [{ test: 'haemoglobin', low: 9.6, high: 13.4 }, { test: 'hiv', result: 'negative' }, { test: 'urinalysis', findings: clear }];
const MALARIA_RX = 'AL 20/120: 4 tablets twice daily for 3 days (by weight); paracetamol for the fever';
const CHRONIC_REVIEW = { days: 28, share: 1 } as const;

/** A condition; byAge as [newborn, 28 days–4 years, 5–14, 15–49, 50+]. */
const c = (complaint: string, diagnosis: string, treatment: string, prescription: string | null, codes: readonly string[], byAge: OutpatientCondition['byAge'], more: Partial<OutpatientCondition> = {}): OutpatientCondition => ({
  complaint,
  diagnosis,
  treatment,
  prescription,
  codes,
  byAge,
  ...more,
});

export const OUTPATIENT_CONDITIONS: readonly OutpatientCondition[] = [
  // Malaria: confirmed by a positive RDT or slide, the species coded; clinical malaria without a test is suspected.
  c('Fever, headache and joint pains for 3 days', 'Malaria, P. falciparum (RDT positive)', 'Artemether-lumefantrine, paracetamol, fluids', MALARIA_RX, ['1F40.Z'], [0, 180, 190, 120, 60], { fever: true, malaria: 'falciparum' }),
  c('High fever, convulsions and drowsiness', 'Severe malaria with cerebral complications', 'IV artesunate, admitted', 'Artesunate 2.4 mg/kg IV at 0, 12 and 24 hours', ['1F40.0'], [0, 4, 2, 1, 1], { fever: true, malaria: 'falciparum', severe: true }),
  c('Intermittent fever and body weakness', 'Malaria, P. malariae (slide positive)', 'Artemether-lumefantrine', MALARIA_RX, ['1F42'], [0, 4, 4, 3, 1], { fever: true, malaria: 'malariae' }),
  c('Fever every other day and chills', 'Malaria, P. ovale (slide positive)', 'Artemether-lumefantrine, primaquine after G6PD check', MALARIA_RX, ['1F43'], [0, 2, 2, 1, 0], { fever: true, malaria: 'ovale' }),
  c('Fever, vomiting and chills', 'Malaria, mixed species (slide positive)', 'Artemether-lumefantrine', MALARIA_RX, ['1F44'], [0, 3, 3, 2, 0], { fever: true, malaria: 'mixed' }),
  c('Fever and joint pains in pregnancy', 'Malaria in pregnancy (RDT positive)', 'Artemether-lumefantrine (second trimester), paracetamol', MALARIA_RX, ['JB63.60', '1F40.Z'], [0, 0, 0, 15, 0], { sex: 'female', fever: true, malaria: 'falciparum' }),
  c('Fever and chills, RDT kits out of stock', 'Malaria without parasitological confirmation', 'Artemether-lumefantrine; test when kits arrive', MALARIA_RX, ['1F45'], [0, 25, 20, 25, 15], { fever: true }),
  c('Fever and headache, treated as malaria', 'Malaria, unspecified (clinical)', 'Artemether-lumefantrine, paracetamol', MALARIA_RX, ['1F4Z'], [0, 8, 6, 8, 5], { fever: true }),

  // Respiratory infections.
  c('Cough and running nose for 4 days', 'Upper respiratory tract infection', 'Supportive care, fluids', 'Paracetamol three times daily for 3 days', ['CA07.0'], [15, 200, 150, 70, 45], { fever: true, testedNegative: true }),
  c('Running nose and sneezing', 'Common cold', 'Saline nose drops, fluids', 'Paracetamol as needed', ['CA00'], [0, 40, 30, 15, 8], {}),
  c('Sore throat and pain on swallowing', 'Acute pharyngitis', 'Warm salt gargles, analgesia', 'Paracetamol 1 g three times daily for 3 days', ['CA02.Z'], [0, 10, 25, 15, 6], { fever: true, testedNegative: true }),
  c('Sore throat, fever, swollen tonsils', 'Acute tonsillitis', 'Oral antibiotics', 'Amoxicillin three times daily for 7 days', ['CA03.Z'], [0, 25, 40, 12, 3], { fever: true, testedNegative: true }),
  c('Fever, body aches and dry cough', 'Influenza', 'Rest, fluids, analgesia', 'Paracetamol three times daily for 3 days', ['1E32'], [0, 5, 8, 8, 5], { fever: true, testedNegative: true }),
  c('Cough, fast breathing and fever', 'Pneumonia', 'Oral amoxicillin, review in 3 days', 'Amoxicillin DT twice daily for 5 days (by weight)', ['CA40.Z'], [4, 60, 15, 12, 18], { fever: true, testedNegative: true, followUp: { days: 3, share: 0.3 } }),
  c('Difficult breathing, chest indrawing, unable to feed', 'Severe pneumonia', 'Oxygen, IV antibiotics, admitted', 'Benzylpenicillin and gentamicin IV', ['CA40.Z&XS25'], [2, 10, 2, 2, 3], { fever: true, testedNegative: true, severe: true, hypoxic: true }),
  c('Wheezing and fast breathing in an infant', 'Acute bronchiolitis', 'Nasal suction, feeding advice, review in 2 days', null, ['CA41'], [2, 20, 0, 0, 0], { hypoxic: true, followUp: { days: 2, share: 0.3 } }),
  c('Productive cough for a week', 'Acute bronchitis', 'Steam inhalation, fluids', 'Paracetamol; amoxicillin if purulent sputum persists', ['CA42'], [0, 0, 10, 15, 15], {}),
  c('Wheezing and chest tightness', 'Asthma', 'Salbutamol nebulisation, inhaler technique', 'Salbutamol inhaler 2 puffs as needed; beclometasone twice daily', ['CA23'], [0, 5, 10, 8, 10], { chronic: true, followUp: CHRONIC_REVIEW }),
  c('Cough for more than 2 weeks, night sweats, weight loss', 'Presumptive tuberculosis', 'Sputum GeneXpert, chest X-ray', null, ['1B10.Z'], [0, 1, 1, 6, 8], { followUp: { days: 7, share: 0.8 } }),
  c('Breathlessness on exertion, chronic cough', 'Chronic obstructive pulmonary disease', 'Bronchodilators, stop smoking', 'Salbutamol inhaler as needed', ['CA22.Z'], [0, 0, 0, 1, 8], { chronic: true, followUp: CHRONIC_REVIEW }),
  c('Sneezing and itchy nose every morning', 'Allergic rhinitis', 'Antihistamine', 'Cetirizine 10 mg at night for 14 days', ['CA08.0'], [0, 3, 6, 5, 2], {}),

  // Diarrhoea and other intestinal infections.
  c('Loose stools without blood for a day', 'Diarrhoea, no dehydration', 'ORS, zinc, feeding advice', 'ORS after every loose stool; zinc 20 mg daily for 10 days', ['ME05.1'], [3, 70, 25, 15, 8], {}),
  c('Watery diarrhoea for 2 days, sunken eyes', 'Diarrhoea with some dehydration', 'ORS in the clinic (plan B), zinc', 'ORS/zinc co-pack: zinc 20 mg daily for 10 days', ['ME05.1', '5C70.0'], [0, 30, 4, 0, 0], { followUp: { days: 2, share: 0.3 } }),
  c('Profuse watery diarrhoea, lethargic, drinking poorly', 'Diarrhoea with severe dehydration', 'IV Ringer\'s lactate (plan C), admitted', 'Ringer\'s lactate 100 ml/kg', ['ME05.1', '5C70.0&XS25'], [0, 6, 0, 0, 0], { severe: true }),
  c('Diarrhoea with blood and abdominal cramps', 'Dysentery (bloody diarrhoea)', 'Oral antibiotics, ORS', 'Ciprofloxacin twice daily for 3 days', ['1A02'], [0, 8, 4, 4, 2], { fever: true }),
  c('Vomiting and diarrhoea since yesterday', 'Acute gastroenteritis', 'ORS, antiemetic', 'ORS; metoclopramide as needed', ['1A40.Z'], [0, 15, 12, 15, 8], {}),
  c('Abdominal pain and mucoid stools', 'Amoebiasis', 'Metronidazole', 'Metronidazole 400 mg three times daily for 7 days', ['1A36'], [0, 3, 5, 6, 3], {}),
  c('Fever for a week, headache and abdominal pain', 'Typhoid fever', 'Oral antibiotics, fluids', 'Azithromycin 500 mg daily for 7 days', ['1A07'], [0, 2, 8, 18, 8], { fever: true, testedNegative: true }),
  c('Constipation for a week', 'Constipation', 'Diet advice, laxative', 'Lactulose 15 ml at night', ['ME05.0'], [0, 3, 2, 2, 5], {}),

  // Ear, eye and skin.
  c('Ear pain and fever, pulling at the ear', 'Acute otitis media', 'Oral antibiotics, analgesia', 'Amoxicillin three times daily for 5 days', ['AB00'], [0, 25, 12, 5, 3], { fever: true, testedNegative: true }),
  c('Ear discharge for more than 2 weeks', 'Chronic suppurative otitis media', 'Dry ear mopping, antibiotic ear drops', 'Ciprofloxacin ear drops twice daily for 14 days', ['AB01'], [0, 4, 3, 2, 1], {}),
  c('Red itchy eyes with discharge', 'Conjunctivitis', 'Antibiotic eye ointment', 'Tetracycline eye ointment three times daily for 5 days', ['9A60.Z'], [0, 20, 12, 10, 8], {}),
  c('Sticky eyes since birth', 'Neonatal conjunctivitis', 'Eye toilet, antibiotic ointment', 'Tetracycline eye ointment four times daily for 7 days', ['KA65.0'], [12, 0, 0, 0, 0], {}),
  c('Poor vision, clouded lens', 'Cataract', 'Referred to the eye clinic for surgery', null, ['9B10'], [0, 0, 0, 0, 15], { hospital: true, followUp: { days: 14, share: 0.5 } }),
  c('Itchy ring-shaped patches on the scalp', 'Dermatophytosis (ringworm)', 'Topical antifungal; griseofulvin for the scalp', 'Whitfield ointment twice daily for 4 weeks', ['1F28'], [0, 18, 30, 15, 10], {}),
  c('Itching at night, rash between the fingers', 'Scabies', 'Benzyl benzoate, treat the household', 'Benzyl benzoate 25 % application, repeat after 1 week', ['1G04.0'], [0, 10, 12, 5, 2], {}),
  c('Dry itchy rash on the face and flexures', 'Eczema', 'Emollients, mild steroid cream', 'Hydrocortisone 1 % cream twice daily for 7 days', ['EA8Z'], [3, 10, 5, 6, 6], {}),
  c('Small pearly bumps on the skin', 'Molluscum contagiosum', 'Reassurance', null, ['1E76'], [0, 3, 2, 0, 0], {}),
  c('Painful swollen toes, burrowing fleas', 'Jiggers (tungiasis)', 'Removal, potassium permanganate foot soaks', 'Potassium permanganate foot soaks daily for 3 days', ['1G05'], [0, 5, 10, 2, 6], {}),
  c('Fever and an itchy blistering rash', 'Chickenpox', 'Calamine lotion, paracetamol', 'Calamine lotion; paracetamol as needed', ['1E90'], [0, 6, 6, 2, 0], { fever: true }),
  c('Painful band of blisters on one side of the chest', 'Herpes zoster', 'Acyclovir, analgesia', 'Acyclovir 800 mg five times daily for 7 days', ['1E91'], [0, 0, 0, 3, 6], {}),
  c('White patches in the mouth, poor feeding', 'Oral candidiasis', 'Nystatin drops', 'Nystatin oral suspension four times daily for 7 days', ['1F23.0'], [10, 8, 0, 1, 0], {}),

  // Worms, bilharzia, nutrition, anaemia.
  c('Abdominal pain and passing worms', 'Ascariasis', 'Deworming', 'Albendazole 400 mg single dose', ['1F62'], [0, 15, 25, 6, 3], {}),
  c('Abdominal discomfort, poor appetite', 'Intestinal worms', 'Deworming', 'Mebendazole 500 mg single dose', ['1F9Z'], [0, 12, 15, 4, 2], {}),
  c('Blood in urine after swimming in the lake', 'Schistosomiasis (bilharzia)', 'Praziquantel', 'Praziquantel 40 mg/kg single dose', ['1F86'], [0, 2, 12, 8, 2], {}),
  c('Child growth monitoring, weight falling', 'Moderate acute malnutrition', 'Nutrition counselling, RUSF', 'Ready-to-use supplementary food daily', ['5B52'], [0, 12, 0, 0, 0], { followUp: { days: 14, share: 0.9 } }),
  c('Child short for age at growth monitoring', 'Stunting', 'Nutrition counselling, deworming, vitamin A', null, ['5B53'], [0, 3, 0, 0, 0], {}),
  c('Thin and wasted, loss of appetite', 'Wasting', 'Nutrition counselling, RUSF', 'Ready-to-use supplementary food daily', ['5B51'], [0, 4, 3, 0, 0], { followUp: { days: 14, share: 0.8 } }),
  c('Weight loss and poor appetite', 'Underweight (adult)', 'Nutrition counselling; screened for TB and HIV', null, ['5B54'], [0, 0, 0, 2, 3], {}),
  c('Weight gain and knee pains', 'Obesity', 'Diet and exercise counselling', null, ['5B81'], [0, 0, 0, 3, 5], {}),
  c('Tiredness, pale palms', 'Iron deficiency anaemia', 'Iron supplements, deworming', 'Ferrous sulphate 200 mg daily for 3 months', ['3A00.Z'], [0, 12, 6, 10, 12], { tests: [{ test: 'haemoglobin', low: 6.2, high: 9.8 }], followUp: { days: 28, share: 0.5 } }),
  c('Painful swollen joints and yellow eyes, known sickler', 'Sickle cell disease with crisis', 'Analgesia, IV fluids, folic acid', 'Folic acid 5 mg daily; paracetamol and ibuprofen', ['3A51.2'], [0, 3, 4, 2, 0], { fever: true, tests: [{ test: 'haemoglobin', low: 5.0, high: 8.2 }], chronic: true, followUp: CHRONIC_REVIEW }),
  c('Bowed legs in a toddler', 'Vitamin D deficiency rickets', 'Vitamin D and calcium', 'Vitamin D 2000 IU daily for 3 months', ['5B57.0'], [0, 1, 0, 0, 0], {}),

  // Urinary and sexually transmitted infections, women's health and pregnancy.
  c('Burning urination and lower abdominal pain', 'Urinary tract infection', 'Oral antibiotics, fluids', 'Nitrofurantoin 100 mg twice daily for 5 days', ['GC08.Z'], [0, 6, 8, 25, 20], { fever: true, testedNegative: true, tests: [{ test: 'urinalysis', findings: uti }] }),
  c('Frequent painful urination', 'Cystitis', 'Oral antibiotics, fluids', 'Nitrofurantoin 100 mg twice daily for 5 days', ['GC00.Z'], [0, 0, 0, 15, 8], { sex: 'female', tests: [{ test: 'urinalysis', findings: uti }, { test: 'pregnancy', result: 'negative' }] }),
  c('Fever, loin pain and vomiting', 'Acute pyelonephritis', 'IV ceftriaxone, then oral', 'Ceftriaxone 1 g IV daily for 3 days', ['GB51'], [0, 0, 0, 3, 2], { fever: true, testedNegative: true, tests: [{ test: 'urinalysis', findings: { ...uti, leukocytes: '3+', blood: '1+', protein: '1+' } }] }),
  c('Burning urination in pregnancy', 'Urinary tract infection in pregnancy', 'Oral antibiotics safe in pregnancy', 'Amoxicillin 500 mg three times daily for 7 days', ['JA62.1'], [0, 0, 0, 6, 0], { sex: 'female', tests: [{ test: 'urinalysis', findings: uti }] }),
  c('Smelly yellow vaginal discharge and itching', 'Trichomoniasis', 'Metronidazole; partner notified', 'Metronidazole 2 g single dose', ['1A92'], [0, 0, 0, 8, 0], { sex: 'female', tests: [{ test: 'hiv', result: 'negative' }] }),
  c('Painful genital sores', 'Anogenital herpes', 'Acyclovir; partner notified', 'Acyclovir 400 mg three times daily for 7 days', ['1A94'], [0, 0, 0, 3, 0], { tests: [{ test: 'hiv', result: 'negative' }] }),
  c('Genital warts', 'Anogenital warts', 'Podophyllin application', null, ['1A95'], [0, 0, 0, 2, 0], {}),
  c('Urethral discharge and pain on urination', 'Sexually transmitted infection (urethral discharge syndrome)', 'Syndromic treatment; partner notified', 'Ceftriaxone 500 mg IM stat; doxycycline 100 mg twice daily for 7 days', ['1A9Z'], [0, 0, 0, 8, 1], { sex: 'male', tests: [{ test: 'hiv', result: 'negative' }] }),
  c('Positive syphilis screen at ANC', 'Syphilis in pregnancy', 'Benzathine penicillin; partner notified', 'Benzathine penicillin 2.4 MU IM weekly for 3 weeks', ['JB63.1'], [0, 0, 0, 1, 0], { sex: 'female', followUp: { days: 7, share: 1 } }),
  c('Thick white vaginal discharge and itching', 'Vulvovaginal candidiasis', 'Clotrimazole pessaries', 'Clotrimazole 500 mg pessary single dose', ['1F23.10'], [0, 0, 0, 15, 2], { sex: 'female' }),
  c('Lower abdominal pain and vaginal discharge', 'Pelvic inflammatory disease', 'Oral antibiotics; partner notified', 'Ceftriaxone IM stat, doxycycline and metronidazole for 14 days', ['GA05.Z'], [0, 0, 0, 12, 1], { sex: 'female', fever: true, tests: [{ test: 'pregnancy', result: 'negative' }] }),
  c('Painful periods', 'Dysmenorrhoea', 'Analgesia', 'Ibuprofen 400 mg three times daily when needed', ['GA34.3'], [0, 0, 1, 6, 0], { sex: 'female' }),
  c('Vaginal itching and discharge', 'Vaginitis', 'Vaginal pessaries', 'Metronidazole 500 mg twice daily for 7 days', ['GA02.Z'], [0, 0, 0, 4, 2], { sex: 'female' }),
  c('Antenatal clinic visit', 'Normal pregnancy', 'ANC profile, IPTp, ferrous and folic acid', 'Ferrous + folic acid one tablet daily', [], [0, 0, 0, 80, 0], { sex: 'female', tests: ANC_TESTS, followUp: { days: 28, share: 1, service: 'anc' } }),
  c('Vomiting throughout the day in early pregnancy', 'Hyperemesis gravidarum', 'IV fluids, antiemetic', 'Metoclopramide 10 mg three times daily', ['JA60.0'], [0, 0, 0, 4, 0], { sex: 'female', tests: [{ test: 'pregnancy', result: 'positive' }, { test: 'urinalysis', findings: { ...clear, ketones: '2+' } }] }),
  c('Headache and swollen feet at 34 weeks, BP 160/110', 'Pre-eclampsia', 'Magnesium sulphate, antihypertensives', 'Nifedipine 20 mg; magnesium sulphate loading dose', ['JA24'], [0, 0, 0, 2, 0], { sex: 'female', severe: true, tests: [{ test: 'urinalysis', findings: { ...clear, protein: '3+' } }] }),
  c('Tiredness and pale conjunctivae in pregnancy', 'Anaemia in pregnancy', 'Iron and folic acid, deworming', 'Ferrous sulphate 200 mg twice daily', ['JB64.0'], [0, 0, 0, 4, 0], { sex: 'female', tests: [{ test: 'haemoglobin', low: 7.0, high: 9.9 }], followUp: { days: 28, share: 1, service: 'anc' } }),
  c('Raised blood sugar at ANC', 'Diabetes in pregnancy', 'Diet, insulin', 'Soluble insulin as charted', ['JA63'], [0, 0, 0, 1, 0], { sex: 'female', tests: [{ test: 'blood_sugar', low: 8.2, high: 12.8 }], followUp: { days: 14, share: 1, service: 'anc' } }),
  c('Hepatitis B surface antigen positive at ANC', 'Hepatitis B in pregnancy', 'Tenofovir, baby to get birth dose', 'Tenofovir 300 mg daily', ['JB63.4'], [0, 0, 0, 1, 0], { sex: 'female', followUp: { days: 28, share: 1, service: 'anc' } }),
  c('Vaginal bleeding and lower abdominal pain at 10 weeks', 'Incomplete abortion', 'Manual vacuum aspiration, analgesia', 'Misoprostol 400 mcg; doxycycline', ['JA00'], [0, 0, 0, 3, 0], { sex: 'female', tests: [{ test: 'pregnancy', result: 'positive' }] }),
  c('No fetal heart on ultrasound at 12 weeks', 'Missed abortion', 'Evacuation planned', 'Misoprostol', ['JA03'], [0, 0, 0, 2, 0], { sex: 'female', tests: [{ test: 'pregnancy', result: 'positive' }] }),
  c('Fever and foul discharge after an abortion', 'Complications following abortion', 'IV antibiotics, evacuation, admitted', 'Ceftriaxone, metronidazole IV', ['JA05'], [0, 0, 0, 1, 0], { sex: 'female', hospital: true, severe: true, fever: true }),
  c('Heavy bleeding two days after a home delivery', 'Postpartum haemorrhage', 'Oxytocin, IV fluids, admitted', 'Oxytocin 10 IU IM; Ringer\'s lactate', ['JA43'], [0, 0, 0, 2, 0], { sex: 'female', hospital: true, severe: true }),
  c('Continuous leakage of urine since delivery', 'Obstetric fistula', 'Referred for fistula repair camp', null, ['GC04.1'], [0, 0, 0, 1, 1], { sex: 'female', hospital: true, followUp: { days: 28, share: 1 } }),

  // Long-term conditions of adults.
  c('Headache and dizziness, known hypertensive', 'Hypertension', 'Blood pressure review, medication refill', 'Amlodipine 5 mg once daily for 30 days', ['BA00.Z'], [0, 0, 0, 25, 150], { chronic: true, followUp: CHRONIC_REVIEW }),
  c('Excessive thirst and frequent urination', 'Type 2 diabetes mellitus', 'Blood sugar review, diet counselling', 'Metformin 500 mg twice daily for 30 days', ['5A11'], [0, 0, 0, 12, 60], { chronic: true, tests: [{ test: 'blood_sugar', low: 9.0, high: 22.0 }], followUp: CHRONIC_REVIEW }),
  c('Weight loss and thirst in a young person', 'Type 1 diabetes mellitus', 'Insulin, diabetes education', 'Mixtard insulin twice daily', ['5A10'], [0, 0, 1, 1, 0], { chronic: true, hospital: true, tests: [{ test: 'blood_sugar', low: 14.0, high: 26.0 }], followUp: CHRONIC_REVIEW }),
  c('Breathlessness and swollen legs', 'Heart failure', 'Diuretics, salt restriction', 'Furosemide 40 mg daily; enalapril 5 mg daily', ['BD1Z'], [0, 0, 0, 1, 15], { chronic: true, followUp: CHRONIC_REVIEW }),
  c('Sudden weakness of one side of the body', 'Stroke', 'Admitted for stabilisation', null, ['8B20'], [0, 0, 0, 0, 6], { hospital: true, severe: true }),
  c('Swollen legs and reduced urine, known kidney disease', 'Chronic kidney disease', 'Renal clinic review', 'Furosemide 40 mg daily', ['GB61.Z'], [0, 0, 0, 1, 5], { chronic: true, hospital: true, followUp: CHRONIC_REVIEW }),
  c('On ART, clinic refill visit', 'HIV disease', 'ART refill, adherence counselling', 'TLD one tablet daily for 30 days', ['1C62.Z'], [0, 1, 2, 10, 6], { chronic: true, tests: [{ test: 'hiv', result: 'positive' }], followUp: CHRONIC_REVIEW }),
  c('Fits since childhood, ran out of drugs', 'Epilepsy', 'Anticonvulsant refill', 'Carbamazepine 200 mg twice daily for 30 days', ['8A6Z'], [0, 2, 5, 4, 2], { chronic: true, followUp: CHRONIC_REVIEW }),
  c('Low mood and poor sleep for a month', 'Depressive disorder', 'Counselling, antidepressant', 'Fluoxetine 20 mg daily', ['6A70'], [0, 0, 1, 6, 5], { chronic: true, followUp: CHRONIC_REVIEW }),
  c('Worry and palpitations for months', 'Generalised anxiety disorder', 'Counselling', null, ['6B00'], [0, 0, 1, 4, 3], { followUp: { days: 28, share: 0.6 } }),
  c('Delayed speech and poor eye contact', 'Autism spectrum disorder', 'Referred to the occupational therapist', null, ['6A02'], [0, 1, 1, 0, 0], { hospital: true, followUp: { days: 28, share: 0.8 } }),
  c('Throbbing one-sided headache with nausea', 'Migraine', 'Analgesia, trigger advice', 'Ibuprofen 400 mg when needed', ['8A80'], [0, 0, 2, 6, 2], {}),
  c('Recurrent headaches', 'Headache', 'Analgesia', 'Paracetamol 1 g when needed', ['MB4D'], [0, 0, 5, 10, 8], {}),
  c('Knee pain and stiffness worse on walking', 'Osteoarthritis of the knee', 'Analgesia, physiotherapy', 'Diclofenac 50 mg twice daily for 7 days', ['FA01'], [0, 0, 0, 2, 35], { chronic: true }),
  c('Painful joints for two weeks', 'Joint pain', 'Analgesia', 'Ibuprofen 400 mg three times daily for 5 days', ['ME82'], [0, 0, 1, 8, 25], {}),
  c('Low back pain after lifting', 'Low back pain', 'Analgesia, back care advice', 'Diclofenac 50 mg twice daily for 5 days', ['ME84.2Z'], [0, 0, 0, 20, 35], {}),

  // The stomach and the gut.
  c('Burning upper abdominal pain after meals', 'Gastritis', 'Antacids, PPI', 'Omeprazole 20 mg daily for 14 days', ['DA42.Z'], [0, 0, 2, 30, 30], {}),
  c('Epigastric pain at night, relieved by food', 'Peptic ulcer disease', 'PPI, H. pylori treatment', 'Omeprazole, amoxicillin, clarithromycin for 14 days', ['DA61'], [0, 0, 0, 6, 10], {}),
  c('Heartburn and sour taste after meals', 'Gastro-oesophageal reflux disease', 'Lifestyle advice, PPI', 'Omeprazole 20 mg daily for 28 days', ['DA22.Z'], [0, 0, 0, 4, 6], {}),
  c('Fullness and bloating after meals', 'Functional dyspepsia', 'Diet advice, antacids', 'Magnesium trisilicate 10 ml three times daily', ['DD90.3'], [0, 0, 0, 8, 8], {}),
  c('Right lower abdominal pain and vomiting', 'Acute appendicitis', 'Admitted for appendicectomy', null, ['DB10.0'], [0, 0, 1, 2, 0], { hospital: true, severe: true, fever: true }),
  c('Pain and bleeding on passing stool', 'Haemorrhoids', 'High-fibre diet, sitz baths', 'Anusol suppositories twice daily', ['DB60.Z'], [0, 0, 0, 3, 5], {}),
  c('Abdominal pain, no cause found', 'Abdominal pain', 'Analgesia, review if worse', 'Hyoscine butylbromide 10 mg three times daily', ['MD81'], [0, 0, 6, 8, 5], {}),
  c('Vomiting since morning', 'Vomiting', 'Oral rehydration, antiemetic', 'ORS', ['MD90.1'], [0, 3, 2, 2, 1], {}),

  // Newborns.
  c('Newborn with fever, poor feeding and a red umbilicus', 'Neonatal sepsis', 'IV antibiotics, admitted', 'Benzylpenicillin and gentamicin IV', ['KA60'], [30, 0, 0, 0, 0], { fever: true, severe: true }),
  c('Yellow eyes and skin in a 4-day-old', 'Neonatal jaundice', 'Phototherapy, feeding support', null, ['KA87'], [25, 0, 0, 0, 0], { followUp: { days: 2, share: 0.6 } }),
  c('Baby born at 34 weeks for weight check', 'Preterm newborn', 'Kangaroo mother care, feeding support', null, ['KA21.4'], [5, 0, 0, 0, 0], { followUp: { days: 7, share: 0.9 } }),
  c('Newborn with fits', 'Neonatal seizures', 'Phenobarbital, admitted', 'Phenobarbital 20 mg/kg IV', ['KB06'], [2, 0, 0, 0, 0], { severe: true }),
  c('Newborn with fever and vomiting, urine cloudy', 'Neonatal urinary tract infection', 'IV antibiotics', 'Gentamicin IV', ['KA65.2'], [2, 0, 0, 0, 0], { fever: true }),
  c('Newborn with fever, bulging fontanelle and fits', 'Neonatal meningitis', 'IV antibiotics, admitted', 'Cefotaxime IV', ['KA65.4'], [1, 0, 0, 0, 0], { fever: true, severe: true, hospital: true }),
  c('Newborn who did not cry at birth, review of feeding', 'Birth asphyxia', 'Neurodevelopmental follow-up', null, ['KB21'], [2, 0, 0, 0, 0], { hospital: true, followUp: { days: 14, share: 1 } }),

  // Other infections of children and adults.
  c('Fever with fits in a 2-year-old', 'Febrile seizure', 'Antipyretics, find the fever\'s cause', 'Paracetamol 15 mg/kg four times daily', ['8A63'], [0, 6, 1, 0, 0], { fever: true, testedNegative: true }),
  c('Fever, stiff neck and headache', 'Meningitis', 'IV ceftriaxone, lumbar puncture, admitted', 'Ceftriaxone 2 g IV twice daily', ['1D01'], [0, 1, 0, 0, 0], { fever: true, severe: true, hospital: true, testedNegative: true }),
  c('Severe headache and confusion, on ART', 'Cryptococcal meningitis', 'Amphotericin and fluconazole, admitted', 'Fluconazole 1200 mg daily', ['1F27.10'], [0, 0, 0, 1, 0], { severe: true, hospital: true }),
  c('Painful swelling below the ears', 'Mumps', 'Analgesia, soft diet', 'Paracetamol as needed', ['1D80'], [0, 2, 4, 1, 0], { fever: true }),
  c('Yellow eyes, dark urine and fatigue', 'Acute viral hepatitis', 'Rest, liver function tests', null, ['1E50'], [0, 1, 1, 1, 0], { followUp: { days: 14, share: 0.7 } }),
  c('Hepatitis B positive, clinic review', 'Chronic hepatitis B', 'Liver clinic review', 'Tenofovir 300 mg daily', ['1E51'], [0, 0, 0, 3, 2], { chronic: true, followUp: CHRONIC_REVIEW }),
  c('Fever, sweats and joint pains after drinking raw milk', 'Brucellosis', 'Doxycycline and rifampicin', 'Doxycycline 100 mg twice daily and rifampicin for 6 weeks', ['1B95'], [0, 0, 0, 2, 2], { fever: true, testedNegative: true }),
  c('Joint pains and fever after a sore throat', 'Acute rheumatic fever', 'Penicillin, anti-inflammatories', 'Benzathine penicillin monthly', ['1B40'], [0, 0, 1, 0, 0], { fever: true, hospital: true, followUp: CHRONIC_REVIEW }),
  c('Fever for 3 days, no focus found', 'Fever of unknown origin', 'Antipyretics, review if it persists', 'Paracetamol three times daily', ['MG26'], [2, 10, 6, 6, 3], { fever: true, testedNegative: true, followUp: { days: 3, share: 0.3 } }),
  c('Fever, low blood pressure and confusion', 'Sepsis', 'IV antibiotics and fluids, admitted', 'Ceftriaxone 2 g IV daily', ['1G40'], [0, 0, 0, 1, 1], { fever: true, severe: true, hospital: true, testedNegative: true }),
  c('Toothache and a hole in the tooth', 'Dental caries', 'Extraction or filling', 'Paracetamol 1 g three times daily for 3 days', ['DA08.0'], [0, 5, 20, 15, 8], {}),
  c('Bleeding painful gums, bad breath', 'Necrotising ulcerative gingivitis', 'Scaling, chlorhexidine mouthwash', 'Metronidazole 400 mg three times daily for 5 days', ['1C1H'], [0, 0, 1, 2, 1], {}),
  c('Extra chromosome confirmed, developmental review', 'Down syndrome', 'Cardiac and developmental follow-up', null, ['LD40.0'], [0, 1, 0, 0, 0], { hospital: true, followUp: { days: 28, share: 1 } }),
  c('Purple skin lesions, on ART', 'Kaposi sarcoma', 'Referred to the oncology clinic', null, ['2B57'], [0, 1, 0, 1, 1], { hospital: true, followUp: { days: 14, share: 1 } }),
  c('Post-coital bleeding, abnormal VIA', 'Cervical cancer', 'Referred to the oncology clinic', null, ['2C77'], [0, 0, 0, 1, 3], { sex: 'female', hospital: true, followUp: { days: 14, share: 1 } }),

  // Injuries, bites, burns and poisoning.
  c('Cut wound on the leg from a panga', 'Open wound', 'Wound cleaning, suturing, tetanus toxoid', 'Amoxicillin 500 mg three times daily for 5 days', ['ND56.1'], [0, 6, 15, 20, 12], { followUp: { days: 7, share: 0.5 } }),
  c('Fell from a tree, painful deformed thigh', 'Fracture of femur (fall)', 'Splinted, X-ray, admitted to the orthopaedic ward', null, ['NC72'], [0, 0, 2, 2, 6], { hospital: true, severe: true }),
  c('Knocked down by a boda-boda while walking', 'Road traffic injury (pedestrian), open wound', 'Wound care, X-ray, tetanus toxoid', 'Amoxicillin 500 mg three times daily for 5 days; analgesia', ['ND56.1', 'PA0Z'], [0, 3, 5, 10, 6], { roadTraffic: true, hospital: true, followUp: { days: 7, share: 0.4 } }),
  c('Boda-boda rider thrown off in a crash, deformed thigh', 'Road traffic injury (motor cyclist), fracture of femur', 'Resuscitation, splinting, X-ray', 'IV fluids, analgesia', ['NC72', 'PA0Z'], [0, 0, 0, 15, 6], { roadTraffic: true, hospital: true, sex: 'male' }),
  c('Beaten with a stick in a fight', 'Assault injury (blunt object), open wound', 'Wound care, P3 form filled', 'Analgesia; amoxicillin for 5 days', ['ND56.1', 'PE40'], [0, 0, 2, 12, 3], { followUp: { days: 7, share: 0.3 } }),
  c('Child with bruises of different ages', 'Physical maltreatment of a child', 'Examined, children\'s officer informed', null, ['PJ20'], [0, 1, 1, 0, 0], { hospital: true }),
  c('Reports sexual assault last night', 'Sexual violence', 'PEP, emergency contraception, P3 and PRC forms', 'Post-exposure prophylaxis for 28 days', ['PJ21'], [0, 1, 1, 3, 0], { hospital: true, tests: [{ test: 'hiv', result: 'negative' }], followUp: { days: 14, share: 1 } }),
  c('Bitten by a neighbour\'s dog on the leg', 'Dog bite', 'Wound washing, anti-rabies vaccine dose 1', 'Anti-rabies vaccine days 0, 3, 7, 14, 28', ['PA75&XE33Q', 'NC91.4'], [0, 2, 4, 4, 3], { followUp: { days: 3, share: 1 } }),
  c('Bitten on the finger in a fight', 'Human bite', 'Wound care, antibiotics', 'Amoxicillin-clavulanate for 5 days', ['PA74', 'NC52.04'], [0, 1, 1, 2, 0], {}),
  c('Insect bite on the foot, swollen and itchy', 'Insect bite', 'Antihistamine, cold compress', 'Cetirizine 10 mg daily for 3 days', ['ND11.A'], [0, 3, 3, 3, 1], {}),
  c('Bitten by a snake while weeding', 'Snake bite (venomous snake)', 'Observed, antivenom, admitted', 'Polyvalent antivenom', ['PA78&XE9H6'], [0, 1, 1, 2, 1], { hospital: true, severe: true }),
  c('Scalded by hot porridge', 'Burn', 'Dressing with silver sulfadiazine', 'Silver sulfadiazine cream daily dressing', ['NE2Z'], [0, 6, 3, 3, 1], { followUp: { days: 3, share: 0.8 } }),
  c('Drank paraffin from a soda bottle', 'Poisoning (paraffin)', 'Observed, no vomiting induced', null, ['NE61'], [0, 3, 1, 2, 1], { severe: true }),
  c('Took an overdose of tablets', 'Poisoning (medicines)', 'Activated charcoal, observed, counselled', null, ['NE60'], [0, 1, 0, 2, 1], { hospital: true }),
];
