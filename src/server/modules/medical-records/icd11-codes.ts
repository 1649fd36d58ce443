// The bundled ICD-11 MMS code list (WHO 2024-01, data/moh705-icd11.json, copied from ../shared/data): the codes a
// clinician picks a diagnosis from, and the extension codes a diagnosis may be postcoordinated with. The list is
// the codes the MOH 705 mapping names plus common outpatient conditions that count in "All other diseases".
import icd11 from './data/moh705-icd11.json' with { type: 'json' };
import { splitDiagnosisCode, type DiagnosisOption } from '../../../shared/medical-records/index.js';

type Entry = { code: string; title: string; chapter: string; rows?: Record<string, string> };

const entries = (icd11 as { codes: Entry[] }).codes;

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

/** Why a (well-formed) code cannot be recorded, or null when the bundled list knows its stem and extensions. */
export function unknownDiagnosisCode(code: string): string | null {
  const { stem, extensions } = splitDiagnosisCode(code);
  if (!STEM_CODES.has(stem)) return `${stem} is not in the ICD-11 list: choose a diagnosis from the list`;
  const unknown = extensions.find((x) => !EXTENSION_CODES.has(x));
  return unknown ? `${unknown} is not an extension code in the ICD-11 list` : null;
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const INDEX = STEMS.map((e) => ({ ...e, words: fold(e.title), key: e.code.toLowerCase() }));

/**
 * Searches the list by code or by words of the title: codes starting with the text first (in code order), then
 * titles with every typed word at a word start ("mal fal" finds "Malaria due to Plasmodium falciparum").
 */
export function searchDiagnoses(search: string | undefined, limit: number): { rows: DiagnosisOption[]; total: number } {
  const text = fold(search?.trim() ?? '');
  const page = (found: readonly { code: string; title: string }[]) => ({ rows: found.slice(0, limit).map(({ code, title }) => ({ code, title })), total: found.length });
  if (text === '') return page(STEMS);
  const words = text.split(/[\s,]+/).filter(Boolean);
  const byCode = INDEX.filter((e) => e.key.startsWith(text));
  const byTitle = INDEX.filter((e) => !e.key.startsWith(text) && words.every((w) => e.words.startsWith(w) || e.words.includes(` ${w}`) || e.words.includes(`(${w}`) || e.words.includes(`-${w}`)));
  // Titles that begin with what was typed first ("malaria" → "Malaria due to…" before "HIV disease … malaria").
  const ranked = byTitle.map((e, i) => ({ e, rank: e.words.startsWith(words[0]!) ? 0 : 1, i })).sort((a, b) => a.rank - b.rank || a.i - b.i).map((x) => x.e);
  return page([...byCode, ...ranked]);
}
