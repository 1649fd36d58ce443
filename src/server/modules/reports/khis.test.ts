// A MOH form to KHIS (issue 13 item 4): the county fills in the identifiers, downloads the dataValueSets JSON and the
// ADX file, and pushes to a (mock) DHIS2: dry run, import, completion — and the mock receives exactly what was sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KhisMapping } from '../../../shared/moh/index.js';
import type { KhisSubmission, ReportDetail } from '../../../shared/reports/index.js';
import { createTestContext, fieldErrors, type TestContext } from '../../test/helper.js';
import { MOCK_DHIS2_PASSWORD, MOCK_DHIS2_USERNAME, start, type MockDhis2 } from '../../test/mock-dhis2.js';

let t: TestContext;
let dhis2: MockDhis2;
let records: string;
let reportId: number;
const FACILITY = 1;

/** DHIS2-shaped identifiers for the test's data elements. */
const uid = (n: number) => `de705A${String(n).padStart(5, '0')}`;

beforeAll(async () => {
  dhis2 = await start();
  t = await createTestContext({ config: { dhis2: { url: dhis2.url, username: MOCK_DHIS2_USERNAME, password: MOCK_DHIS2_PASSWORD } } });
  records = await t.loginAt('records_officer', FACILITY);
  const res = await t.request({ method: 'POST', url: '/api/reports', cookie: records, body: { report: 'moh705a', facilityId: FACILITY, period: '2026-02' } });
  reportId = (res.json() as ReportDetail).id;
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
  await dhis2.close();
});

describe('the KHIS identifiers of a form', () => {
  it('start with the 705A dataSet found in public code and no data elements', async () => {
    const mapping = (await t.request({ url: '/api/moh/khis?form=705A', cookie: records })).json() as KhisMapping;
    expect(mapping).toMatchObject({ form: '705A', dataSet: 'EnZokILHOeN', defaultCategoryOptionCombo: 'NhSoXUMPK2K' });
    expect(mapping.rows).toHaveLength(75);
    expect(mapping.rows.every((r) => r.dataElement === null)).toBe(true);
    const b = (await t.request({ url: '/api/moh/khis?form=705B', cookie: records })).json() as KhisMapping;
    expect(b.dataSet).toBeNull();
  });

  it('cannot be exported before the county maps a data element', async () => {
    const res = await t.request({ url: `/api/reports/${reportId}/dhis2?format=json`, cookie: records });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('No row of MOH 705A has a KHIS dataElement yet');
    const sw = await t.request({ url: `/api/reports/${reportId}/dhis2?format=json`, cookie: records, headers: { 'accept-language': 'sw' } });
    expect(sw.json()).toMatchObject({ message: 'Hakuna safu ya MOH 705A yenye dataElement ya KHIS bado: zijaze katika mipangilio ya KHIS ya Ripoti za MOH', key: 'reports.noKhisDataElement', facts: { form: '705A' } });
  });

  it('refuses an identifier that is not a DHIS2 UID, and a nurse', async () => {
    const bad = await t.request({ method: 'PUT', url: '/api/moh/khis', cookie: records, body: { form: '705A', dataSet: 'EnZokILHOeN', rows: [{ key: 'confirmed_malaria', dataElement: 'not-a-uid' }] } });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)['rows.0.dataElement']).toContain('DHIS2 identifier');
    const nurse = await t.loginAt('nurse', FACILITY);
    expect((await t.request({ method: 'PUT', url: '/api/moh/khis', cookie: nurse, body: { form: '705A', dataSet: null, rows: [] } })).statusCode).toBe(403);
  });

  it('refuse a row the form has not and one data element under two rows, and a code for a row counted from visits, in the reader\'s language (issue 30 item 8)', async () => {
    const body = { form: '705A', dataSet: 'EnZokILHOeN', rows: [{ key: 'no_such_row', dataElement: uid(901), categoryOptionCombo: null }, { key: 'confirmed_malaria', dataElement: uid(902), categoryOptionCombo: null }, { key: 'typhoid_fever', dataElement: uid(902), categoryOptionCombo: null }] };
    const en = await t.request({ method: 'PUT', url: '/api/moh/khis', cookie: records, body });
    expect(en.statusCode).toBe(400);
    expect(fieldErrors(en)).toEqual({ 'rows.0.key': 'No row no_such_row on MOH 705A', 'rows.2.dataElement': `${uid(902)} is already the data element of confirmed_malaria` });
    const sw = await t.request({ method: 'PUT', url: '/api/moh/khis', cookie: records, body, headers: { 'accept-language': 'sw' } });
    expect(fieldErrors(sw)).toEqual({ 'rows.0.key': 'Hakuna safu no_such_row kwenye MOH 705A', 'rows.2.dataElement': `${uid(902)} tayari ni dataElement ya confirmed_malaria` });
    expect(sw.json().issues[0]).toMatchObject({ key: 'moh.noRow', facts: { row: 'no_such_row', form: '705A' } });
    const visits = { form: '705A', rowKey: 'new_attendances', code: '1F40', match: 'prefix' };
    const counted = await t.request({ method: 'POST', url: '/api/moh/mappings', cookie: records, body: visits, headers: { 'accept-language': 'sw' } });
    expect(counted.statusCode).toBe(400);
    expect(fieldErrors(counted).rowKey).toMatch(/ huhesabiwa kutoka kwa ziara, si kutoka kwa misimbo ya utambuzi$/);
    expect(fieldErrors(await t.request({ method: 'POST', url: '/api/moh/mappings', cookie: records, body: visits })).rowKey).toMatch(/ is counted from visits, not from diagnosis codes$/);
  });

  it('are filled in by the records officer for every row', async () => {
    const mapping = (await t.request({ url: '/api/moh/khis?form=705A', cookie: records })).json() as KhisMapping;
    const rows = mapping.rows.map((r, i) => ({ key: r.key, dataElement: uid(i + 1), categoryOptionCombo: null }));
    const res = await t.request({ method: 'PUT', url: '/api/moh/khis', cookie: records, body: { form: '705A', dataSet: 'EnZokILHOeN', rows } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as KhisMapping).rows.filter((r) => r.dataElement).length).toBe(75);
  });
});

describe('the form as a KHIS file', () => {
  it('is a dataValueSet for the month, by MFL code, with every counted row and no row that is not recorded', async () => {
    const form = (await t.request({ url: `/api/reports/${reportId}/download?format=json`, cookie: records })).json() as { moh705: { rows: { key: string; total: number | null }[]; facilities: { mflCode: string }[] } };
    const res = await t.request({ url: `/api/reports/${reportId}/dhis2?format=json`, cookie: records });
    expect(res.statusCode).toBe(200);
    const set = res.json() as { dataSet: string; period: string; orgUnit: string; completeDate: string; dataValues: { dataElement: string; categoryOptionCombo?: string; value: string }[] };
    expect(set).toMatchObject({ dataSet: 'EnZokILHOeN', period: '202602', orgUnit: form.moh705.facilities[0]!.mflCode, completeDate: '2026-03-16' });
    const mapping = (await t.request({ url: '/api/moh/khis?form=705A', cookie: records })).json() as KhisMapping;
    const element = new Map(mapping.rows.map((r) => [r.key, r.dataElement]));
    const expected = form.moh705.rows.filter((r) => r.total !== null).map((r) => ({ dataElement: element.get(r.key), categoryOptionCombo: 'NhSoXUMPK2K', value: String(r.total) }));
    expect(set.dataValues).toEqual(expected);
    // Tested for Malaria is recorded since issue 31 (the laboratory's results): it goes like every counted row.
    expect(set.dataValues.some((v) => v.dataElement === element.get('tested_for_malaria'))).toBe(true);
    expect(Number(set.dataValues.find((v) => v.dataElement === element.get('new_attendances'))!.value)).toBeGreaterThan(0);
  });

  it('is ADX XML with one group for the facility-month', async () => {
    const res = await t.request({ url: `/api/reports/${reportId}/dhis2?format=adx`, cookie: records });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/adx+xml');
    expect(res.body).toContain('xmlns="urn:ihe:qrph:adx:2015"');
    expect(res.body).toMatch(/<group orgUnit="\d+" period="2026-02-01\/P1M" completeDate="2026-03-16" dataSet="EnZokILHOeN">/);
  });
});

describe('pushing the form to KHIS', () => {
  it('needs a dry run before the import and an import before the completion', async () => {
    const res = await t.request({ method: 'POST', url: `/api/reports/${reportId}/khis-submissions`, cookie: records, body: { step: 'import' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('dry run first');
    expect(dhis2.requests).toHaveLength(0);
  });

  it('dry-runs, imports and completes; KHIS receives exactly the file, and every step is kept', async () => {
    const file = (await t.request({ url: `/api/reports/${reportId}/dhis2?format=json`, cookie: records })).json() as { dataValues: unknown[] };
    const dry = await t.request({ method: 'POST', url: `/api/reports/${reportId}/khis-submissions`, cookie: records, body: { step: 'dryRun' } });
    expect(dry.statusCode, dry.body).toBe(201);
    expect(dry.json() as KhisSubmission).toMatchObject({ step: 'dryRun', ok: true, summary: { imported: file.dataValues.length, updated: 0, conflicts: [] } });
    expect(dhis2.stored.size).toBe(0);
    const imported = await t.request({ method: 'POST', url: `/api/reports/${reportId}/khis-submissions`, cookie: records, body: { step: 'import' } });
    expect(imported.json() as KhisSubmission).toMatchObject({ step: 'import', ok: true, summary: { imported: file.dataValues.length } });
    expect(dhis2.requests.map((r) => r.body)).toEqual([file, file]);
    expect(dhis2.requests[1]!.query).toMatchObject({ dryRun: 'false', importStrategy: 'CREATE_AND_UPDATE', orgUnitIdScheme: 'code' });
    const complete = await t.request({ method: 'POST', url: `/api/reports/${reportId}/khis-submissions`, cookie: records, body: { step: 'complete' } });
    expect(complete.json() as KhisSubmission).toMatchObject({ step: 'complete', ok: true });
    expect(dhis2.completions.size).toBe(1);
    const kept = (await t.request({ url: `/api/reports/${reportId}/khis-submissions`, cookie: records })).json() as KhisSubmission[];
    expect(kept.map((s) => s.step)).toEqual(['complete', 'import', 'dryRun']);
    expect(kept.every((s) => s.submittedBy.length > 0)).toBe(true);
  });

  it('keeps a refused dry run with KHIS conflicts, and says KHIS is not connected when it is not', async () => {
    dhis2.conflictOn(uid(70));
    const res = await t.request({ method: 'POST', url: `/api/reports/${reportId}/khis-submissions`, cookie: records, body: { step: 'dryRun' } });
    expect(res.json() as KhisSubmission).toMatchObject({ ok: false, summary: { conflicts: [expect.objectContaining({ object: uid(70) })] } });
    const offline = await createTestContext({});
    try {
      const officer = await offline.loginAt('records_officer', FACILITY);
      const id = ((await offline.request({ method: 'POST', url: '/api/reports', cookie: officer, body: { report: 'moh705a', facilityId: FACILITY, period: '2026-02' } })).json() as ReportDetail).id;
      await offline.runJobs();
      const refused = await offline.request({ method: 'POST', url: `/api/reports/${id}/khis-submissions`, cookie: officer, body: { step: 'dryRun' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('KHIS is not connected');
    } finally {
      await offline.close();
    }
  });

  it('goes on when the only conflicts are zeros that KHIS does not store, and shows them', async () => {
    const strict = await start({ zeroNotStored: true });
    const county = await createTestContext({ config: { dhis2: { url: strict.url, username: MOCK_DHIS2_USERNAME, password: MOCK_DHIS2_PASSWORD } } });
    try {
      const officer = await county.loginAt('records_officer', FACILITY);
      const rows = ((await county.request({ url: '/api/moh/khis?form=705A', cookie: officer })).json() as KhisMapping).rows.map((r, i) => ({ key: r.key, dataElement: uid(i + 1), categoryOptionCombo: null }));
      expect((await county.request({ method: 'PUT', url: '/api/moh/khis', cookie: officer, body: { form: '705A', dataSet: 'EnZokILHOeN', rows } })).statusCode).toBe(200);
      const id = ((await county.request({ method: 'POST', url: '/api/reports', cookie: officer, body: { report: 'moh705a', facilityId: FACILITY, period: '2026-02' } })).json() as ReportDetail).id;
      await county.runJobs();
      const file = (await county.request({ url: `/api/reports/${id}/dhis2?format=json`, cookie: officer })).json() as { dataValues: { value: string }[] };
      const zeros = file.dataValues.filter((v) => v.value === '0').length;
      expect(zeros).toBeGreaterThan(0);
      const dry = (await county.request({ method: 'POST', url: `/api/reports/${id}/khis-submissions`, cookie: officer, body: { step: 'dryRun' } })).json() as KhisSubmission;
      expect(dry).toMatchObject({ ok: true, message: null, summary: { ignored: zeros } });
      expect(dry.summary!.conflicts).toHaveLength(zeros);
      expect(dry.zeroValues).toBe('acceptNotStored');
      const imported = (await county.request({ method: 'POST', url: `/api/reports/${id}/khis-submissions`, cookie: officer, body: { step: 'import' } })).json() as KhisSubmission;
      expect(imported).toMatchObject({ step: 'import', ok: true, zeroValues: 'acceptNotStored', summary: { imported: file.dataValues.length - zeros } });
      expect(strict.stored.size).toBe(file.dataValues.length - zeros);

      // Issue 30 item 6: the county chooses, in HMIS settings, to leave zeros out of what goes to KHIS.
      const set = await county.request({ method: 'PUT', url: '/api/moh/settings', cookie: officer, body: { key: 'khisZeroValues', value: 'leaveOut' } });
      expect(set.statusCode, set.body).toBe(200);
      // The import's figures are the ones a dry run checked: a dry run again first.
      const stale = await county.request({ method: 'POST', url: `/api/reports/${id}/khis-submissions`, cookie: officer, body: { step: 'import' } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toContain('run a dry run again');
      const sent = strict.requests.length;
      const dryAgain = (await county.request({ method: 'POST', url: `/api/reports/${id}/khis-submissions`, cookie: officer, body: { step: 'dryRun' } })).json() as KhisSubmission;
      expect(dryAgain).toMatchObject({ ok: true, zeroValues: 'leaveOut', summary: { imported: 0, updated: file.dataValues.length - zeros, ignored: 0, conflicts: [] } });
      const body = strict.requests[sent]!.body as { dataValues: { value: string }[] };
      expect(body.dataValues).toHaveLength(file.dataValues.length - zeros);
      expect(body.dataValues.some((v) => v.value === '0')).toBe(false);
      // The file to upload by hand follows the setting too, and the log says which way each step went.
      const leaner = (await county.request({ url: `/api/reports/${id}/dhis2?format=json`, cookie: officer })).json() as { dataValues: { value: string }[] };
      expect(leaner.dataValues).toHaveLength(file.dataValues.length - zeros);
      const log = (await county.request({ url: `/api/reports/${id}/khis-submissions`, cookie: officer })).json() as KhisSubmission[];
      expect(log.map((s) => [s.step, s.zeroValues])).toEqual([
        ['dryRun', 'leaveOut'],
        ['import', 'acceptNotStored'],
        ['dryRun', 'acceptNotStored'],
      ]);
    } finally {
      await county.close();
      await strict.close();
    }
  });
});
