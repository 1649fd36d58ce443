// ICD-11 code → MOH 705 row, by the conventions of moh705-icd11.json: an entry matches a diagnosis's stem exactly or
// as a prefix, and an entry with extensions only when the diagnosis is postcoordinated with one of them. Within
// one form a diagnosis goes to exactly one row: a satisfied extension beats none, then exact beats prefix, then
// the longer prefix wins, then the earlier row. No match: All other diseases.
import { splitDiagnosisCode } from '../../../shared/medical-records/index.js';

export type MappingEntry = { rowKey: string; row: number; code: string; match: 'exact' | 'prefix'; withExtension: readonly string[] | null };

/** How strongly an entry matches a diagnosis, or null when it does not: [extension, exact, prefix length, -row]. */
function strength(e: MappingEntry, stem: string, extensions: readonly string[]): [number, number, number, number] | null {
  const hit = e.match === 'exact' ? stem === e.code : stem.startsWith(e.code);
  if (!hit) return null;
  if (e.withExtension && !e.withExtension.some((x) => extensions.includes(x))) return null;
  return [e.withExtension ? 1 : 0, e.match === 'exact' ? 1 : 0, e.code.length, -e.row];
}

const stronger = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
};

/** A resolver for one form's entries; it remembers each code it has seen (a month has few distinct codes). */
export function mappingResolver(entries: readonly MappingEntry[]): (code: string) => string | null {
  const cache = new Map<string, string | null>();
  return (code) => {
    const known = cache.get(code);
    if (known !== undefined) return known;
    const { stem, extensions } = splitDiagnosisCode(code);
    let best: { key: string; s: [number, number, number, number] } | null = null;
    for (const e of entries) {
      const s = strength(e, stem, extensions);
      if (s && (!best || stronger(s, best.s))) best = { key: e.rowKey, s };
    }
    cache.set(code, best?.key ?? null);
    return best?.key ?? null;
  };
}
