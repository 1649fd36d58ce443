// A county's and a sub-county's name in the reader's language (issue 29 item 5). The places are data in English
// ("Busia County", "Matayos Sub-County"); Kiswahili puts the kind of place first: "Kaunti ya Busia", "Kaunti Ndogo
// ya Matayos" — as the Kiswahili screens already say "Kaunti Ndogo ya {{name}}". Any other name (a facility's) is
// a proper name and stays as it is.
import type { Language } from './language.js';

const SUB_COUNTY = /^(.+?)\s+Sub-County$/i;
const COUNTY = /^(.+?)\s+County$/i;

export function placeName(name: string, lang: Language): string {
  if (lang !== 'sw') return name;
  const sub = SUB_COUNTY.exec(name.trim());
  if (sub) return `Kaunti Ndogo ya ${sub[1]}`;
  const county = COUNTY.exec(name.trim());
  return county ? `Kaunti ya ${county[1]}` : name;
}
