// Which KHIS value a form's row is (issue 29 item 2): each row of MOH 705A/705B/717 against the data elements (and
// their category option combos) of the form's dataSet in KHIS, matched by code, then by name. A proposal only: the
// officer confirms it. Pure functions; khis-sync.service.ts reads KHIS and saves what is confirmed.
//
// Names and codes are compared as sets of words, normalised: case and accents, punctuation and "_" as spaces, the
// form's own name left out ("MOH 705A", "Rev 2020"), "No. of" dropped, plurals made singular, common abbreviations
// written out (URTI, UTI, TB, Dis., HF, CU…) and the spellings of the county's row keys and of KHIS's names made one
// (diarrhea/diarrhoea, dysentry/dysentery). So "MOH 705A Rev 2020_Diseases of the Skin" is "Diseases of the skin",
// and the code "MOH705A_CONFIRMED_MALARIA" is the row keyed confirmed_malaria. Parenthesised words may be left out on
// either side ("Dysentery (bloody diarrhoea)" is "Dysentery"), as may a slash's second word ("Eye Infections/Conditions").
//
// A proposal must be unique both ways: a row two KHIS values match, or a KHIS value two rows match, gets none (the
// officer chooses), since two rows sent under one data element would overwrite each other in KHIS.
import type { KhisCandidate, KhisMatch } from '../../../shared/moh/index.js';
import type { Dhis2DataSet } from './dhis2-client.js';

/** Words written out or spelt one way, after plurals are made singular. */
const WORDS: Record<string, string> = {
  urti: 'upper respiratory tract infection',
  lrti: 'lower respiratory tract infection',
  uti: 'urinary tract infection',
  sti: 'sexually transmitted infection',
  tb: 'tuberculosis',
  rta: 'road traffic injury',
  dis: 'disease',
  inf: 'infection',
  resp: 'respiratory',
  hf: 'health facility',
  cu: 'community unit',
  ref: 'referral',
  att: 'attendance',
  attn: 'attendance',
  reattendance: 're attendance',
  first: 'new',
  opd: 'outpatient',
  yr: 'year',
  vhf: 'viral haemorrhagic fever',
  rvf: 'rift valley fever',
  chickenpox: 'chicken pox',
  // British spelling (MOH's forms) and the spellings of our row keys (from KenyaEMR's).
  diarrhea: 'diarrhoea',
  anemia: 'anaemia',
  hemorrhagic: 'haemorrhagic',
  hypoxemia: 'hypoxaemia',
  tonsilitis: 'tonsillitis',
  tonsility: 'tonsillitis',
  dysentry: 'dysentery',
  hypertention: 'hypertension',
  tryponosomiasis: 'trypanosomiasis',
  athritis: 'arthritis',
  mascular: 'muscular',
  neoplam: 'neoplasm',
};

/** Words that tell nothing apart ("Diseases of the skin" is "Skin diseases"). */
const STOP = new Set(['a', 'an', 'and', 'etc', 'for', 'in', 'of', 'on', 'or', 's', 'the', 'with']);

/** A plural as its singular: infections → infection, injuries → injury; tuberculosis, tetanus, abscess stay. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is|os)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** A name or code as a sorted set of normalised words, joined by spaces; '' when nothing is left. */
export function words(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/&/g, ' and ')
    .replace(/</g, ' under ')
    .replace(/>/g, ' over ')
    .replace(/[^a-z0-9]+/g, ' ')
    // The form's own name and version, which every data element of its dataSet repeats.
    .replace(/\bmoh(?:\s?(?:705|717|711)\s?[ab]?)?\b/g, ' ')
    .replace(/\b(705|717|711)\s?[ab]?\b/g, ' ')
    .replace(/\b(rev|revised)\b/g, ' ')
    .replace(/\b20\d\d\b/g, ' ')
    .replace(/\b(no|number) of\b/g, ' ');
  const out = new Set<string>();
  for (const raw of plain.split(' ')) {
    if (!raw) continue;
    // An abbreviation's plural first (UTIs: singular() keeps words ending in "is").
    const word = WORDS[raw] ? raw : raw.endsWith('s') && WORDS[raw.slice(0, -1)] ? raw.slice(0, -1) : singular(raw);
    for (const w of (WORDS[word] ?? word).split(' ')) if (!STOP.has(w)) out.add(w);
  }
  return [...out].sort().join(' ');
}

/** The ways a name may be written: whole, without its parenthesised words, without a slash's second word. */
export function nameKeys(...names: (string | null | undefined)[]): Set<string> {
  const keys = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    for (const variant of [name, name.replace(/\([^)]*\)/g, ' '), name.replace(/\/\s*[^\s/]+/g, ' '), name.replace(/\([^)]*\)/g, ' ').replace(/\/\s*[^\s/]+/g, ' ')]) {
      const key = words(variant);
      if (key) keys.add(key);
    }
  }
  return keys;
}

/** A KHIS value a row may be sent as, with the keys it is matched by. */
export type Candidate = KhisCandidate & { codeKeys: Set<string>; nameKeys: Set<string> };

const isDefaultCombo = (combo: { name: string }, all: readonly unknown[]) => all.length === 1 && combo.name.toLowerCase() === 'default';

/**
 * The values of a dataSet: each data element with each of its category option combos. A data element with the
 * default combo alone is one value, whose combo is left blank when it is KHIS's default (a blank sends it) and named
 * when this DHIS2's default is another uid.
 */
export function candidatesOf(set: Dhis2DataSet, defaultCombo: string): Candidate[] {
  return set.dataElements.flatMap((de) => {
    const names = [de.name, de.shortName, de.formName];
    if (de.combos.length === 0 || isDefaultCombo(de.combos[0]!, de.combos)) {
      const combo = de.combos[0]?.id;
      return [{ dataElement: de.id, categoryOptionCombo: combo && combo !== defaultCombo ? combo : null, name: de.name, code: de.code, codeKeys: nameKeys(de.code), nameKeys: nameKeys(...names) }];
    }
    return de.combos.map((c) => ({
      dataElement: de.id,
      categoryOptionCombo: c.id,
      name: `${de.name} (${c.name})`,
      code: de.code && c.code ? `${de.code}_${c.code}` : de.code,
      codeKeys: de.code ? nameKeys(`${de.code} ${c.code ?? c.name}`) : new Set<string>(),
      nameKeys: nameKeys(...names.filter(Boolean).map((n) => `${n} ${c.name}`)),
    }));
  });
}

export type RowProposal = { match: KhisMatch; candidate: number | null };

const meets = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].some((k) => b.has(k));

/**
 * Each row's proposal, in the rows' order: by code first (a data element's code is its row's key or name), then by
 * name among the values no code claimed. Unique both ways, or none.
 */
export function proposeRows(rows: readonly { key: string; label: string }[], candidates: readonly Candidate[]): RowProposal[] {
  const result: RowProposal[] = rows.map(() => ({ match: 'none', candidate: null }));
  const rowKeys = rows.map((r) => ({ code: new Set([...nameKeys(r.key.replace(/_/g, ' ')), ...nameKeys(r.label)]), name: nameKeys(r.label) }));
  const claimed = new Set<number>();
  const pass = (match: 'code' | 'name', hits: (row: number, c: Candidate) => boolean) => {
    const open = rows.map((_, i) => i).filter((i) => result[i]!.candidate === null);
    const found = new Map(open.map((i) => [i, candidates.flatMap((c, j) => (!claimed.has(j) && hits(i, c) ? [j] : []))]));
    const rowsOf = new Map<number, number>();
    for (const js of found.values()) for (const j of js) rowsOf.set(j, (rowsOf.get(j) ?? 0) + 1);
    for (const [i, js] of found) {
      if (js.length !== 1 || rowsOf.get(js[0]!) !== 1) continue;
      result[i] = { match, candidate: js[0]! };
      claimed.add(js[0]!);
    }
  };
  pass('code', (i, c) => meets(c.codeKeys, rowKeys[i]!.code));
  pass('name', (i, c) => meets(c.nameKeys, rowKeys[i]!.name));
  return result;
}
