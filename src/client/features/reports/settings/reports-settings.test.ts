// The three sections of the reports settings as the screen first draws them, with the server answered by a
// mocked fetch: the API calls go through the feature's own queries and mutations (reports-settings.api.ts) and the
// answers are drawn by the components, rendered to HTML (this repo has no DOM test library: the clicks are the
// browser journey's, e2e/reports-settings.spec.ts). A records officer may change what she reads; a nurse reads
// the same settings, told why she cannot change them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { grantsOf, permissionsOf, type Role } from '../../../../shared/access';
import type { CurrentUser } from '../../../../shared/auth';
import { MOH_SETTING_DEFAULTS, MOH_SETTINGS, type KhisSettings, type MappingRow, type MohSetting } from '../../../../shared/moh';
import appEn from '../../../locales/en.json';
import { ApiError } from '../../../lib/api-client';
import { currentUserQuery } from '../../auth';
import en from './locales/en.json';
import sw from './locales/sw.json';

// ── The county as the mocked server answers it ──────────────────────────────────────────────────────────────────

function user(role: Role, firstName: string, lastName: string): CurrentUser {
  return {
    id: 6,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@health.busiacounty.example`,
    role,
    facilityId: 1,
    isActive: true,
    createdAt: '2025-11-24T07:00:00.000Z',
    subcounty: 'Matayos',
    permissions: permissionsOf(role),
    grants: grantsOf(role),
    mustChangePassword: false,
  };
}
const RECORDS_OFFICER = user('records_officer', 'Joseph', 'Barasa');
const NURSE = user('nurse', 'Mary', 'Achieng');

const code = (id: number, c: string, match: 'exact' | 'prefix', title: string, withExtension: string[] | null = null) => ({ id, code: c, match, title, withExtension });
const ROWS_705A: MappingRow[] = [
  { form: '705A', key: 'diarrhoea_with_no_dehydration', row: 1, label: 'Diarrhoea with no dehydration', source: 'diagnosis', note: 'IMCI classification.', codes: [code(1, 'ME05.1', 'exact', 'Diarrhoea')] },
  { form: '705A', key: 'pneumonia', row: 7, label: 'Pneumonia', source: 'diagnosis', note: null, codes: [code(2, 'CA40', 'prefix', 'Pneumonia and its subcategories')] },
  { form: '705A', key: 'severe_pneumonia', row: 8, label: 'Severe pneumonia', source: 'diagnosis', note: 'CA40 with XS25 (Severe).', codes: [code(3, 'CA40', 'prefix', 'Pneumonia and its subcategories', ['XS25'])] },
  { form: '705A', key: 'hypoxaemia', row: 68, label: 'Hypoxaemia (SpO2<90%)', source: 'observation', note: null, codes: [] },
  { form: '705A', key: 'new_attendances', row: 70, label: 'No. of New Attendances', source: 'visit', note: null, codes: [] },
];

const SETTINGS: MohSetting[] = Object.entries(MOH_SETTINGS).map(([key, s]) => ({
  key: key as MohSetting['key'],
  value: key === 'ageRule' ? 'endOfMonth' : s.default,
  values: [...s.values],
  isDefault: key !== 'ageRule',
  updatedBy: key === 'ageRule' ? 'Joseph Barasa' : null,
  updatedAt: key === 'ageRule' ? '2026-03-16T06:30:00.000Z' : null,
}));

const KHIS_705A: KhisSettings = {
  form: '705A',
  dataSet: 'EnZokILHOeN',
  defaultCategoryOptionCombo: 'NhSoXUMPK2K',
  khisServer: 'hiskenya.org',
  rows: [
    { key: 'diarrhoea_with_no_dehydration', label: 'Diarrhoea with no dehydration', dataElement: 'Aq705Adiar1', categoryOptionCombo: null },
    { key: 'pneumonia', label: 'Pneumonia', dataElement: null, categoryOptionCombo: null },
    { key: 'severe_pneumonia', label: 'Severe pneumonia', dataElement: 'Aq705Asevp1', categoryOptionCombo: 'Cc705Asevp1' },
  ],
};

type Answer = { status?: number; body: unknown };
const json = ({ status = 200, body }: Answer) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The mocked server: each request is recorded, and answered from `routes` ("GET /api/moh/settings" → answer). */
function mockServer(routes: Record<string, Answer>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = routes[`${method} ${path}`];
    return answer ? json(answer) : json({ status: 404, body: { message: 'Not found', code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// ── Rendering ───────────────────────────────────────────────────────────────────────────────────────────────────

type Sections = {
  ReportsSettings: ComponentType;
  FormMappingSection: ComponentType<{ canConfigure: boolean }>;
  HmisDecisionsSection: ComponentType<{ canConfigure: boolean }>;
  KhisIdentifiersSection: ComponentType<{ canConfigure: boolean }>;
};
let ui: Sections;
let api: typeof import('./reports-settings.api');

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: { common: appEn.common, roles: appEn.roles } }, sw: { translation: sw } },
    interpolation: { escapeValue: false },
  });
  // Loaded once i18next is ready: the components register their English strings as they load.
  api = await import('./reports-settings.api');
  ui = {
    ...(await import('./reports-settings')),
    ...(await import('./form-mapping-section')),
    ...(await import('./hmis-decisions-section')),
    ...(await import('./khis-identifiers-section')),
  };
});

/** A query client as the app's, that keeps what it was given while the render reads it. */
const newClient = () =>
  // retryOnMount off: a failed read stays failed while drawn (there is no mount to retry on in a server render).
  new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, gcTime: Infinity, staleTime: Infinity }, mutations: { retry: false } } });

/** The server's answers fetched through the feature's queries (the mocked fetch), then the component drawn with them. */
async function render(component: ComponentType<{ canConfigure: boolean }> | ComponentType, props: { canConfigure?: boolean }, signedIn: CurrentUser, fetches: (client: QueryClient) => Promise<unknown>[]) {
  const client = newClient();
  client.setQueryData(currentUserQuery.queryKey, signedIn);
  await Promise.all(fetches(client));
  const html = renderToString(createElement(QueryClientProvider, { client }, createElement(component as ComponentType<typeof props>, props)));
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ') };
}

const countOf = (html: string, needle: string | RegExp) => (typeof needle === 'string' ? html.split(needle).length - 1 : (html.match(new RegExp(needle, 'g')) ?? []).length);
/** The input tags of the HTML that contain `needle` (an attribute as React writes it). */
const inputs = (html: string, needle: string) => [...html.matchAll(/<input [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(needle));
/** The values of the checked radio buttons, in order. */
const checkedValues = (html: string) => inputs(html, 'type="radio"').filter((tag) => tag.includes('checked=""')).map((tag) => /value="([^"]*)"/.exec(tag)?.[1]);

describe('form mapping', () => {
  it('shows MOH 705A’s rows in order with their number, source and codes; a prefix reads CA40…, an extension "with XS25"', async () => {
    const calls = mockServer({ 'GET /api/moh/mappings?form=705A': { body: ROWS_705A } });
    const { html, text } = await render(ui.FormMappingSection, { canConfigure: true }, RECORDS_OFFICER, (c) => [c.prefetchQuery(api.mappingsQuery('705A'))]);

    expect(calls).toEqual([{ method: 'GET', path: '/api/moh/mappings?form=705A', body: undefined }]);
    expect(text).toContain('5 rows on MOH 705A');
    const labels = [...html.matchAll(/data-testid="mapping-row" aria-label="([^"]+)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['1. Diarrhoea with no dehydration', '7. Pneumonia', '8. Severe pneumonia', '68. Hypoxaemia (SpO2&lt;90%)', '70. No. of New Attendances']);
    // A chip shows the code ("…" for a prefix), its title and its extensions; a screen reader hears them in words.
    expect(html).toMatch(/data-testid="code-chip"[^>]*>.*?>CA40…<\/span><span class="sr-only">CA40 and every code under it — Pneumonia<\/span>/);
    expect(text).toContain('CA40 and every code under it — Pneumonia — only with the extension XS25 Pneumonia with XS25');
    expect(text).toContain('ME05.1 — Diarrhoea Diarrhoea');
    expect(text).toContain('Vital signs');
    expect(text).toContain('Counted from visits by their type, not from diagnosis codes.');
    // The note is behind its row's "show" button.
    expect(text).not.toContain('IMCI classification.');
    expect(html).toContain('aria-label="Show the note and every code of 1. Diarrhoea with no dehydration"');
  });

  it('lets an HMIS role add a code to a disease row and remove one, never to a row counted from visits', async () => {
    mockServer({ 'GET /api/moh/mappings?form=705A': { body: ROWS_705A } });
    const { html } = await render(ui.FormMappingSection, { canConfigure: true }, RECORDS_OFFICER, (c) => [c.prefetchQuery(api.mappingsQuery('705A'))]);
    expect(countOf(html, 'aria-label="Add code to ')).toBe(3);
    expect(html).not.toContain('Add code to 70. No. of New Attendances');
    expect(html).toContain('aria-label="Remove CA40… from Severe pneumonia"');
  });

  it('offers a nurse nothing to change', async () => {
    mockServer({ 'GET /api/moh/mappings?form=705A': { body: ROWS_705A } });
    const { html } = await render(ui.FormMappingSection, { canConfigure: false }, NURSE, (c) => [c.prefetchQuery(api.mappingsQuery('705A'))]);
    expect(html).not.toContain('Add code to');
    expect(html).not.toContain('aria-label="Remove');
  });

  it('says why the rows could not be read, with a retry', async () => {
    mockServer({ 'GET /api/moh/mappings?form=705A': { status: 500, body: { message: 'Internal Server Error' } } });
    const { html, text } = await render(ui.FormMappingSection, { canConfigure: true }, RECORDS_OFFICER, (c) => [c.prefetchQuery(api.mappingsQuery('705A'))]);
    expect(html).toContain('role="alert"');
    expect(text).toContain('Could not load this: 500: Internal Server Error');
    expect(text).toContain('Try again');
  });

  it('shows a skeleton while the rows are on their way', async () => {
    mockServer({});
    const { html } = await render(ui.FormMappingSection, { canConfigure: true }, RECORDS_OFFICER, () => []);
    expect(html).toContain('data-testid="mapping-skeleton"');
  });
});

describe('HMIS decisions', () => {
  it('explains each decision with its values, marks the default and says who changed it and when', async () => {
    mockServer({ 'GET /api/moh/settings': { body: SETTINGS } });
    const { html, text } = await render(ui.HmisDecisionsSection, { canConfigure: true }, RECORDS_OFFICER, (c) => [c.prefetchQuery(api.mohSettingsQuery)]);

    expect(countOf(html, 'data-testid="hmis-decision"')).toBe(Object.keys(MOH_SETTINGS).length);
    expect(countOf(html, 'data-testid="default-marker"')).toBe(Object.keys(MOH_SETTINGS).length);
    // The age rule: KenyaEMR's, chosen by the records officer; every other decision at its default, never changed.
    expect(checkedValues(html)).toEqual(SETTINGS.map((s) => s.value));
    expect(checkedValues(html)[0]).toBe('endOfMonth');
    expect(text).toContain('Changed by Joseph Barasa on 16 Mar 2026 at 09:30.');
    expect(countOf(text, 'Never changed: the default applies.')).toBe(Object.keys(MOH_SETTINGS).length - 1);
    expect(checkedValues(html).slice(1)).toEqual(Object.entries(MOH_SETTING_DEFAULTS).flatMap(([key, value]) => (key === 'ageRule' ? [] : [value])));
    expect(html).not.toMatch(/<fieldset[^>]*disabled/);
  });

  it('tells the age rule by a child who turns 5 during the month', async () => {
    mockServer({ 'GET /api/moh/settings': { body: SETTINGS } });
    const { text } = await render(ui.HmisDecisionsSection, { canConfigure: true }, RECORDS_OFFICER, (c) => [c.prefetchQuery(api.mohSettingsQuery)]);
    expect(text).toContain('Example: a child who turns 5 during the month');
    expect(text).toContain('3 March (before her birthday) 705A: she is 4 that day 705B: she is 5 on 31 March');
    expect(text).toContain('20 March (after her birthday) 705B: she is 5 that day 705B: she is 5 on 31 March');
    expect(text).toContain('KenyaEMR');
  });

  it('shows a nurse every decision, without a way to change one', async () => {
    mockServer({ 'GET /api/moh/settings': { body: SETTINGS } });
    const { html } = await render(ui.HmisDecisionsSection, { canConfigure: false }, NURSE, (c) => [c.prefetchQuery(api.mohSettingsQuery)]);
    expect(countOf(html, /<fieldset[^>]*disabled=""/)).toBe(Object.keys(MOH_SETTINGS).length);
  });

  it('reads in Kiswahili', async () => {
    mockServer({ 'GET /api/moh/settings': { body: SETTINGS } });
    await i18n.changeLanguage('sw');
    try {
      const { text } = await render(ui.HmisDecisionsSection, { canConfigure: true }, RECORDS_OFFICER, (c) => [c.prefetchQuery(api.mohSettingsQuery)]);
      expect(text).toContain('Maamuzi ya HMIS');
      expect(text).toContain('Mfano: mtoto anayetimiza miaka 5 katikati ya mwezi');
      expect(text).toContain('Chaguo-msingi');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('KHIS identifiers', () => {
  it('shows the form’s dataSet and each row’s identifiers, blanks explained, and a Save for the whole form', async () => {
    const calls = mockServer({ 'GET /api/moh/khis?form=705A': { body: KHIS_705A } });
    const { html, text } = await render(ui.KhisIdentifiersSection, { canConfigure: true }, RECORDS_OFFICER, (c) => [c.prefetchQuery(api.khisMappingQuery('705A'))]);

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/moh/khis?form=705A']);
    expect(text).toContain("KHIS identifiers come from the county's KHIS administrators; only 705A's dataSet, EnZokILHOeN, is pre-filled, from public code.");
    expect(inputs(html, 'id="khis-dataset"')[0]).toContain('value="EnZokILHOeN"');
    expect(countOf(html, 'data-testid="khis-row"')).toBe(3);
    expect(inputs(html, 'aria-label="dataElement of Diarrhoea with no dehydration"')[0]).toContain('value="Aq705Adiar1"');
    expect(inputs(html, 'aria-label="dataElement of Pneumonia"')[0]).toContain('value=""');
    expect(inputs(html, 'aria-label="categoryOptionCombo of Severe pneumonia (blank: NhSoXUMPK2K)"')[0]).toContain('value="Cc705Asevp1"');
    expect(countOf(html, 'placeholder="not sent"')).toBe(3);
    expect(text).toContain('2 of 3 rows have a dataElement and are sent to KHIS. A blank categoryOptionCombo sends the default, NhSoXUMPK2K.');
    expect(text).toContain('No unsaved changes');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Save MOH 705A<\/button>/);
  });

  it('lets a nurse read the identifiers only, and download them as CSV', async () => {
    mockServer({ 'GET /api/moh/khis?form=705A': { body: KHIS_705A } });
    const { html, text } = await render(ui.KhisIdentifiersSection, { canConfigure: false }, NURSE, (c) => [c.prefetchQuery(api.khisMappingQuery('705A'))]);
    expect(countOf(html, /readOnly=""/)).toBe(1 + 2 * KHIS_705A.rows.length);
    expect(html).not.toContain('data-testid="khis-save-bar"');
    expect(text).not.toContain('Fetch from KHIS');
    expect(text).not.toContain('Import CSV');
    expect(html).toMatch(/<a [^>]*href="\/api\/moh\/khis\/export.csv\?form=705A" download=""[^>]*>.*Export CSV<\/a>/);
  });

  it('offers Fetch from KHIS, Import CSV and Export CSV, saying which KHIS is read', async () => {
    mockServer({ 'GET /api/moh/khis?form=705A': { body: KHIS_705A } });
    const { html, text } = await render(ui.KhisIdentifiersSection, { canConfigure: true }, RECORDS_OFFICER, (c) => [c.prefetchQuery(api.khisMappingQuery('705A'))]);
    const button = (name: string) => new RegExp(`<button[^>]*>(?:(?!</button>).)*${name}</button>`).exec(html)?.[0] ?? '';
    expect(button('Fetch from KHIS')).not.toContain('disabled=""');
    expect(button('Fetch from KHIS')).toContain('aria-describedby="khis-fetch-hint"');
    expect(text).toContain("Reads this form's dataSet from hiskenya.org and proposes each row's dataElement by code and by name. Nothing is saved until you confirm.");
    expect(button('Import CSV')).not.toContain('disabled=""');
    expect(text).toContain('Export CSV downloads the saved identifiers of MOH 705A');
  });

  it('says why Fetch from KHIS cannot be used when KHIS is not connected', async () => {
    mockServer({ 'GET /api/moh/khis?form=705A': { body: { ...KHIS_705A, khisServer: null } } });
    const { html, text } = await render(ui.KhisIdentifiersSection, { canConfigure: true }, RECORDS_OFFICER, (c) => [c.prefetchQuery(api.khisMappingQuery('705A'))]);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="khis-fetch-hint"[^>]*>.*?Fetch from KHIS<\/button>/);
    expect(text).toContain('Fetch from KHIS cannot be used: KHIS is not connected.');
    expect(text).toContain('export the mapping as CSV, fill it in and import it');
  });
});

describe('the settings as a whole', () => {
  it('tells a nurse she may read but not change them, and which roles may', async () => {
    mockServer({ 'GET /api/moh/mappings?form=705A': { body: ROWS_705A } });
    const { text } = await render(ui.ReportsSettings, {}, NURSE, (c) => [c.prefetchQuery(api.mappingsQuery('705A'))]);
    expect(text).toContain(
      'You can read these settings. Changing them is for the HMIS roles (Records Officer, Facility In-Charge, Sub-County Medical Officer, County Health Director); your role, Nurse, cannot change them.',
    );
    expect(text).toMatch(/Form mapping .*HMIS decisions .*KHIS identifiers/);
  });

  it('says nothing of the kind to a records officer', async () => {
    mockServer({ 'GET /api/moh/mappings?form=705A': { body: ROWS_705A } });
    const { html } = await render(ui.ReportsSettings, {}, RECORDS_OFFICER, (c) => [c.prefetchQuery(api.mappingsQuery('705A'))]);
    expect(html).not.toContain('data-testid="settings-read-only"');
    expect(html).toContain('role="tablist"');
  });
});

describe('what the changes send', () => {
  it('adds a code with its form, row, match and extensions, and takes the row list back', async () => {
    const calls = mockServer({ 'POST /api/moh/mappings': { status: 201, body: ROWS_705A } });
    await expect(api.addRowCode({ form: '705A', rowKey: 'severe_pneumonia', code: 'CA40', match: 'prefix', withExtension: ['XS25'] })).resolves.toEqual(ROWS_705A);
    expect(calls).toEqual([{ method: 'POST', path: '/api/moh/mappings', body: { form: '705A', rowKey: 'severe_pneumonia', code: 'CA40', match: 'prefix', withExtension: ['XS25'] } }]);
  });

  it("turns the server's 409 into an error whose message names the row", async () => {
    mockServer({ 'POST /api/moh/mappings': { status: 409, body: { message: 'CA40 (prefix) is already mapped to pneumonia on MOH 705A: remove it there first', code: 'conflict' } } });
    const error = await api.addRowCode({ form: '705A', rowKey: 'lower_respiratory_tract_infections', code: 'CA40', match: 'prefix', withExtension: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: CA40 (prefix) is already mapped to pneumonia on MOH 705A: remove it there first');
  });

  it('removes a code with a DELETE that says why', async () => {
    const calls = mockServer({ 'DELETE /api/moh/mappings/3': { body: ROWS_705A } });
    await api.removeRowCode(3, 'Counted twice');
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/moh/mappings/3', body: { reason: 'Counted twice' } }]);
  });

  it('changes a decision with a PUT of its key and value', async () => {
    const calls = mockServer({ 'PUT /api/moh/settings': { body: SETTINGS } });
    await api.updateMohSetting({ key: 'ageRule', value: 'endOfMonth' });
    expect(calls).toEqual([{ method: 'PUT', path: '/api/moh/settings', body: { key: 'ageRule', value: 'endOfMonth' } }]);
  });

  it("saves a form's KHIS identifiers whole, and keeps each refusal's field", async () => {
    const calls = mockServer({
      'PUT /api/moh/khis': {
        status: 400,
        body: { message: 'A dataElement is a DHIS2 identifier', code: 'invalid_input', issues: [{ path: 'rows.1.dataElement', message: 'A dataElement is a DHIS2 identifier: a letter and ten letters or digits' }] },
      },
    });
    const input = { form: '705A' as const, dataSet: 'EnZokILHOeN', rows: KHIS_705A.rows.map((r) => ({ key: r.key, dataElement: r.dataElement, categoryOptionCombo: r.categoryOptionCombo })) };
    const error = (await api.saveKhisMapping(input).catch((e: unknown) => e)) as ApiError;
    expect(calls).toEqual([{ method: 'PUT', path: '/api/moh/khis', body: input }]);
    expect(error.status).toBe(400);
    expect(error.fieldErrors()).toEqual({ 'rows.1.dataElement': 'A dataElement is a DHIS2 identifier: a letter and ten letters or digits' });
  });
});

describe('filling the identifiers from KHIS or a file', () => {
  it("asks KHIS for the typed dataSet's proposal, and previews or imports a file", async () => {
    const calls = mockServer({
      'POST /api/moh/khis/proposals': { body: { form: '705B', dataSet: 'Hx705Bds001', dataSetName: 'MOH 705B', defaultCategoryOptionCombo: 'NhSoXUMPK2K', candidates: [], rows: [] } },
      'POST /api/moh/khis/import': { body: { dryRun: true, form: '705A', dataSet: 'EnZokILHOeN', dataSetChanged: false, rows: [], issues: [] } },
    });
    await api.fetchKhisProposal({ form: '705B', dataSet: 'Hx705Bds001' });
    await api.importKhisMapping('705A', 'rowKey,dataElement\ncholera,Aq705Achol1\n', true);
    expect(calls).toEqual([
      { method: 'POST', path: '/api/moh/khis/proposals', body: { form: '705B', dataSet: 'Hx705Bds001' } },
      { method: 'POST', path: '/api/moh/khis/import', body: { form: '705A', csv: 'rowKey,dataElement\ncholera,Aq705Achol1\n', dryRun: true } },
    ]);
    expect(api.khisCsvPath('717')).toBe('/api/moh/khis/export.csv?form=717');
  });

  it("says in the reader's language that the dataSet is missing, or unknown to KHIS", async () => {
    const { messageText } = await import('./settings-labels');
    expect(messageText(i18n.t.bind(i18n), "Type the form's dataSet first: KHIS is read by it")).toBe("Type this form's dataSet first: KHIS is read by it.");
    await i18n.changeLanguage('sw');
    try {
      expect(messageText(i18n.t.bind(i18n), 'KHIS has no dataSet Zz705BnoSet, or this account may not read it')).toBe('KHIS haina dataSet Zz705BnoSet, au akaunti hii hairuhusiwi kuisoma');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the settings’ strings', () => {
  type Tree = { [key: string]: string | Tree };
  const flatten = (tree: Tree, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
  const english = new Map(flatten(en));
  const kiswahili = new Map(flatten(sw));

  it('has a Kiswahili text for every English one, none left empty', () => {
    expect([...english.keys()].filter((k) => !kiswahili.has(k))).toEqual([]);
    expect([...kiswahili.keys()].filter((k) => !english.has(k))).toEqual([]);
    expect([...kiswahili].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('explains every HMIS decision and each of its values, in both languages', () => {
    const missing: string[] = [];
    for (const [key, setting] of Object.entries(MOH_SETTINGS)) {
      const base = `reportsSettings.decisions.settings.${key}`;
      const needed = [`${base}.title`, `${base}.where`, `${base}.explanation`, ...setting.values.flatMap((v) => [`${base}.values.${v}.label`, `${base}.values.${v}.hint`])];
      for (const k of needed) for (const [name, strings] of [['en', english], ['sw', kiswahili]] as const) if (!strings.get(k)) missing.push(`${name}: ${k}`);
    }
    expect(missing).toEqual([]);
  });

  it('names every row source in both languages', () => {
    for (const source of ['diagnosis', 'fallback', 'visit', 'referral', 'lab', 'observation', 'register']) {
      expect(english.get(`reportsSettings.sources.${source}`), source).toBeTruthy();
      expect(kiswahili.get(`reportsSettings.sourceHints.${source}`), source).toBeTruthy();
    }
  });
});
