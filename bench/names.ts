// Names for the county-scale data set, most common first: the generator picks with a skew towards the top of
// each list, so a few surnames (Wafula, Wanjala, Barasa…) are shared by tens of thousands of people, as in Busia,
// and a search for a common name has many more matches than one for a rare one.
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from '../src/server/db/seed/demo-people.js';

const unique = (names: readonly string[]) => [...new Set(names)];

export const BENCH_FEMALE_NAMES = unique([
  ...FEMALE_NAMES,
  'Alice', 'Anne', 'Betty', 'Catherine', 'Dorcas', 'Eunice', 'Florence', 'Gladys', 'Hellen', 'Jackline', 'Joyce',
  'Lucy', 'Maureen', 'Millicent', 'Nancy', 'Pamela', 'Rebecca', 'Risper', 'Sylvia', 'Teresa', 'Vivian', 'Zipporah',
  'Akoth', 'Anyango', 'Awino', 'Nasimiyu', 'Nanjala', 'Naliaka', 'Nabwire', 'Akello', 'Amoit', 'Asio',
]);

export const BENCH_MALE_NAMES = unique([
  ...MALE_NAMES,
  'Andrew', 'Benson', 'Charles', 'Daniel', 'Erick', 'Francis', 'George', 'Hillary', 'James', 'Jackson', 'Kizito',
  'Lawrence', 'Michael', 'Nicholas', 'Oscar', 'Philip', 'Richard', 'Robert', 'Simon', 'Thomas', 'Victor', 'Wilberforce',
  'Otieno', 'Ochieng', 'Wanyama', 'Masinde', 'Juma', 'Okware', 'Ekisa', 'Opio', 'Emuria', 'Oketch',
]);

export const BENCH_SURNAMES = unique([
  ...SURNAMES,
  'Wanyama', 'Wamalwa', 'Namalwa', 'Sikuku', 'Masinde', 'Mulongo', 'Nabwire', 'Nasimiyu', 'Wabwire', 'Wangila',
  'Mabonga', 'Sirengo', 'Ochieng', 'Otieno', 'Onyango', 'Owino', 'Omondi', 'Obiero', 'Okoth', 'Ouko', 'Osore',
  'Ekesa', 'Emaset', 'Esokon', 'Ochwo', 'Okware', 'Omunyin', 'Ariong', 'Amoit', 'Ekiru', 'Ikileng', 'Omoit',
  'Juma', 'Mukhebi', 'Wesonga', 'Wakoli', 'Mang\'oli', 'Nyongesa', 'Khisa', 'Kundu', 'Mutende', 'Namukhula',
]);

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/**
 * A registration as the desk sends it, with a national ID from a block no generated patient has (`base` + n):
 * ordinary names and ages, so the patients the benchmark registers look like everyone else to later searches.
 */
export function benchRegistration(base: number, n: number, facilityId: number) {
  const female = Math.random() < 0.54;
  const age = 18 + Math.floor(Math.random() * 60);
  const year = new Date().getFullYear() - age;
  return {
    nationalId: String(base + n),
    firstName: pick(female ? BENCH_FEMALE_NAMES : BENCH_MALE_NAMES),
    lastName: pick(BENCH_SURNAMES),
    dateOfBirth: `${year}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}`,
    gender: female ? 'female' : 'male',
    phoneNumber: `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    subcounty: 'Matayos',
    facilityId,
  };
}
