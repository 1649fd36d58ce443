// The bundled ICD-11 MMS code list (WHO 2024-01, data/moh705-icd11.json, copied from ../shared/data): the codes a
// clinician picks a diagnosis from, and the extension codes a diagnosis may be postcoordinated with. The list is
// the codes the MOH 705 mapping names plus common outpatient conditions that count in "All other diseases".
// Beside it, the words a Kenyan clinician types for them (data/diagnosis-synonyms.json, issue 31), searched with the
// titles, and which codes cannot apply to a patient of a given sex or age.
import icd11 from './data/moh705-icd11.json' with { type: 'json' };
import synonymFile from './data/diagnosis-synonyms.json' with { type: 'json' };
import { splitDiagnosisCode, type DiagnosisListEntry, type DiagnosisMatch, type DiagnosisOption } from '../../../shared/medical-records/index.js';
import type { Language } from '../../../shared/language.js';
import type { Said } from '../../core/errors.js';
import { diagnosesSaid } from './diagnoses.words.js';

type Form = '705A' | '705B';
type Entry = { code: string; title: string; chapter: string; rows?: Record<Form, string> };

const data = icd11 as { codes: Entry[]; forms: Record<Form, { key: string; label: string }[]> };
const entries = data.codes;

/** The bundled file itself (its 705 rows check the MOH mapping's tests against it). */
export const ICD11_FILE: unknown = icd11;

/**
 * Codeable categories: those the file gives a 705 row (blocks and chapters such as "BA0" or "2" have none: they
 * are groups, not diagnoses). Extension codes (chapter X) only qualify a stem.
 */
const STEMS: readonly DiagnosisOption[] = entries.filter((e) => e.chapter !== 'X' && e.rows).map((e) => ({ code: e.code, title: e.title }));
const EXTENSIONS: readonly DiagnosisOption[] = entries.filter((e) => e.chapter === 'X').map((e) => ({ code: e.code, title: e.title }));
const TITLES = new Map([...STEMS, ...EXTENSIONS].map((e) => [e.code, e.title]));
const STEM_CODES = new Set(STEMS.map((e) => e.code));
const EXTENSION_CODES = new Set(EXTENSIONS.map((e) => e.code));

/** The rows of each form a stem falls in by precedence alone (the file's `codes[].rows`), by the forms' labels. */
const LABELS = Object.fromEntries((['705A', '705B'] as const).map((f) => [f, new Map(data.forms[f].map((r) => [r.key, r.label]))])) as Record<Form, Map<string, string>>;
const ROWS = new Map(entries.filter((e) => e.chapter !== 'X' && e.rows).map((e) => [e.code, { '705A': LABELS['705A'].get(e.rows!['705A']) ?? e.rows!['705A'], '705B': LABELS['705B'].get(e.rows!['705B']) ?? e.rows!['705B'] }]));

/** The extension codes a diagnosis may carry (severity, animal, assault context), for the dialog's qualifier. */
export function diagnosisExtensions(): readonly DiagnosisOption[] {
  return EXTENSIONS;
}

/** A code's title; a cluster reads "Dehydration (Severe)". */
export function diagnosisTitle(code: string): string {
  const { stem, extensions } = splitDiagnosisCode(code);
  const title = TITLES.get(stem) ?? stem;
  return extensions.length === 0 ? title : `${title} (${extensions.map((x) => TITLES.get(x) ?? x).join(', ')})`;
}

/** Whether a code is a codeable stem of the list (what a term may find). */
export const isDiagnosisStem = (code: string): boolean => STEM_CODES.has(code);

/** Why a (well-formed) code cannot be recorded, or null when the bundled list knows its stem and extensions. */
export function unknownDiagnosisCode(code: string): string | null {
  const { stem, extensions } = splitDiagnosisCode(code);
  if (!STEM_CODES.has(stem)) return `${stem} is not in the ICD-11 list: choose a diagnosis from the list`;
  const unknown = extensions.find((x) => !EXTENSION_CODES.has(x));
  return unknown ? `${unknown} is not an extension code in the ICD-11 list` : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Codes that cannot apply to a patient (issue 31 item 4: ANC for a man, prostate codes for a woman, a newborn's
// condition for an adult). Read from the chapter and the title, so a code the list gains is judged the same way.

export type Sex = 'male' | 'female';
/** The patient a code is judged for: their sex, and their age in whole years on the visit's day. */
export type PatientFit = { sex?: Sex | null; ageYears?: number | null };

/** Pregnancy, childbirth and the puerperium: chapter 18 (JA–JB), and obstetric codes of other chapters. */
const PREGNANCY = /\b(pregnan|obstetric|puerper|childbirth|abortion|eclampsia|hyperemesis|postpartum|intrapartum)/i;
const FEMALE_ORGANS = /\b(female|vagin|vulv|uter|ovar|menstru|dysmenorr|endometri)/i;
const MALE_ORGANS = /\b(male genital|prostat|testi(s|cular|cle)|scrot|penis|penile|epididym|hydrocele)/i;
/** Conditions of the perinatal period (chapter 19) and a newborn's: not a diagnosis past a baby's first year. */
const NEWBORN = /\b(neonat|newborn|fetus)/i;
/** The malnutrition codes ICD-11 splits by age (5B50–5B53 "in infants, children or adolescents"; 5B54 "in adults"). */
const YOUNG = /\bin infants, children or adolescents\b/i;
const ADULT = /\bin adults\b/i;
/** WHO's adolescence ends at 19; an 18- or 19-year-old may be coded either way. */
const YOUNG_UNTIL = 20;
const ADULT_FROM = 18;
/** The youngest a pregnancy code is accepted for (WHO counts births to girls from age 10). */
const PREGNANCY_FROM = 10;

type Fit = { sex: Sex | null; pregnancy: boolean; newborn: boolean; young: boolean; adult: boolean };
const FITS = new Map(
  STEMS.map(({ code, title }) => {
    const pregnancy = code.startsWith('J') || PREGNANCY.test(title);
    const female = pregnancy || FEMALE_ORGANS.test(title);
    const sex: Sex | null = female ? 'female' : MALE_ORGANS.test(title) ? 'male' : null;
    return [code, { sex, pregnancy, newborn: code.startsWith('K') || NEWBORN.test(title), young: YOUNG.test(title), adult: ADULT.test(title) } satisfies Fit];
  }),
);

/** Why a code cannot apply to this patient, in words with its key and facts; null when it may. */
export function diagnosisMisfitSaid(code: string, patient: PatientFit): Said | null {
  const stem = splitDiagnosisCode(code).stem;
  const fit = FITS.get(stem);
  if (!fit) return null;
  const facts = { code: stem, title: TITLES.get(stem)! };
  const { sex, ageYears: age } = patient;
  if (sex && fit.sex && fit.sex !== sex) return diagnosesSaid(sex === 'male' ? 'notForMale' : 'notForFemale', facts);
  if (age == null) return null;
  if (fit.pregnancy && age < PREGNANCY_FROM) return diagnosesSaid('notForChild', { ...facts, age });
  if (fit.newborn && age >= 1) return diagnosesSaid('newbornOnly', { ...facts, age });
  if (fit.young && age >= YOUNG_UNTIL) return diagnosesSaid('youngOnly', { ...facts, age });
  if (fit.adult && age < ADULT_FROM) return diagnosesSaid('adultOnly', { ...facts, age });
  return null;
}

/**
 * Why a code cannot apply to this patient (English), or null when it may: pregnancy and female genital codes for a
 * man, male genital codes for a woman, pregnancy codes for a girl under 10, a newborn's condition (chapter 19) for
 * anyone a year old or more, the malnutrition codes of the other age group. A cluster is judged by its stem.
 */
export function diagnosisMisfit(code: string, patient: PatientFit): string | null {
  return diagnosisMisfitSaid(code, patient)?.message ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Terms and search

/** A term and the code it finds (bundled, or the county's own). */
export type SynonymPair = { term: string; code: string; language: Language };

const bundled = synonymFile as { common: { codes: string[] }; synonyms: SynonymPair[] };
/** The bundled terms, in the file's order (for one term, the order of intent). */
export const BUNDLED_SYNONYMS: readonly SynonymPair[] = bundled.synonyms;
/** The commonest outpatient codes, commonest first: the order among equal matches before use is known. */
const COMMON = new Map(bundled.common.codes.map((c, i) => [c, i]));
const ORDER = new Map(STEMS.map((e, i) => [e.code, i]));
const CODE_KEYS = STEMS.map((e) => ({ code: e.code, key: e.code.toLowerCase() }));

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
/** Words as compared: folded, apostrophes dropped ("Down's" is "downs"), any other punctuation a space. */
const words = (s: string) =>
  fold(s)
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
/** A term as compared: its words, one space apart. */
export const termKey = (s: string) => words(s).join(' ');

/** One name a code is found by: its title (both languages), or a term (its language, its place in the term's intent). */
type Name = { code: string; text: string; words: string[]; term: string | null; language: Language | null; intent: number };
export type TermIndex = { readonly names: readonly Name[] };

const TITLE_NAMES: Name[] = STEMS.map(({ code, title }) => ({ code, text: termKey(title), words: words(title), term: null, language: null, intent: 0 }));

/** The names to search: every title, and the terms given (a term's codes in the order given: its order of intent). */
export function termIndex(pairs: readonly SynonymPair[]): TermIndex {
  const seen = new Map<string, number>();
  const names = pairs.flatMap((p) => {
    const text = termKey(p.term);
    if (!text || !STEM_CODES.has(p.code)) return [];
    const intent = seen.get(text) ?? 0;
    seen.set(text, intent + 1);
    return [{ code: p.code, text, words: text.split(' '), term: p.term, language: p.language, intent }];
  });
  return { names: [...TITLE_NAMES, ...names] };
}

/**
 * Every codeable diagnosis with its MOH 705 rows and the terms it is found by (issue 34): the list a device keeps to
 * code a visit without a connection, searched there by its titles, codes and terms.
 */
export function diagnosisList(index: TermIndex): DiagnosisListEntry[] {
  const terms = new Map<string, string[]>();
  for (const name of index.names) if (name.term !== null) terms.set(name.code, [...(terms.get(name.code) ?? []), name.term]);
  return STEMS.map(({ code, title }) => ({ code, title, rows: ROWS.get(code)!, terms: terms.get(code) ?? [] }));
}

/** The bundled terms alone (a county that changed nothing). */
export const BUNDLED_INDEX = termIndex(BUNDLED_SYNONYMS);

/** How a name matches: 1 it is exactly what was typed, 2 it begins with it, 3 every word typed starts one of its words. */
function tierOf(name: Name, text: string, typed: string[]): 1 | 2 | 3 | null {
  if (name.text === text) return 1;
  if (!typed.every((w) => name.words.some((nw) => nw.startsWith(w)))) return null;
  return name.words[0]!.startsWith(typed[0]!) ? 2 : 3;
}

export type DiagnosisSearch = {
  limit: number;
  /** The patient: codes that cannot apply to them are not offered. */
  patient?: PatientFit;
  /** The reader's language: among equal matches, a term in it (or a title, for English) comes first. */
  language?: Language;
  /** The names to search (the county's terms); the bundled ones when not given. */
  index?: TermIndex;
  /** How often the county used each code lately: among equal matches, the most used first. */
  uses?: ReadonlyMap<string, number>;
};

type Hit = { code: string; tier: number; intent: number; preferred: boolean; term: string | null; termScore: number };

/**
 * Searches the list by code, by words of a title and by the terms clinicians type, in English and Kiswahili alike:
 * codes that start with the text first (AB0 → AB00…), then a term or title that is exactly the text ("UTI", "kifua
 * kikuu": its codes in the term's order of intent), then those that begin with it, then those with every typed word
 * at a word start ("mal fal" finds "Malaria due to Plasmodium falciparum"). Within each, the codes the county used
 * most in the last year first; then a match in the reader's language; then the commonest outpatient conditions
 * (so two letters find them: "ma" malaria, "pn" pneumonia, "di" diarrhoea); then the list's order.
 */
export function searchDiagnoses(search: string | undefined, options: DiagnosisSearch): { rows: DiagnosisMatch[]; total: number } {
  const { limit, patient, language, index = BUNDLED_INDEX, uses } = options;
  const fits = (code: string) => !patient || diagnosisMisfitSaid(code, patient) === null;
  const match = (code: string, title: string, term: string | null = null): DiagnosisMatch => ({ code, title, rows: ROWS.get(code)!, matched: term });
  const raw = fold(search?.trim() ?? '');
  if (raw === '') {
    const all = STEMS.filter((e) => fits(e.code));
    return { rows: all.slice(0, limit).map((e) => match(e.code, e.title)), total: all.length };
  }
  const text = termKey(raw);
  const typed = text.split(' ').filter(Boolean);
  const codeText = raw.replace(/\s+/g, '');
  const hits = new Map<string, Hit>();
  const titled = new Set<string>();
  for (const e of CODE_KEYS) {
    if (e.key.startsWith(codeText)) hits.set(e.code, { code: e.code, tier: 0, intent: 0, preferred: true, term: null, termScore: 0 });
  }
  if (typed.length > 0) {
    for (const name of index.names) {
      const tier = tierOf(name, text, typed);
      if (tier === null) continue;
      if (name.term === null) titled.add(name.code);
      const preferred = language === undefined || (name.language ?? 'en') === language;
      // Which term to show for a code: one in the reader's language, then the first intended.
      const termScore = (preferred ? 0 : 1000) + name.intent;
      const intent = tier === 1 ? name.intent : 0;
      const hit = hits.get(name.code);
      if (!hit || tier < hit.tier || (tier === hit.tier && (intent < hit.intent || (intent === hit.intent && termScore < hit.termScore)))) {
        hits.set(name.code, { code: name.code, tier, intent, preferred, term: name.term, termScore });
      }
    }
  }
  const used = (code: string) => uses?.get(code) ?? 0;
  const common = (code: string) => COMMON.get(code) ?? COMMON.size;
  const found = [...hits.values()]
    .filter((h) => fits(h.code))
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        a.intent - b.intent ||
        used(b.code) - used(a.code) ||
        Number(b.preferred) - Number(a.preferred) ||
        common(a.code) - common(b.code) ||
        ORDER.get(a.code)! - ORDER.get(b.code)!,
    );
  // The term is shown only when the title does not itself hold what was typed ("UTI → Urinary tract infection…").
  return { rows: found.slice(0, limit).map((h) => match(h.code, TITLES.get(h.code)!, titled.has(h.code) ? null : h.term)), total: found.length };
}
