// KHIS mapping in minutes (issue 29 item 2). The county's health records officer, with KHIS connected (a mock DHIS2 on
// a loopback port, test/mock-dhis2.ts), fetches MOH 705A's dataSet from KHIS: every row KHIS has is proposed by code
// or by name, nothing saved until she confirms; she changes one proposal, confirms, and February's KHIS file (JSON and
// ADX) carries those data elements. She sets 705B's dataSet the same way, exports the mapping as CSV and imports it
// back; a file with one bad line writes nothing and names the line. A nurse may read the file but change nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KhisImport, KhisProposal, KhisSettings } from '../../../shared/moh/index.js';
import type { ReportDetail } from '../../../shared/reports/index.js';
import { createTestContext, fieldErrors, type TestContext } from '../../test/helper.js';
import { csvLines } from '../../test/csv.js';
import {
  MOCK_705A_DATA_SET,
  MOCK_705B_DATA_SET,
  MOCK_DHIS2_PASSWORD,
  MOCK_DHIS2_USERNAME,
  mockDataElementId,
  mockMalariaCombo,
  start,
  type MockDhis2,
} from '../../test/mock-dhis2.js';
import { DATA_SET_FIELDS } from './dhis2-client.js';

let t: TestContext;
let dhis2: MockDhis2;
let records: string;
const FACILITY = 1;

beforeAll(async () => {
  dhis2 = await start();
  t = await createTestContext({ config: { dhis2: { url: dhis2.url, username: MOCK_DHIS2_USERNAME, password: MOCK_DHIS2_PASSWORD } } });
  records = await t.loginAt('records_officer', FACILITY);
});
afterAll(async () => {
  await t.close();
  await dhis2.close();
});

const settings = async (form: string, cookie = records) => (await t.request({ url: `/api/moh/khis?form=${form}`, cookie })).json() as KhisSettings;
const fetchFromKhis = (form: string, dataSet: string, cookie = records) => t.request({ method: 'POST', url: '/api/moh/khis/proposals', cookie, body: { form, dataSet } });
const changes = async () => Number((await t.rows<{ n: number }>(sql`select count(*)::int as n from moh_config_changes where target = 'khis'`))[0]!.n);
const importCsv = (form: string, csv: string, dryRun: boolean, cookie = records) => t.request({ method: 'POST', url: '/api/moh/khis/import', cookie, body: { form, csv, dryRun } });

/** A proposal's rows as the PUT takes them: the proposal where there is one, the row as it is otherwise. */
const confirmed = (p: KhisProposal, change: Record<string, { dataElement: string | null; categoryOptionCombo: string | null } | 'untick'> = {}) =>
  p.rows.map((r) => {
    const c = change[r.key];
    const take = c === 'untick' ? { dataElement: r.dataElement, categoryOptionCombo: r.categoryOptionCombo } : (c ?? r.proposed ?? { dataElement: r.dataElement, categoryOptionCombo: r.categoryOptionCombo });
    return { key: r.key, ...take };
  });

let proposal705A: KhisProposal;

describe('Fetch from KHIS', () => {
  it('says which KHIS it reads, and starts with 0 of 75 MOH 705A rows mapped', async () => {
    const mapping = await settings('705A');
    expect(mapping.khisServer).toBe(new URL(dhis2.url).host);
    expect(mapping.rows).toHaveLength(75);
    expect(mapping.rows.filter((r) => r.dataElement).length).toBe(0);
  });

  it("proposes every 705A row KHIS has, by code or by name, from KHIS's metadata; nothing is saved", async () => {
    const before = await changes();
    const res = await fetchFromKhis('705A', MOCK_705A_DATA_SET);
    expect(res.statusCode, res.body).toBe(200);
    proposal705A = res.json() as KhisProposal;

    // One GET of the dataSet's metadata, by field filter, with the county's KHIS account.
    expect(dhis2.requests).toHaveLength(1);
    expect(dhis2.requests[0]).toMatchObject({ method: 'GET', path: `/api/dataSets/${MOCK_705A_DATA_SET}`, query: { fields: DATA_SET_FIELDS } });
    expect(dhis2.requests[0]!.authorization).toBe(`Basic ${Buffer.from(`${MOCK_DHIS2_USERNAME}:${MOCK_DHIS2_PASSWORD}`).toString('base64')}`);

    const p = proposal705A;
    expect(p).toMatchObject({ form: '705A', dataSet: MOCK_705A_DATA_SET, dataSetName: 'MOH 705 A Outpatient summary < 5 years Revised 2020', defaultCategoryOptionCombo: 'NhSoXUMPK2K' });
    // 61 data elements, malaria's with three combos: 63 values a row may be sent as.
    expect(p.candidates).toHaveLength(63);
    const by = (m: string) => p.rows.filter((r) => r.match === m).map((r) => r.key);
    expect(p.rows).toHaveLength(75);
    expect(by('code')).toHaveLength(23);
    expect(by('name')).toHaveLength(36);
    expect(by('none')).toEqual([
      'rheumatic_fever',
      'brucellosis',
      'rickets',
      'cerebral_palsy',
      'autism',
      'tryponosomiasis',
      'yellow_fever',
      'viral_haemorrhagic_fever',
      'rift_valley_fever',
      'chikungunya',
      'dengue_fever',
      'leishmaniasis',
      'cutaneous_leishmaniasis',
      'suspected_anthrax',
      'suspected_childhood_cancers',
      'hypoxaemia',
    ]);
    const row = (key: string) => p.rows.find((r) => r.key === key)!;
    // By code: the element's code is the row (its form's name left out), its default combo left blank.
    expect(row('diarrhoea_with_no_dehydration')).toMatchObject({ match: 'code', proposed: { dataElement: mockDataElementId('705A', 'Diarrhoea with no dehydration'), categoryOptionCombo: null } });
    expect(row('upper_respiratory_tract_infections')).toMatchObject({ match: 'code', proposed: { dataElement: mockDataElementId('705A', 'URTI') } });
    expect(row('dysentry')).toMatchObject({ match: 'code', proposed: { dataElement: mockDataElementId('705A', 'Dysentery') } });
    // Malaria is one element in KHIS: each row is one of its combos.
    const malaria = mockDataElementId('705A', 'Malaria');
    for (const [key, status] of [['suspected_malaria', 'Suspected'], ['tested_for_malaria', 'Tested'], ['confirmed_malaria', 'Confirmed']] as const) {
      expect(row(key), key).toMatchObject({ match: 'code', proposed: { dataElement: malaria, categoryOptionCombo: mockMalariaCombo(status) } });
    }
    // By name, however KHIS writes it.
    expect(row('diseases_of_the_skin')).toMatchObject({ match: 'name', proposed: { dataElement: mockDataElementId('705A', 'Skin Diseases'), categoryOptionCombo: null } });
    expect(row('new_attendances')).toMatchObject({ match: 'name', proposed: { dataElement: mockDataElementId('705A', 'First attendances') } });
    expect(row('referrals_to_other_health_facility')).toMatchObject({ match: 'name', proposed: { dataElement: mockDataElementId('705A', 'Referrals to other HF') } });
    expect(row('poliomyelitis')).toMatchObject({ match: 'name', proposed: { dataElement: mockDataElementId('705A', 'AFP (Poliomyelitis)') } });
    expect(row('deaths_due_to_road_traffic_injuries')).toMatchObject({ match: 'name', proposed: { dataElement: mockDataElementId('705A', 'Deaths due to RTA') } });
    // Two elements fit Brucellosis: the officer chooses.
    expect(row('brucellosis')).toMatchObject({ match: 'none', proposed: null });
    // No KHIS value is proposed for two rows.
    const cells = p.rows.flatMap((r) => (r.proposed ? [`${r.proposed.dataElement}/${r.proposed.categoryOptionCombo}`] : []));
    expect(new Set(cells).size).toBe(59);

    expect((await settings('705A')).rows.filter((r) => r.dataElement).length).toBe(0);
    expect(await changes()).toBe(before);
  });

  it('is saved when the officer confirms, with the proposals she changed; the change is kept and audited', async () => {
    const p = proposal705A;
    const brucellosis = mockDataElementId('705A', 'Brucellosis');
    const rows = confirmed(p, { brucellosis: { dataElement: brucellosis, categoryOptionCombo: null }, dental_disorders: 'untick' });
    const res = await t.request({ method: 'PUT', url: '/api/moh/khis', cookie: records, body: { form: '705A', dataSet: p.dataSet, rows, source: 'khis' } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as KhisSettings;
    expect(saved.khisServer).toBe(new URL(dhis2.url).host);
    expect(saved.rows.filter((r) => r.dataElement).length).toBe(59);
    expect(saved.rows.find((r) => r.key === 'brucellosis')!.dataElement).toBe(brucellosis);
    expect(saved.rows.find((r) => r.key === 'dental_disorders')!.dataElement).toBeNull();
    expect(saved.rows.find((r) => r.key === 'confirmed_malaria')).toMatchObject({ dataElement: mockDataElementId('705A', 'Malaria'), categoryOptionCombo: mockMalariaCombo('Confirmed') });

    const [change] = await t.rows<{ action: string; after: { rows: { dataElement: string | null }[] } }>(sql`select action, after from moh_config_changes where target = 'khis' order by id desc limit 1`);
    expect(change!.action).toBe('confirm_khis');
    expect(change!.after.rows.filter((r) => r.dataElement).length).toBe(59);
    const [event] = await t.rows<{ action: string; detail: string }>(sql`select action, detail from audit_events where action like 'moh.khis.%' order by id desc limit 1`);
    expect(event).toMatchObject({ action: 'moh.khis.confirm', detail: 'MOH 705A: 75 rows, proposed by KHIS and confirmed' });
  });

  it("puts those data elements in a month's KHIS file, JSON and ADX", async () => {
    const generated = await t.request({ method: 'POST', url: '/api/reports', cookie: records, body: { report: 'moh705a', facilityId: FACILITY, period: '2026-02' } });
    const id = (generated.json() as ReportDetail).id;
    await t.runJobs();
    const mapping = await settings('705A');
    const form = (await t.request({ url: `/api/reports/${id}/download?format=json`, cookie: records })).json() as { moh705: { rows: { key: string; total: number | null }[] } };

    const res = await t.request({ url: `/api/reports/${id}/dhis2?format=json`, cookie: records });
    expect(res.statusCode, res.body).toBe(200);
    const set = res.json() as { dataSet: string; dataValues: { dataElement: string; categoryOptionCombo: string; value: string }[] };
    expect(set.dataSet).toBe(MOCK_705A_DATA_SET);
    // Every counted row that has a data element, under it; a blank combo as KHIS's default.
    const expected = form.moh705.rows.flatMap((r) => {
      const m = mapping.rows.find((x) => x.key === r.key)!;
      return r.total !== null && m.dataElement ? [{ dataElement: m.dataElement, categoryOptionCombo: m.categoryOptionCombo ?? 'NhSoXUMPK2K', value: String(r.total) }] : [];
    });
    expect(expected.length).toBeGreaterThan(50);
    expect(set.dataValues).toEqual(expected);
    expect(set.dataValues).toContainEqual(expect.objectContaining({ dataElement: mockDataElementId('705A', 'Malaria'), categoryOptionCombo: mockMalariaCombo('Confirmed') }));
    expect(set.dataValues).toContainEqual(expect.objectContaining({ dataElement: mockDataElementId('705A', 'First attendances'), categoryOptionCombo: 'NhSoXUMPK2K' }));

    const adx = await t.request({ url: `/api/reports/${id}/dhis2?format=adx`, cookie: records });
    expect(adx.statusCode).toBe(200);
    expect(adx.body).toContain(`dataSet="${MOCK_705A_DATA_SET}"`);
    expect(adx.body).toContain(`<dataValue dataElement="${mockDataElementId('705A', 'Diarrhoea with no dehydration')}" value="`);
    expect(adx.body).toMatch(new RegExp(`<dataValue dataElement="${mockDataElementId('705A', 'Malaria')}" categoryOptionCombo="${mockMalariaCombo('Confirmed')}" value="\\d+"/>`));
  });

  it("sets 705B's dataSet the same way: typed, fetched, confirmed", async () => {
    expect((await settings('705B')).dataSet).toBeNull();
    const res = await fetchFromKhis('705B', MOCK_705B_DATA_SET);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as KhisProposal;
    expect(p.rows.filter((r) => r.match === 'code').map((r) => r.key)).toEqual(['diarrhoea', 'tuberculosis', 'malaria_in_pregnancy']);
    expect(p.rows.filter((r) => r.match === 'name').map((r) => r.key)).toEqual(['sexually_transmitted_infections', 'hypertention', 'athritis', 'no_of_first_attendances', 're_attendances']);
    const saved = await t.request({ method: 'PUT', url: '/api/moh/khis', cookie: records, body: { form: '705B', dataSet: p.dataSet, rows: confirmed(p), source: 'khis' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json() as KhisSettings).toMatchObject({ form: '705B', dataSet: MOCK_705B_DATA_SET });
    expect((saved.json() as KhisSettings).rows.filter((r) => r.dataElement).length).toBe(8);
  });

  it('proposes 717 rows as combos of a disaggregated data element', async () => {
    const { MOCK_717_DATA_SET } = await import('../../test/mock-dhis2.js');
    const p = (await fetchFromKhis('717', MOCK_717_DATA_SET)).json() as KhisProposal;
    const named = p.rows.filter((r) => r.match === 'name');
    expect(named.map((r) => r.key)).toEqual(['opd_new_u5_m', 'opd_new_u5_f', 'opd_new_o5_m', 'opd_new_o5_f', 'opd_re_u5_m', 'opd_re_u5_f', 'opd_re_o5_m', 'opd_re_o5_f', 'pharmacy_prescriptions']);
    expect(new Set(named.slice(0, 4).map((r) => r.proposed!.dataElement)).size).toBe(1);
    expect(new Set(named.slice(0, 4).map((r) => r.proposed!.categoryOptionCombo)).size).toBe(4);
  });

  it("names a dataSet KHIS does not have under the dataSet box, and refuses one that is not a uid before asking KHIS", async () => {
    const asked = dhis2.requests.length;
    const res = await fetchFromKhis('705B', 'Zz705BnoSet');
    expect(res.statusCode).toBe(409);
    expect(fieldErrors(res).dataSet).toBe('KHIS has no dataSet Zz705BnoSet, or this account may not read it');
    const bad = await fetchFromKhis('705B', '705B');
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).dataSet).toBe('The dataSet is a DHIS2 identifier: a letter and ten letters or digits');
    expect(dhis2.requests.length).toBe(asked + 1);
  });

  it('says why when KHIS refuses the account or is not connected at all', { timeout: 120_000 }, async () => {
    const wrong = await createTestContext({ config: { dhis2: { url: dhis2.url, username: MOCK_DHIS2_USERNAME, password: 'not-the-password' } } });
    const offline = await createTestContext({});
    try {
      const refused = await wrong.request({ method: 'POST', url: '/api/moh/khis/proposals', cookie: await wrong.loginAt('records_officer', FACILITY), body: { form: '705A', dataSet: MOCK_705A_DATA_SET } });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toContain('refused the username or password (HTTP 401): check DHIS2_USERNAME and DHIS2_PASSWORD');
      expect(refused.json().message).not.toContain('not-the-password');

      const officer = await offline.loginAt('records_officer', FACILITY);
      expect(((await offline.request({ url: '/api/moh/khis?form=705A', cookie: officer })).json() as KhisSettings).khisServer).toBeNull();
      const res = await offline.request({ method: 'POST', url: '/api/moh/khis/proposals', cookie: officer, body: { form: '705A', dataSet: MOCK_705A_DATA_SET } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('KHIS is not connected');
      expect(res.json().message).toContain('Export the mapping as CSV');
    } finally {
      await wrong.close();
      await offline.close();
    }
  });
});

describe('the mapping as a CSV file', () => {
  it('exports a form: form, rowKey, rowLabel, dataElement, categoryOptionCombo and dataSet, one line per row', async () => {
    const nurse = await t.loginAt('nurse', FACILITY);
    const res = await t.request({ url: '/api/moh/khis/export.csv?form=705A', cookie: nurse });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="khis-mapping-moh-705a.csv"');
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('form,rowKey,rowLabel,dataElement,categoryOptionCombo,dataSet');
    expect(lines).toHaveLength(76);
    expect(lines[1]).toBe(`705A,diarrhoea_with_no_dehydration,Diarrhoea with no dehydration,${mockDataElementId('705A', 'Diarrhoea with no dehydration')},,${MOCK_705A_DATA_SET}`);
    expect(lines).toContain(`705A,confirmed_malaria,Confirmed Malaria,${mockDataElementId('705A', 'Malaria')},${mockMalariaCombo('Confirmed')},${MOCK_705A_DATA_SET}`);
    expect(lines).toContain(`705A,dental_disorders,Dental Disorders,,,${MOCK_705A_DATA_SET}`);
  });

  it('imports back what it exported: previewed first, then written whole', async () => {
    const file = (await t.request({ url: '/api/moh/khis/export.csv?form=705A', cookie: records })).body;
    const mapped = await settings('705A');
    // Someone clears the mapping; the file puts it back.
    const cleared = mapped.rows.map((r) => ({ key: r.key, dataElement: null, categoryOptionCombo: null }));
    expect((await t.request({ method: 'PUT', url: '/api/moh/khis', cookie: records, body: { form: '705A', dataSet: null, rows: cleared } })).statusCode).toBe(200);
    const before = await changes();

    const preview = await importCsv('705A', file, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as KhisImport;
    expect(p).toMatchObject({ dryRun: true, form: '705A', dataSet: MOCK_705A_DATA_SET, dataSetChanged: true, issues: [] });
    expect(p.rows).toHaveLength(75);
    expect(p.rows.filter((r) => r.change === 'new')).toHaveLength(59);
    expect(p.rows.filter((r) => r.change === 'same')).toHaveLength(16);
    expect(p.rows[0]).toMatchObject({ line: 2, key: 'diarrhoea_with_no_dehydration', label: 'Diarrhoea with no dehydration' });
    expect(await changes()).toBe(before);
    expect((await settings('705A')).dataSet).toBeNull();

    const done = await importCsv('705A', file, false);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ dryRun: false, issues: [] });
    const after = await settings('705A');
    expect(after).toEqual(mapped);
    expect(await changes()).toBe(before + 1);
    const [event] = await t.rows<{ action: string; detail: string }>(sql`select action, detail from audit_events where action like 'moh.khis.%' order by id desc limit 1`);
    expect(event).toMatchObject({ action: 'moh.khis.import', detail: `MOH 705A: 75 rows from a CSV file, 59 changed; dataSet ${MOCK_705A_DATA_SET}` });

    // The same file again changes nothing, and writes nothing.
    const again = (await importCsv('705A', file, false)).json() as KhisImport;
    expect(again.rows.every((r) => r.change === 'same')).toBe(true);
    expect(await changes()).toBe(before + 1);
  });

  it('reads a spreadsheet’s own file: only rowKey and dataElement, a BOM, CRLF, quoted cells; other rows kept', async () => {
    const csv = '\uFEFFRowKey,DataElement,CategoryOptionCombo\r\n"rickets","Aq705Arick1",\r\nautism,Aq705Aaut01,Cc705Aaut01\r\n';
    const res = await importCsv('705A', csv, false);
    expect(res.statusCode, res.body).toBe(200);
    const after = await settings('705A');
    expect(after.rows.find((r) => r.key === 'rickets')).toMatchObject({ dataElement: 'Aq705Arick1', categoryOptionCombo: null });
    expect(after.rows.find((r) => r.key === 'autism')).toMatchObject({ dataElement: 'Aq705Aaut01', categoryOptionCombo: 'Cc705Aaut01' });
    expect(after.dataSet).toBe(MOCK_705A_DATA_SET);
    expect(after.rows.filter((r) => r.dataElement).length).toBe(61);
  });

  it('writes nothing from a file with one bad line, and names the line', async () => {
    const before = await settings('705A');
    const count = await changes();
    const csv = ['rowKey,dataElement,categoryOptionCombo', 'cholera,Aq705Achol1,', 'measles,9q705Ameas1,', 'mumps,Aq705Amump1,'].join('\n');
    const res = await importCsv('705A', csv, false);
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({ 'csv.line.3.dataElement': 'Line 3: dataElement 9q705Ameas1 is not a DHIS2 identifier: a letter and ten letters or digits' });
    expect(await settings('705A')).toEqual(before);
    expect(await changes()).toBe(count);

    // The preview lists every wrong line, in order, and what the good ones would do.
    const messy = [
      'form,rowKey,dataElement,categoryOptionCombo,dataSet',
      '705A,cholera,Aq705Achol1,,EnZokILHOeN',
      '705A,no_such_row,Aq705Anone1,,',
      '705B,mumps,Aq705Amump1,,',
      '705A,cholera,Aq705Achol2,,',
      '705A,measles,Aq705Achol1,,',
      '705A,burns,,Cc705Aburn1,',
      '705A,poisoning,Aq705Apois1,Cc705Apois!,Xx705AdsOth',
    ].join('\n');
    const preview = (await importCsv('705A', messy, true)).json() as KhisImport;
    expect(preview.issues.map((i) => i.message)).toEqual([
      'Line 3: no row no_such_row on MOH 705A',
      "Line 4: this line is for 705B, not MOH 705A: import each form's lines into that form",
      'Line 5: cholera is on line 2 already',
      'Line 6: Aq705Achol1 is already the data element of cholera (line 2)',
      'Line 7: a categoryOptionCombo needs its dataElement',
      'Line 8: categoryOptionCombo Cc705Apois! is not a DHIS2 identifier: a letter and ten letters or digits',
      'Line 8: dataSet Xx705AdsOth is not EnZokILHOeN of line 2: a file holds one form',
    ]);
    expect(preview.rows.map((r) => `${r.line} ${r.key} ${r.change}`)).toEqual(['2 cholera changed', '6 measles changed']);
    // The same preview for a Kiswahili reader (issue 30 item 8).
    const sw = (await t.request({ method: 'POST', url: '/api/moh/khis/import', cookie: records, body: { form: '705A', csv: messy, dryRun: true }, headers: { 'accept-language': 'sw' } })).json() as KhisImport;
    expect(sw.issues.map((i) => i.message)).toEqual([
      'Mstari 3: hakuna safu no_such_row kwenye MOH 705A',
      'Mstari 4: mstari huu ni wa 705B, si wa MOH 705A: ingiza mistari ya kila fomu kwenye fomu hiyo',
      'Mstari 5: cholera tayari iko kwenye mstari 2',
      'Mstari 6: Aq705Achol1 tayari ni dataElement ya cholera (mstari 2)',
      'Mstari 7: categoryOptionCombo inahitaji dataElement yake',
      'Mstari 8: categoryOptionCombo Cc705Apois! si kitambulisho cha DHIS2: herufi moja kisha herufi au tarakimu kumi',
      'Mstari 8: dataSet Xx705AdsOth si EnZokILHOeN ya mstari 2: faili moja hubeba fomu moja',
    ]);
    expect(await changes()).toBe(count);
  });

  it('refuses a file without the columns it needs, saying which', async () => {
    const res = await importCsv('705A', 'row,element\ncholera,Aq705Achol1\n', true);
    expect((res.json() as KhisImport).issues).toEqual([{ path: 'csv', message: 'The header has no rowKey, dataElement column: it is form,rowKey,rowLabel,dataElement,categoryOptionCombo,dataSet as the export writes it, or at least rowKey,dataElement' }]);
  });

  it('is for the HMIS roles: a nurse may neither fetch from KHIS nor import', async () => {
    const nurse = await t.loginAt('nurse', FACILITY);
    expect((await fetchFromKhis('705A', MOCK_705A_DATA_SET, nurse)).statusCode).toBe(403);
    expect((await importCsv('705A', 'rowKey,dataElement\ncholera,Aq705Achol1\n', true, nurse)).statusCode).toBe(403);
  });
});
