// The KHIS push client against a small DHIS2 on a loopback port (test/mock-dhis2.ts): the county's health records
// officer dry-runs Bumala Health Centre's March 705A, imports it, marks it complete, and meets the ways KHIS says no.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as mockDhis2 from '../../test/mock-dhis2.js';
import { MOCK_DHIS2_PASSWORD, MOCK_DHIS2_USERNAME, type MockDhis2 } from '../../test/mock-dhis2.js';
import { completeRegistration, DATA_SET_FIELDS, fetchDataSet, importDataValues, parseDataSet, parseImportSummary, type Dhis2Connection } from './dhis2-client.js';
import { dataValueSet, dataValueSets, type KhisForm } from './dhis2.js';

const bumala: KhisForm = {
  dataSet: 'EnZokILHOeN',
  period: '2026-03',
  orgUnit: '15839',
  completeDate: '2026-04-03',
  values: [
    { rowKey: 'diarrhoea', dataElement: 'dE7DiarrH01', categoryOptionCombo: 'NhSoXUMPK2K', value: 14 },
    { rowKey: 'malaria-confirmed', dataElement: 'dE7MalConf1', categoryOptionCombo: 'NhSoXUMPK2K', value: 31 },
    { rowKey: 'pneumonia', dataElement: 'dE7Pneumo01', categoryOptionCombo: '', value: 0 },
  ],
};

let khis: MockDhis2 | undefined;
afterEach(async () => {
  await khis?.close();
  khis = undefined;
});

async function startKhis(options: mockDhis2.MockDhis2Options = {}): Promise<{ khis: MockDhis2; conn: Dhis2Connection }> {
  khis = await mockDhis2.start(options);
  return { khis, conn: { url: khis.url, username: MOCK_DHIS2_USERNAME, password: MOCK_DHIS2_PASSWORD } };
}

describe('pushing a form to KHIS (2.38 and later)', () => {
  it('dry-runs first: KHIS answers what it would import and stores nothing', async () => {
    const { khis, conn } = await startKhis();
    const payload = dataValueSet(bumala);

    const dry = await importDataValues(conn, payload, { dryRun: true });

    expect(dry.httpStatus).toBe(200);
    expect(dry.summary).toEqual({ status: 'SUCCESS', imported: 3, updated: 0, ignored: 0, deleted: 0, conflicts: [], description: 'Import process completed successfully' });
    expect(khis.stored.size).toBe(0);
    expect(khis.requests).toHaveLength(1);
    expect(khis.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/dataValueSets',
      query: { dryRun: 'true', importStrategy: 'CREATE_AND_UPDATE', orgUnitIdScheme: 'code' },
      contentType: 'application/json',
    });
    // Data elements stay uids: no dataElementIdScheme.
    expect(Object.keys(khis.requests[0]!.query).sort()).toEqual(['dryRun', 'importStrategy', 'orgUnitIdScheme']);
  });

  it('imports: KHIS receives exactly the payload, stores it, and a resubmission updates', async () => {
    const { khis, conn } = await startKhis();
    const payload = dataValueSet(bumala);

    const first = await importDataValues(conn, payload, { dryRun: false });

    expect(khis.requests[0]!.body).toStrictEqual(payload);
    expect(khis.requests[0]!.query.dryRun).toBe('false');
    expect(khis.requests[0]!.authorization).toBe(`Basic ${Buffer.from(`${MOCK_DHIS2_USERNAME}:${MOCK_DHIS2_PASSWORD}`).toString('base64')}`);
    expect(first.summary).toMatchObject({ status: 'SUCCESS', imported: 3, updated: 0 });
    expect(Object.fromEntries(khis.stored)).toEqual({
      '15839|202603|dE7DiarrH01|NhSoXUMPK2K': '14',
      '15839|202603|dE7MalConf1|NhSoXUMPK2K': '31',
      '15839|202603|dE7Pneumo01|default': '0',
    });
    expect(first.raw).toMatchObject({ httpStatus: 'OK', httpStatusCode: 200, response: { responseType: 'ImportSummary' } });

    const again = await importDataValues(conn, payload, { dryRun: false });
    expect(again.summary).toMatchObject({ imported: 0, updated: 3, ignored: 0 });
  });

  it('sends a sub-county bulk set as it is, each value under its own facility', async () => {
    const { khis, conn } = await startKhis();
    const payload = dataValueSets([bumala, { ...bumala, orgUnit: '16017', values: [{ ...bumala.values[0]!, value: 6 }] }]);

    const result = await importDataValues(conn, payload, { dryRun: false });

    expect(khis.requests[0]!.body).toStrictEqual(payload);
    expect(result.summary.imported).toBe(4);
    expect(khis.stored.get('16017|202603|dE7DiarrH01|NhSoXUMPK2K')).toBe('6');
  });

  it('surfaces a conflict: a value KHIS rejects comes back as 409 with the conflict, not as an error', async () => {
    const { khis, conn } = await startKhis();
    khis.conflictOn('dE7MalConf1');

    const result = await importDataValues(conn, dataValueSet(bumala), { dryRun: true });

    expect(result.httpStatus).toBe(409);
    expect(result.summary).toMatchObject({
      status: 'WARNING',
      imported: 2,
      ignored: 1,
      conflicts: [{ object: 'dE7MalConf1', value: 'Data element not found or not accessible: `dE7MalConf1`' }],
    });
  });

  it('registers the month complete with the documented body, the facility by its MFL code', async () => {
    const { khis, conn } = await startKhis();

    const done = await completeRegistration(conn, { dataSet: 'EnZokILHOeN', period: '202603', orgUnit: '15839', completeDate: '2026-04-03' });

    expect(done).toMatchObject({ httpStatus: 200, ok: true });
    expect(khis.requests[0]).toMatchObject({ method: 'POST', path: '/api/completeDataSetRegistrations', query: { orgUnitIdScheme: 'code' }, contentType: 'application/json' });
    expect(khis.requests[0]!.body).toStrictEqual({
      completeDataSetRegistrations: [{ dataSet: 'EnZokILHOeN', period: '202603', organisationUnit: '15839', completed: true, date: '2026-04-03' }],
    });
    expect(khis.completions.get('EnZokILHOeN|202603|15839')).toBe('2026-04-03');
    await expect(completeRegistration(conn, { dataSet: 'EnZokILHOeN', period: '2026-03', orgUnit: '15839', completeDate: '2026-04-03' })).rejects.toThrow(/YYYYMM/);
  });

  it('a completion KHIS refuses is not ok: 409 with the failed summary', async () => {
    const { khis, conn } = await startKhis();
    khis.conflictOn('EnZokILHOeN');

    const refused = await completeRegistration(conn, { dataSet: 'EnZokILHOeN', period: '202603', orgUnit: '15839', completeDate: '2026-04-03' });

    expect(refused).toMatchObject({ httpStatus: 409, ok: false, raw: { status: 'ERROR', response: { status: 'ERROR' } } });
    expect(khis.completions.size).toBe(0);
  });

  it('works under a server address with a path of its own (https://host/dhis), with or without the last slash', async () => {
    const { khis } = await startKhis({ basePath: '/dhis' });
    for (const url of [`${khis.url}/dhis`, `${khis.url}/dhis/`]) {
      const result = await importDataValues({ url, username: MOCK_DHIS2_USERNAME, password: MOCK_DHIS2_PASSWORD }, dataValueSet(bumala), { dryRun: true });
      expect(result.summary.imported).toBe(3);
    }
    expect(khis.requests.map((r) => r.path)).toEqual(['/dhis/api/dataValueSets', '/dhis/api/dataValueSets']);
  });
});

describe('KHIS 2.36 and 2.37: the bare import summary', () => {
  it('reads the counts and conflicts, which come with HTTP 200', async () => {
    const { khis, conn } = await startKhis({ shape: 'importSummary' });
    khis.conflictOn('dE7Pneumo01');

    const result = await importDataValues(conn, dataValueSet(bumala), { dryRun: false });

    expect(result.httpStatus).toBe(200);
    expect(result.raw).toMatchObject({ responseType: 'ImportSummary' });
    expect(result.raw).not.toHaveProperty('response');
    expect(result.summary).toEqual({
      status: 'WARNING',
      imported: 2,
      updated: 0,
      ignored: 1,
      deleted: 0,
      conflicts: [{ object: 'dE7Pneumo01', value: 'Data element not found or not accessible: `dE7Pneumo01`' }],
      description: 'Import process completed successfully',
    });
  });

  it('tells a completion done from a refused one by the summary, as both come with HTTP 200', async () => {
    const { khis, conn } = await startKhis({ shape: 'importSummary' });
    const march = { dataSet: 'EnZokILHOeN', period: '202603', orgUnit: '15839', completeDate: '2026-04-03' };
    expect(await completeRegistration(conn, march)).toMatchObject({ httpStatus: 200, ok: true });

    khis.conflictOn('UpS2bTVcClZ');
    expect(await completeRegistration(conn, { ...march, dataSet: 'UpS2bTVcClZ' })).toMatchObject({ httpStatus: 200, ok: false, raw: { status: 'ERROR' } });
  });
});

describe('reading the import summary', () => {
  it('takes both shapes, and a failed import with no conflicts keeps its reason', () => {
    // DHIS2 2.40's answer to a data set it does not know (WebMessage, 409, status ERROR).
    expect(
      parseImportSummary({
        httpStatus: 'Conflict',
        httpStatusCode: 409,
        status: 'ERROR',
        message: 'An error occurred, please check import summary.',
        response: { responseType: 'ImportSummary', status: 'ERROR', description: 'Data set not found or not accessible', importCount: { imported: 0, updated: 0, ignored: 0, deleted: 0 }, conflicts: [] },
      }),
    ).toEqual({ status: 'ERROR', imported: 0, updated: 0, ignored: 0, deleted: 0, conflicts: [], description: 'Data set not found or not accessible' });
    // A 2.37 summary as the CHT reported it (medic/cht-core#7447), counts as numbers.
    expect(
      parseImportSummary({ responseType: 'ImportSummary', status: 'WARNING', importCount: { imported: 5, updated: 1, ignored: 2, deleted: 0 }, conflicts: [{ object: 'x', value: 'y' }] }),
    ).toEqual({ status: 'WARNING', imported: 5, updated: 1, ignored: 2, deleted: 0, conflicts: [{ object: 'x', value: 'y' }] });
  });

  it('finds no summary in a plain WebMessage or in something else', () => {
    expect(parseImportSummary({ httpStatus: 'Unauthorized', httpStatusCode: 401, status: 'ERROR', message: 'Unauthorized' })).toBeNull();
    expect(parseImportSummary('<html/>')).toBeNull();
    expect(parseImportSummary([])).toBeNull();
    expect(parseImportSummary(null)).toBeNull();
  });
});

describe('when KHIS says no, the officer reads why, and never the password', () => {
  const noSecrets = (e: unknown) => {
    const message = (e as Error).message;
    expect(message).not.toContain(MOCK_DHIS2_PASSWORD);
    expect(message).not.toContain('wrong-pass');
    expect(message).not.toContain(Buffer.from(`${MOCK_DHIS2_USERNAME}:wrong-pass`).toString('base64'));
    return message;
  };

  it('wrong credentials: 401 becomes a clear error naming the settings', async () => {
    const { khis } = await startKhis();
    const conn = { url: khis.url, username: MOCK_DHIS2_USERNAME, password: 'wrong-pass' };
    const host = new URL(khis.url).host;

    const failure = await importDataValues(conn, dataValueSet(bumala), { dryRun: true }).catch((e: unknown) => e);
    expect(noSecrets(failure)).toBe(`KHIS at ${host} refused the username or password (HTTP 401): check DHIS2_USERNAME and DHIS2_PASSWORD`);
    await expect(completeRegistration(conn, { dataSet: 'EnZokILHOeN', period: '202603', orgUnit: '15839', completeDate: '2026-04-03' })).rejects.toThrow(/HTTP 401/);
    expect(khis.stored.size).toBe(0);
  });

  it('a web page instead of the API: a non-JSON answer says so', async () => {
    const { khis } = await startKhis();
    const conn = { url: `${khis.url}/dhis-web-commons`, username: MOCK_DHIS2_USERNAME, password: MOCK_DHIS2_PASSWORD };

    const failure = await importDataValues(conn, dataValueSet(bumala), { dryRun: true }).catch((e: unknown) => e);
    expect(noSecrets(failure)).toBe(`KHIS at ${new URL(khis.url).host} answered HTTP 200 with something that is not JSON (text/html): is DHIS2_URL the DHIS2 server's address?`);
  });

  it('nobody listening: the error names the address and the reason', async () => {
    const port = await freePort();
    const conn = { url: `http://127.0.0.1:${port}`, username: MOCK_DHIS2_USERNAME, password: 'wrong-pass' };

    const failure = await importDataValues(conn, dataValueSet(bumala), { dryRun: true }).catch((e: unknown) => e);
    expect(noSecrets(failure)).toBe(`Could not reach KHIS at 127.0.0.1:${port}: ECONNREFUSED`);
  });

  it('a KHIS too slow to answer: the request gives up at its time limit', async () => {
    const { khis } = await startKhis({ delayMs: 2_000 });
    const conn = { url: khis.url, username: MOCK_DHIS2_USERNAME, password: MOCK_DHIS2_PASSWORD };

    const started = Date.now();
    await expect(importDataValues(conn, dataValueSet(bumala), { dryRun: true, timeoutMs: 100 })).rejects.toThrow(`KHIS at ${new URL(khis.url).host} did not answer within 0.1 s`);
    await expect(completeRegistration(conn, { dataSet: 'EnZokILHOeN', period: '202603', orgUnit: '15839', completeDate: '2026-04-03' }, { timeoutMs: 100 })).rejects.toThrow(/did not answer within 0.1 s/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

describe("reading a dataSet's metadata (Fetch from KHIS)", () => {
  it('asks for the data elements and their combos by field filter, and reads them', async () => {
    const { khis, conn } = await startKhis({ basePath: '/dhis' });
    const set = await fetchDataSet({ ...conn, url: `${khis.url}/dhis` }, mockDhis2.MOCK_705A_DATA_SET);

    expect(khis.requests[0]).toMatchObject({ method: 'GET', path: `/dhis/api/dataSets/${mockDhis2.MOCK_705A_DATA_SET}`, query: { fields: DATA_SET_FIELDS } });
    expect(set).toMatchObject({ id: 'EnZokILHOeN', name: 'MOH 705 A Outpatient summary < 5 years Revised 2020', code: null });
    expect(set!.dataElements).toHaveLength(61);
    expect(set!.dataElements.find((d) => d.name === 'MOH 705A Rev 2020_URTI')).toEqual({
      id: mockDhis2.mockDataElementId('705A', 'URTI'),
      name: 'MOH 705A Rev 2020_URTI',
      shortName: '705A URTI',
      formName: null,
      code: 'MOH705A_URTI',
      combos: [{ id: 'NhSoXUMPK2K', name: 'default', code: 'default' }],
    });
    expect(set!.dataElements.find((d) => d.name === 'MOH 705A Rev 2020_Malaria')!.combos.map((c) => c.name)).toEqual(['Suspected', 'Tested', 'Confirmed']);
  });

  it("takes the dataSet's own category combo for an element over the element's, and skips what is not an element", () => {
    const parsed = parseDataSet({
      id: 'Ds00000000A',
      dataSetElements: [
        { dataElement: { id: 'De00000000A', name: 'Deliveries', categoryCombo: { categoryOptionCombos: [{ id: 'NhSoXUMPK2K', name: 'default' }] } }, categoryCombo: { categoryOptionCombos: [{ id: 'Co0000000Lv', name: 'Live birth' }, { id: 'Co0000000Sb', name: 'Still birth' }] } },
        { dataElement: { name: 'No id' } },
        'nonsense',
      ],
    });
    expect(parsed).toEqual({ id: 'Ds00000000A', name: 'Ds00000000A', code: null, dataElements: [{ id: 'De00000000A', name: 'Deliveries', shortName: null, formName: null, code: null, combos: [{ id: 'Co0000000Lv', name: 'Live birth', code: null }, { id: 'Co0000000Sb', name: 'Still birth', code: null }] }] });
    expect(parseDataSet({ httpStatus: 'OK' })).toBeNull();
  });

  it('is null for a dataSet KHIS does not have, and says why when KHIS refuses the account', async () => {
    const { khis, conn } = await startKhis();
    expect(await fetchDataSet(conn, 'Zz000000000')).toBeNull();
    await expect(fetchDataSet({ ...conn, password: 'wrong-pass' }, mockDhis2.MOCK_705A_DATA_SET)).rejects.toThrow(`KHIS at ${new URL(khis.url).host} refused the username or password (HTTP 401)`);
    await expect(fetchDataSet(conn, '../../users')).rejects.toThrow('is not a DHIS2 identifier');
    expect(khis.requests).toHaveLength(2);
  });
});

/** A loopback port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
