// Business constants of SPEC.md §6 and §9, and the real Busia geography of DESIGN.md §8 / domain/KENYA.md.

/**
 * The county this deployment serves: Busia, county code 40 (First Schedule, Constitution of Kenya 2010),
 * population 893,681 (2019 Kenya Population and Housing Census, KNBS Volume I).
 */
export const COUNTY_PROFILE = { name: 'Busia', code: 40, population: 893_681, censusYear: 2019 } as const;

/**
 * Busia's seven sub-counties and their wards (domain/KENYA.md). The spec's list drops Matayos and adds
 * "Samia", the Ministry of Health name for Funyula (DESIGN.md §8): we offer the seven real ones.
 */
export const SUBCOUNTY_WARDS = {
  Budalangi: ['Bunyala North', 'Bunyala Central', 'Bunyala South', 'Bunyala West'],
  Butula: ['Marachi West', 'Kingandole', 'Marachi Central', 'Marachi East', 'Marachi North', 'Elugulu'],
  Funyula: ['Namboboto Nambuku', 'Nangina', "Ageng'a Nanguba", 'Bwiri'],
  Matayos: ['Bukhayo West', 'Mayenje', 'Matayos South', 'Busibwabo', 'Burumba'],
  Nambale: ['Nambale Township', 'Bukhayo North/Walatsi', 'Bukhayo East', 'Bukhayo Central'],
  'Teso North': ['Malaba Central', 'Malaba North', 'Malaba South', "Ang'urai South", "Ang'urai North", "Ang'urai East"],
  'Teso South': ["Ang'orom", 'Chakol South', 'Chakol North', 'Amukura Central', 'Amukura East', 'Amukura West'],
} as const satisfies Record<string, readonly string[]>;

export type Subcounty = keyof typeof SUBCOUNTY_WARDS;

export const SUBCOUNTIES = Object.keys(SUBCOUNTY_WARDS) as Subcounty[];

/** Ministry of Health names accepted as aliases of the official sub-county (DESIGN.md §8). */
export const SUBCOUNTY_ALIASES: Record<string, Subcounty> = { samia: 'Funyula', bunyala: 'Budalangi' };

/** Maps a typed sub-county (any case, or a MOH alias) to its official name; unknown text is kept as typed. */
export function normaliseSubcounty(value: string): string {
  const key = value.trim().toLowerCase();
  const alias = SUBCOUNTY_ALIASES[key];
  if (alias) return alias;
  return SUBCOUNTIES.find((s) => s.toLowerCase() === key) ?? value.trim();
}
