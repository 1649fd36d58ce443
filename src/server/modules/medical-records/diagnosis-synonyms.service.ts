// The county's words for diagnoses (issue 31), and the diagnosis search that reads them. The bundled terms
// (data/diagnosis-synonyms.json) are the start; an HMIS role adds the county's own and hides bundled ones
// (diagnosis_synonyms), each change audited. The search ranks the codes the county used most in the last year
// first: both the terms and the use are kept in memory per database handle, so GET /api/diagnoses reads no table
// on most calls (the picker asks on every two letters typed).
import { asc, eq, gte, sql } from 'drizzle-orm';
import type { AddDiagnosisSynonymInput, DiagnosisListEntry, DiagnosisMatch, DiagnosisSynonym, HideDiagnosisSynonymInput } from '../../../shared/medical-records/index.js';
import type { Language } from '../../../shared/language.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflictSaid, invalid, notFound } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { diagnosesSaid } from './diagnoses.words.js';
import { BUNDLED_SYNONYMS, diagnosisList, diagnosisTitle, isDiagnosisStem, searchDiagnoses, termIndex, termKey, type PatientFit, type SynonymPair, type TermIndex } from './icd11-codes.js';
import { diagnosisSynonyms, medicalRecordDiagnoses, medicalRecords } from './medical-records.schema.js';

/**
 * How long a process trusts what it read: the county's terms (another server process may have changed them; this
 * one forgets its copy at once on its own change) and the use of each code (a year's counts move slowly).
 */
const FRESH_MS = 5 * 60_000;
const USE_WINDOW_DAYS = 365;

type CountyRow = { id: number; term: string; code: string; language: Language; removed: boolean; createdBy: string | null; createdAt: Date };
type Terms = { rows: CountyRow[]; index: TermIndex; at: number };
type Uses = { counts: ReadonlyMap<string, number>; at: number; loading: boolean };

const termsByHandle = new WeakMap<Db, Terms>();
const usesByHandle = new WeakMap<Db, Uses>();

async function countyRows(db: Db): Promise<CountyRow[]> {
  const rows = await db
    .select({
      id: diagnosisSynonyms.id,
      term: diagnosisSynonyms.term,
      code: diagnosisSynonyms.code,
      language: diagnosisSynonyms.language,
      removed: diagnosisSynonyms.removed,
      createdBy: accountField(diagnosisSynonyms.createdBy, 'name'),
      createdAt: diagnosisSynonyms.createdAt,
    })
    .from(diagnosisSynonyms)
    .orderBy(asc(diagnosisSynonyms.id));
  return rows.map((r) => ({ ...r, language: r.language as Language }));
}

const samePair = (a: { term: string; code: string }, b: { term: string; code: string }) => a.code === b.code && termKey(a.term) === termKey(b.term);

/** The terms searched: the bundled ones the county did not hide, then the county's own (each after a term's bundled codes). */
function countyIndex(rows: readonly CountyRow[]): TermIndex {
  const hidden = rows.filter((r) => r.removed);
  const pairs: SynonymPair[] = [...BUNDLED_SYNONYMS.filter((p) => !hidden.some((h) => samePair(h, p))), ...rows.filter((r) => !r.removed)];
  return termIndex(pairs);
}

async function termsNow(db: Db, at: number): Promise<TermIndex> {
  const kept = termsByHandle.get(db);
  if (kept && at - kept.at < FRESH_MS && at >= kept.at) return kept.index;
  const rows = await countyRows(db);
  const terms = { rows, index: countyIndex(rows), at };
  termsByHandle.set(db, terms);
  return terms.index;
}

/** How many diagnoses of each code (its stem) the county recorded in the last year. */
async function countUses(db: Db, now: Date): Promise<Map<string, number>> {
  const since = new Date(now.getTime() - USE_WINDOW_DAYS * 86_400_000);
  const stem = sql<string>`split_part(${medicalRecordDiagnoses.code}, '&', 1)`;
  const rows = await db
    .select({ code: stem, n: sql<number>`count(*)::int` })
    .from(medicalRecordDiagnoses)
    .innerJoin(medicalRecords, eq(medicalRecords.id, medicalRecordDiagnoses.recordId))
    .where(gte(medicalRecords.visitDate, since))
    .groupBy(stem);
  return new Map(rows.map((r) => [r.code, Number(r.n)]));
}

/**
 * The use of each code as last counted. A count older than FRESH_MS is counted again in the background while the
 * search goes on with the one it has (none, the first time): a search never waits for a year of diagnoses.
 */
function usesNow(db: Db, at: number): ReadonlyMap<string, number> {
  let uses = usesByHandle.get(db);
  if (!uses) usesByHandle.set(db, (uses = { counts: new Map(), at: Number.NEGATIVE_INFINITY, loading: false }));
  if (!uses.loading && (at - uses.at >= FRESH_MS || at < uses.at)) {
    const kept = uses;
    kept.loading = true;
    countUses(db, new Date(at))
      .then((counts) => {
        kept.counts = counts;
      })
      // A failed count (a database gone away) keeps the last one, and is tried again after FRESH_MS.
      .catch(() => undefined)
      .finally(() => {
        kept.at = at;
        kept.loading = false;
      });
  }
  return uses.counts;
}

export type DiagnosisQuery = { search?: string; limit: number; sex?: 'male' | 'female'; age?: number };

/** GET /api/diagnoses: the list searched with the county's terms, ranked by its use, without codes that cannot apply. */
export async function findDiagnoses({ db, now }: Pick<ServiceContext, 'db' | 'now'>, query: DiagnosisQuery, language: Language): Promise<{ rows: DiagnosisMatch[]; total: number }> {
  const at = now().getTime();
  const index = await termsNow(db, at);
  const patient: PatientFit | undefined = query.sex || query.age !== undefined ? { sex: query.sex ?? null, ageYears: query.age ?? null } : undefined;
  return searchDiagnoses(query.search, { limit: query.limit, patient, language, index, uses: usesNow(db, at) });
}

/** GET /api/diagnoses/list: the whole list with the county's terms as they are now, for a device to keep offline. */
export async function listDiagnoses({ db, now }: Pick<ServiceContext, 'db' | 'now'>): Promise<DiagnosisListEntry[]> {
  return diagnosisList(await termsNow(db, now().getTime()));
}

// ---------------------------------------------------------------------------------------------------------------
// The county's edits (moh:configure)

const entry = (p: { term: string; code: string; language: Language }, row: CountyRow | null, source: DiagnosisSynonym['source']): DiagnosisSynonym => ({
  id: row?.id ?? null,
  term: p.term,
  code: p.code,
  title: diagnosisTitle(p.code),
  language: p.language,
  source,
  hidden: source === 'bundled' && row !== null,
  createdBy: row?.createdBy ?? null,
  createdAt: row?.createdAt.toISOString() ?? null,
});

/** GET /api/diagnoses/synonyms: the county's own terms (newest first), then the bundled ones, each hidden or not. */
export async function listSynonyms({ db }: Pick<ServiceContext, 'db'>): Promise<DiagnosisSynonym[]> {
  const rows = await countyRows(db);
  const added = rows.filter((r) => !r.removed).reverse();
  return [
    ...added.map((r) => entry(r, r, 'county')),
    ...BUNDLED_SYNONYMS.map((p) => entry(p, rows.find((r) => r.removed && samePair(r, p)) ?? null, 'bundled')),
  ];
}

/** Where a pair is already: in the bundled list, and as a county row (added, or hiding the bundled one). */
function existing(rows: readonly CountyRow[], pair: { term: string; code: string }) {
  const bundled = BUNDLED_SYNONYMS.find((p) => samePair(p, pair));
  const row = rows.find((r) => samePair(r, pair));
  return { bundled, row };
}

/** A change in one transaction; this process's terms are read afresh after it (others within FRESH_MS). */
async function written<T>(db: Db, pair: { term: string; code: string } | null, write: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(write);
  } catch (error) {
    // Two HMIS officers adding the same term at once: the second meets the unique index.
    if (pair && isUniqueViolation(error)) throw conflictSaid(diagnosesSaid('termFinds', { term: pair.term, code: pair.code }));
    throw error;
  } finally {
    termsByHandle.delete(db);
  }
}

/** POST /api/diagnoses/synonyms: a county term that finds a code. */
export async function addSynonym({ db, actor, now }: ServiceContext, input: AddDiagnosisSynonymInput): Promise<DiagnosisSynonym> {
  if (!isDiagnosisStem(input.code)) throw invalid([{ path: 'code', ...diagnosesSaid('unknownCode', { code: input.code }) }]);
  if (termKey(input.term) === '') throw invalid([{ path: 'term', message: 'Enter the term a clinician types' }]);
  return written(db, input, async (tx) => {
    const { bundled, row } = existing(await countyRows(tx), input);
    if (bundled && row?.removed) throw conflictSaid(diagnosesSaid('termHidden', { term: bundled.term, code: input.code }));
    if (bundled || row) throw conflictSaid(diagnosesSaid('termFinds', { term: bundled?.term ?? row!.term, code: input.code }));
    const [created] = await tx.insert(diagnosisSynonyms).values({ term: input.term, code: input.code, language: input.language, createdBy: actor.id, createdAt: now() }).returning();
    await audit(tx, actor, { action: 'diagnosis.synonym.add', entity: 'diagnosis_synonym', entityId: created!.id, detail: `${input.term} → ${input.code} (${input.language})` });
    const [mine] = (await countyRows(tx)).filter((r) => r.id === created!.id);
    return entry(mine!, mine!, 'county');
  });
}

/** POST /api/diagnoses/synonyms/hidden: a bundled term the county takes away (its row's DELETE brings it back). */
export async function hideSynonym({ db, actor, now }: ServiceContext, input: HideDiagnosisSynonymInput): Promise<DiagnosisSynonym> {
  const bundled = BUNDLED_SYNONYMS.find((p) => samePair(p, input));
  if (!bundled) throw invalid([{ path: 'term', ...diagnosesSaid('notBundled', { term: input.term, code: input.code }) }]);
  return written(db, bundled, async (tx) => {
    const { row } = existing(await countyRows(tx), bundled);
    if (row) throw conflictSaid(diagnosesSaid('alreadyHidden', { term: bundled.term, code: bundled.code }));
    const [created] = await tx.insert(diagnosisSynonyms).values({ term: bundled.term, code: bundled.code, language: bundled.language, removed: true, createdBy: actor.id, createdAt: now() }).returning();
    await audit(tx, actor, { action: 'diagnosis.synonym.hide', entity: 'diagnosis_synonym', entityId: created!.id, detail: `${bundled.term} → ${bundled.code}` });
    const [mine] = (await countyRows(tx)).filter((r) => r.id === created!.id);
    return entry(bundled, mine!, 'bundled');
  });
}

/**
 * DELETE /api/diagnoses/synonyms/:id: a county row goes. A term the county added finds nothing more; a bundled term
 * it had hidden is found again. Answers the term as it now stands.
 */
export async function removeSynonym({ db, actor }: ServiceContext, id: number): Promise<DiagnosisSynonym> {
  return written(db, null, async (tx) => {
    const [gone] = await tx.delete(diagnosisSynonyms).where(eq(diagnosisSynonyms.id, id)).returning();
    if (!gone) throw notFound('Term not found');
    const language = gone.language as Language;
    await audit(tx, actor, { action: gone.removed ? 'diagnosis.synonym.restore' : 'diagnosis.synonym.remove', entity: 'diagnosis_synonym', entityId: id, detail: `${gone.term} → ${gone.code}` });
    if (gone.removed) return entry({ term: gone.term, code: gone.code, language }, null, 'bundled');
    return { ...entry({ term: gone.term, code: gone.code, language }, null, 'county'), id };
  });
}
