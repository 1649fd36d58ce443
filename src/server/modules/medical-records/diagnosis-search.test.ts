// Findable diagnoses (issue 31 item 3): a clinician finds the code she means by the word she types, in English or
// Kiswahili, with the MOH 705 row it counts in; the commonest conditions in two letters; the county's most used
// codes first; the county's own terms added and bundled ones hidden by an HMIS role; and no code offered that cannot
// apply to the patient in front of her (item 4).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DiagnosisMatch, DiagnosisSynonym } from '../../../shared/medical-records/index.js';
import { createTestContext, fieldErrors, type TestContext } from '../../test/helper.js';
import { BUNDLED_SYNONYMS, diagnosisMisfit, isDiagnosisStem, searchDiagnoses, termKey } from './icd11-codes.js';

let t: TestContext;
let clinician: string;
let officer: string;
const FACILITY = 4;

const search = async (query: string, headers: Record<string, string> = {}) => {
  const res = await t.request({ url: `/api/diagnoses?${query}`, cookie: clinician, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DiagnosisMatch[];
};
const codes = async (text: string, extra = '') => (await search(`search=${encodeURIComponent(text)}${extra}`)).map((d) => d.code);

beforeAll(async () => {
  t = await createTestContext();
  clinician = await t.loginAt('clinical_officer', FACILITY);
  officer = await t.loginAs('records_officer');
});
afterAll(() => t.close());

/** Issue 31's list, each with the code a Kenyan clinician means by it. */
const ISSUE_TERMS: [term: string, code: string][] = [
  ['diarrhea', 'ME05.1'],
  ['diarrhoea', 'ME05.1'],
  ['pneumonia', 'CA40.Z'],
  ['UTI', 'GC08.Z'],
  ['URTI', 'CA07.0'],
  ['PUD', 'DA61'],
  ['HTN', 'BA00.Z'],
  ['DM', '5A11'],
  ['TB', '1B10.Z'],
  ['homa', 'MG26'],
  ['malaria', '1F40.Z'],
  ['kuhara', 'ME05.1'],
  ['kuhara damu', '1A02'],
  ['kikohozi', 'MD12'],
  ['nimonia', 'CA40.Z'],
  ['kifua kikuu', '1B10.Z'],
  ['shinikizo la damu', 'BA00.Z'],
  ['kisukari', '5A11'],
  ['pumu', 'CA23'],
  ['minyoo', '1F9Z'],
  ['upele', '1G04.0'],
  ['utapiamlo', '5B52'],
  ['homa ya matumbo', '1A07'],
  ['kipindupindu', '1A00'],
  ['surua', '1F03'],
  ['maambukizi ya njia ya mkojo', 'GC08.Z'],
  ['kuumwa na mbwa', 'QC90.3'],
  // Abbreviations and words of the OPD register beside them.
  ['LRTI', 'CA4Z'],
  ['AGE', '1A40.Z'],
  ['PID', 'GA05.Z'],
  ['STI', '1A9Z'],
  ['typhoid', '1A07'],
  ['pnuemonia', 'CA40.Z'],
];

describe('the bundled terms', () => {
  it('each finds a codeable stem of the list, and the commonest conditions are codeable', () => {
    for (const p of BUNDLED_SYNONYMS) {
      expect(isDiagnosisStem(p.code), `${p.term} → ${p.code}`).toBe(true);
      expect(termKey(p.term), p.term).not.toBe('');
      expect(['en', 'sw']).toContain(p.language);
    }
    // A term is written once for a code.
    const pairs = BUNDLED_SYNONYMS.map((p) => `${termKey(p.term)}|${p.code}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it.each(ISSUE_TERMS)('"%s" finds %s first or second, for a reader of either language', async (term, code) => {
    for (const lang of ['en', 'sw']) {
      const found = await codes(term, `&lang=${lang}`);
      expect(found.slice(0, 2), `${term} (${lang}): ${found.slice(0, 5).join(', ')}`).toContain(code);
    }
  });
});

describe('the search', () => {
  it('finds a Kiswahili word without the language being said, and shows the word it was found by', async () => {
    const [first] = await search('search=kifua%20kikuu');
    expect(first).toMatchObject({ code: '1B10.Z', matched: 'kifua kikuu' });
    const [uti] = await search('search=uti', { 'accept-language': 'en' });
    expect(uti).toMatchObject({ code: 'GC08.Z', title: 'Urinary tract infection, site and agent not specified', matched: 'UTI' });
    // A title that says what was typed needs no word beside it.
    const [malaria] = await search('search=malaria%20due');
    expect(malaria!.matched).toBeNull();
  });

  it('shows the MOH 705A and 705B rows each code counts in', async () => {
    const [uti] = await search('search=UTI');
    expect(uti!.rows).toEqual({ '705A': 'Urinary Tract Infection', '705B': 'Urinary Tract Infections' });
    const [htn] = await search('search=HTN');
    expect(htn!.rows).toEqual({ '705A': 'All Other Diseases', '705B': 'Hypertension' });
  });

  it('reaches the commonest conditions in two letters', async () => {
    expect((await codes('ma'))[0]).toMatch(/^1F4/);
    expect((await codes('pn'))[0]).toMatch(/^CA40/);
    expect((await codes('di'))[0]).toBe('ME05.1');
    expect(['CA07.0', 'GC08.Z']).toContain((await codes('ur'))[0]);
    expect((await codes('ut'))[0]).toBe('GC08.Z');
    expect((await codes('hy'))[0]).toBe('BA00.Z');
    // Before the county has used anything, the commonest conditions lead among equal matches.
    const fresh = (text: string) => searchDiagnoses(text, { limit: 5 }).rows.map((d) => d.code);
    expect(fresh('ma')[0]).toBe('1F40.Z');
    expect(fresh('pn')[0]).toBe('CA40.Z');
    expect(fresh('di')[0]).toBe('ME05.1');
    expect(fresh('ut')[0]).toBe('GC08.Z');
  });

  it('puts codes that start with the text first, and searches titles by word starts', async () => {
    expect((await codes('ca40')).slice(0, 2).sort()).toEqual(['CA40', 'CA40.Z']);
    expect(await codes('mal fal')).toEqual(expect.arrayContaining(['1F40', '1F40.Z']));
    expect(await codes('XS25')).toEqual([]);
  });

  it('ranks the codes the county used most in the last year first', async () => {
    const before = await codes('otitis');
    expect(before[0]).not.toBe('AA3Z');
    for (let i = 0; i < 3; i += 1) {
      const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: 21, facilityId: FACILITY, chiefComplaint: 'Itchy ear', diagnoses: [{ code: 'AA3Z' }] } });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The use is counted again at most every few minutes, in the background: the search does not wait for it.
    t.clock.advance(6 * 60_000);
    await vi.waitFor(async () => expect((await codes('otitis'))[0]).toBe('AA3Z'), { timeout: 10_000, interval: 100 });
  });
});

describe('a patient the code must fit', () => {
  it('offers no pregnancy or female genital code for a man, and no newborn code for an adult', async () => {
    expect(await codes('abortion', '&sex=male&age=30')).toEqual([]);
    expect(await codes('abortion', '&sex=female&age=30')).toContain('JA00');
    expect(await codes('PID', '&sex=male')).not.toContain('GA05.Z');
    expect(await codes('vaginal', '&sex=male')).toEqual([]);
    expect(await codes('neonatal', '&age=34')).toEqual([]);
    expect(await codes('neonatal sepsis', '&age=0')).toContain('KA60');
    expect((await codes('malnutrition', '&age=40'))[0]).toBe('5B54');
    expect(await codes('malnutrition', '&age=2')).not.toContain('5B54');
    const total = await t.request({ url: '/api/diagnoses?search=pregnancy&sex=male', cookie: clinician });
    expect(total.headers['x-total-count']).toBe('0');
  });

  it('says why a code does not fit, for the visit form to refuse it', () => {
    expect(diagnosisMisfit('JA00', { sex: 'male', ageYears: 30 })).toBe('JA00 Abortion cannot apply to a male patient');
    expect(diagnosisMisfit('1C14', { sex: 'male' })).toBe('1C14 Obstetrical tetanus cannot apply to a male patient');
    expect(diagnosisMisfit('GA05.Z', { sex: 'female' })).toBeNull();
    expect(diagnosisMisfit('2C77', { sex: 'male' })).toMatch(/cannot apply to a male patient/);
    expect(diagnosisMisfit('KA60&XS25', { sex: 'female', ageYears: 45 })).toBe('KA60 Sepsis of fetus or newborn is for a newborn baby, not a patient aged 45');
    expect(diagnosisMisfit('KA60', { ageYears: 0 })).toBeNull();
    expect(diagnosisMisfit('JA00', { sex: 'female', ageYears: 6 })).toBe('JA00 Abortion cannot apply to a girl aged 6');
    expect(diagnosisMisfit('5B52', { ageYears: 40 })).toMatch(/is for a child or adolescent/);
    expect(diagnosisMisfit('5B54', { ageYears: 12 })).toMatch(/is for an adult/);
    expect(diagnosisMisfit('1F40.Z', { sex: 'male', ageYears: 0 })).toBeNull();
    expect(diagnosisMisfit('JA00', {})).toBeNull();
  });
});

describe("the county's own terms", () => {
  const add = (body: unknown, cookie = officer, headers: Record<string, string> = {}) => t.request({ method: 'POST', url: '/api/diagnoses/synonyms', cookie, body, headers });
  const hide = (body: unknown, cookie = officer) => t.request({ method: 'POST', url: '/api/diagnoses/synonyms/hidden', cookie, body });
  const remove = (id: number, cookie = officer) => t.request({ method: 'DELETE', url: `/api/diagnoses/synonyms/${id}`, cookie });

  it('a records officer adds a term: it is found at once, listed, and the change audited', async () => {
    const res = await add({ term: 'homa kali', code: 'MG26', language: 'sw' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as DiagnosisSynonym;
    expect(created).toMatchObject({ term: 'homa kali', code: 'MG26', title: 'Fever of other or unknown origin', language: 'sw', source: 'county', hidden: false });
    expect(created.createdBy).toBeTruthy();
    expect((await search('search=homa%20kali'))[0]).toMatchObject({ code: 'MG26', matched: 'homa kali' });
    const list = (await t.request({ url: '/api/diagnoses/synonyms', cookie: officer })).json() as DiagnosisSynonym[];
    expect(list[0]).toMatchObject({ id: created.id, source: 'county' });
    expect(list.filter((s) => s.source === 'bundled')).toHaveLength(BUNDLED_SYNONYMS.length);
    const [event] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'diagnosis.synonym.add' and entity_id = ${String(created.id)}`);
    expect(event!.detail).toBe('homa kali → MG26 (sw)');

    // The same term for the same code again, or a bundled one, is a conflict.
    const again = await add({ term: 'HOMA  KALI', code: 'MG26', language: 'sw' });
    expect(again.statusCode).toBe(409);
    const bundled = await add({ term: 'uti', code: 'GC08.Z', language: 'en' }, officer, { 'accept-language': 'sw' });
    expect(bundled.statusCode).toBe(409);
    expect(bundled.json()).toMatchObject({ key: 'diagnoses.termFinds', message: '"UTI" tayari hupata GC08.Z' });

    // Removed, it finds nothing more.
    expect((await remove(created.id!)).statusCode).toBe(200);
    expect((await search('search=homa%20kali'))[0]?.code).not.toBe('MG26');
    expect((await remove(created.id!)).statusCode).toBe(404);
  });

  it.each([
    [{ term: '', code: 'MG26', language: 'en' }, 'term', 'Enter the term a clinician types'],
    [{ term: 'x'.repeat(81), code: 'MG26', language: 'en' }, 'term', 'Term must be at most 80 characters'],
    [{ term: 'fever', code: 'AB99', language: 'en' }, 'code', 'AB99 is not in the ICD-11 list: choose a diagnosis from the list'],
    [{ term: 'fever', code: 'not a code', language: 'en' }, 'code', 'Not an ICD-11 code: choose a diagnosis from the list'],
    [{ term: 'severe fever', code: 'MG26&XS25', language: 'en' }, 'code', 'A term finds a code without extensions: choose the stem'],
    [{ term: 'fever', code: 'MG26', language: 'fr' }, 'language', 'Language must be English or Kiswahili'],
  ])('refuses %j with a message on %s and writes nothing', async (body, field, message) => {
    const before = await t.count('diagnosis_synonyms');
    const res = await add(body);
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[field]).toBe(message);
    expect(await t.count('diagnosis_synonyms')).toBe(before);
  });

  it('a bundled term the county does not want is hidden, and comes back when its row is removed', async () => {
    const res = await hide({ term: 'uti', code: 'GC08.Z' });
    expect(res.statusCode, res.body).toBe(201);
    const hidden = res.json() as DiagnosisSynonym;
    expect(hidden).toMatchObject({ term: 'UTI', code: 'GC08.Z', source: 'bundled', hidden: true });
    expect((await codes('UTI')).slice(0, 1)).toEqual(['GC00.Z']);
    expect((await hide({ term: 'UTI', code: 'GC08.Z' })).statusCode).toBe(409);
    const list = (await t.request({ url: '/api/diagnoses/synonyms', cookie: officer })).json() as DiagnosisSynonym[];
    expect(list.find((s) => s.term === 'UTI' && s.code === 'GC08.Z')).toMatchObject({ id: hidden.id, hidden: true });
    // A hidden bundled term is restored, not added again.
    expect((await add({ term: 'UTI', code: 'GC08.Z', language: 'en' })).json()).toMatchObject({ key: 'diagnoses.termHidden' });

    const restored = await remove(hidden.id!);
    expect(restored.json()).toMatchObject({ id: null, term: 'UTI', source: 'bundled', hidden: false });
    expect((await codes('UTI'))[0]).toBe('GC08.Z');

    const notBundled = await hide({ term: 'homa kali', code: 'MG26' });
    expect(notBundled.statusCode).toBe(400);
    expect(fieldErrors(notBundled).term).toBe('"homa kali" → MG26 is not in the bundled list: only a bundled term can be hidden');
  });

  it('only an HMIS role changes them: a nurse and a clinical officer are refused', async () => {
    for (const cookie of [await t.loginAs('nurse'), clinician]) {
      const before = await t.count('diagnosis_synonyms');
      expect((await add({ term: 'homa ya baridi', code: 'MG26', language: 'sw' }, cookie)).statusCode).toBe(403);
      expect((await hide({ term: 'UTI', code: 'GC08.Z' }, cookie)).statusCode).toBe(403);
      expect(await t.count('diagnosis_synonyms')).toBe(before);
    }
  });
});

describe('the list a device keeps to code visits offline (issue 34)', () => {
  it('is every codeable diagnosis with its MOH 705 rows and the terms it is found by, the county\'s own among them', async () => {
    const res = await t.request({ url: '/api/diagnoses/list', cookie: clinician });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { code: string; title: string; rows: Record<'705A' | '705B', string>; terms: string[] }[];
    expect(Number(res.headers['x-total-count'])).toBe(list.length);
    expect(list.every((d) => isDiagnosisStem(d.code) && d.rows['705A'] && d.rows['705B'])).toBe(true);
    expect(list.find((d) => d.code === 'GC08.Z')!.terms).toContain('UTI');
    // A term the county adds is on the list a device next keeps.
    const added = await t.request({ method: 'POST', url: '/api/diagnoses/synonyms', cookie: officer, body: { term: 'homa ya mkojo', code: 'GC08.Z', language: 'sw' } });
    expect(added.statusCode, added.body).toBe(201);
    const again = (await t.request({ url: '/api/diagnoses/list', cookie: clinician })).json() as typeof list;
    expect(again.find((d) => d.code === 'GC08.Z')!.terms).toContain('homa ya mkojo');
  });
});
