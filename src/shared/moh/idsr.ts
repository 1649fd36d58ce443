// Kenya's Integrated Disease Surveillance and Response (IDSR) on the MOH 705 forms: the notifiable and
// epidemic-prone diseases that have a row. The disease surveillance report lists them every week (a zero is itself
// the report), and a visit whose patient died of one raises an IDSR alert (the alerts module, issue 31 item 2).

/** The notifiable and epidemic-prone diseases of IDSR that have MOH 705 rows (the rows' keys, on both forms). */
export const NOTIFIABLE_ROWS = [
  'cholera',
  'measles',
  'dysentry',
  'typhoid_fever',
  'meningococcal_meningitis',
  'other_meningitis',
  'poliomyelitis',
  'suspected_anthrax',
  'viral_haemorrhagic_fever',
  'yellow_fever',
  'rift_valley_fever',
  'dengue_fever',
  'chikungunya',
] as const;
export type NotifiableRow = (typeof NOTIFIABLE_ROWS)[number];

/**
 * Each one's name as MOH 705A labels its row (the Ministry's English, as the printed form and the reports write
 * it): what an IDSR alert's message names. The client words them in the reader's language.
 */
export const NOTIFIABLE_NAMES: Readonly<Record<NotifiableRow, string>> = {
  cholera: 'Cholera',
  measles: 'Measles',
  dysentry: 'Dysentery (bloody diarrhoea)',
  typhoid_fever: 'Typhoid fever',
  meningococcal_meningitis: 'Meningococcal Meningitis',
  other_meningitis: 'Other Meningitis',
  poliomyelitis: 'Poliomyelitis (AFP)',
  suspected_anthrax: 'Suspected anthrax',
  viral_haemorrhagic_fever: 'Viral Haemorrhagic Fever',
  yellow_fever: 'Yellow Fever',
  rift_valley_fever: 'Rift Valley fever',
  dengue_fever: 'Dengue fever',
  chikungunya: 'Chikungunya',
};

export const isNotifiableRow = (key: string): key is NotifiableRow => (NOTIFIABLE_ROWS as readonly string[]).includes(key);

/**
 * A notifiable condition from its row key or its name (either form's label, any case); null when it is neither.
 * An IDSR alert's message keeps the names, and the bell reads the keys back from them.
 */
export function notifiableRowOf(condition: string): NotifiableRow | null {
  const text = condition.trim();
  if (isNotifiableRow(text)) return text;
  const lower = text.toLowerCase();
  return NOTIFIABLE_ROWS.find((key) => NOTIFIABLE_NAMES[key].toLowerCase() === lower) ?? null;
}
