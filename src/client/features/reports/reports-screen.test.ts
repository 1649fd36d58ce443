// The MOH Reports screen apart from the page: what each category card names (and that the spec's "MOH 204" monthly
// report is told as the real forms), what the Generate dialog sends and refuses before sending, who may generate for
// whom, where a form stands with KHIS, and Export Data's file. The words come from the catalogue, in both languages.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import appEn from '../../locales/en.json';
import appSw from '../../locales/sw.json';
import { REPORT_CATALOGUE, type KhisSubmission } from '../../../shared/reports';
import { report } from '../../test/factories';
import en from './locales/en.json';
import sw from './locales/sw.json';
import { checkGenerate, checkSchedule, generateBody, initialGenerateValues, scopeError } from './generate-form';
import { khisProgress, splitConflicts, stepBlocked } from './khis-steps';
import { CARD_VISIBLE, CATEGORIES, cardItems, formCode, itemNeedsData, kindOfName } from './report-catalogue';
import { reportListCsv, reportListFileName } from './report-list-csv';
import { defaultRange, initialScope, previousMonth, reachableFacilities, reachableSubcounties, scheduleInReach, scopeChoices } from './report-scope';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: { en: { translation: { ...appEn, ...en } }, sw: { translation: { ...appSw, ...sw } } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
});

const FACILITIES = [
  { id: 1, name: 'Busia County Referral Hospital', subcounty: 'Matayos' },
  { id: 2, name: 'Alupe Sub-County Hospital', subcounty: 'Teso South' },
  { id: 3, name: 'Port Victoria Sub-County Hospital', subcounty: 'Budalangi' },
  { id: 4, name: 'Bumala A Health Centre', subcounty: 'Butula' },
  { id: 5, name: 'Budalangi Dispensary', subcounty: 'Budalangi' },
];

describe('the category cards', () => {
  it('name every report of the catalogue once, under its own category, four at first', () => {
    const named = CATEGORIES.flatMap((type) => cardItems(type).filter((i) => !i.khis).flatMap((i) => i.kinds.map((k) => [k, type] as const)));
    expect(named.map(([k]) => k).sort()).toEqual(REPORT_CATALOGUE.map((e) => e.kind).sort());
    for (const [kind, type] of named) expect(REPORT_CATALOGUE.find((e) => e.kind === kind)?.type).toBe(type);
    for (const type of CATEGORIES) expect(cardItems(type).length).toBeGreaterThan(CARD_VISIBLE);
  });

  it('tell the MOH forms as they are: monthly returns 705A/705B and 717, daily registers 204A/204B, and no "MOH 204" monthly report', () => {
    const compliance = cardItems('compliance');
    const t = i18n.getFixedT('en');
    const labels = compliance.map((i) => t(i.label));
    expect(labels.slice(0, 3)).toEqual(['MOH monthly returns (MOH 705A/705B, 717)', 'MOH 204A/204B daily registers', 'DHIS2 (KHIS) data export']);
    expect(labels.join(' ')).not.toMatch(/Monthly Report \(MOH 204\)/i);
    expect(compliance[0]!.kinds.map(formCode)).toEqual(['MOH 705A', 'MOH 705B', 'MOH 717']);
    expect(compliance[1]!.kinds.map(formCode)).toEqual(['MOH 204A', 'MOH 204B']);
  });

  it('mark the reports that wait for data the county does not record yet', () => {
    const clinical = cardItems('clinical');
    expect(clinical.filter(itemNeedsData).map((i) => i.id)).toEqual(['immunization-coverage', 'maternal-child-health']);
    expect(itemNeedsData(cardItems('compliance')[0]!)).toBe(false);
  });

  it('say how many more reports a card holds, in both languages', () => {
    expect(i18n.getFixedT('en')('reports.cards.more', { count: 2 })).toBe('+2 more reports');
    expect(i18n.getFixedT('sw')('reports.cards.more', { count: 3 })).toBe('+ripoti 3 zaidi');
  });
});

describe('the words of the catalogue', () => {
  it('English names and needs are the catalogue\'s, letter for letter; Kiswahili has each of them', () => {
    for (const e of REPORT_CATALOGUE) {
      expect(en.reports.kinds[e.kind as keyof typeof en.reports.kinds], e.kind).toBe(e.name);
      expect(sw.reports.kinds[e.kind as keyof typeof sw.reports.kinds], e.kind).toBeTruthy();
      if (e.needs) {
        expect(en.reports.needs[e.kind as keyof typeof en.reports.needs], e.kind).toBe(e.needs);
        expect(sw.reports.needs[e.kind as keyof typeof sw.reports.needs], e.kind).toBeTruthy();
      }
    }
    expect(Object.keys(en.reports.needs).length).toBe(REPORT_CATALOGUE.filter((e) => e.needs).length);
  });

  it('a listed report is known by its name', () => {
    expect(kindOfName('MOH 705A Outpatient Summary (under 5 years)')).toBe('moh705a');
    expect(kindOfName('Monthly Summary (old)')).toBeNull();
  });
});

describe('who generates for whom', () => {
  const officer = { facilityId: 1, subcounty: 'Matayos' };
  const scmo = { facilityId: 3, subcounty: 'Budalangi' };

  it('a records officer generates for her own facility only', () => {
    expect(scopeChoices('facility')).toEqual(['facility']);
    expect(reachableFacilities(FACILITIES, 'facility', officer).map((f) => f.id)).toEqual([1]);
    expect(reachableSubcounties('facility', officer)).toEqual([]);
    expect(initialScope('facility', officer, reachableFacilities(FACILITIES, 'facility', officer), 4)).toEqual({ scope: 'facility', facilityId: '1', subcounty: 'Matayos' });
  });

  it('a sub-county medical officer for a facility of his sub-county or the sub-county; the director anywhere', () => {
    expect(scopeChoices('subcounty')).toEqual(['facility', 'subcounty']);
    expect(reachableFacilities(FACILITIES, 'subcounty', scmo).map((f) => f.id)).toEqual([3, 5]);
    expect(reachableSubcounties('subcounty', scmo)).toEqual(['Budalangi']);
    expect(scopeChoices('county')).toEqual(['facility', 'subcounty', 'county']);
    expect(reachableSubcounties('county', scmo)).toHaveLength(7);
    // The list's facility is where the form starts, when the grant reaches it.
    expect(initialScope('county', officer, FACILITIES, 4).facilityId).toBe('4');
  });

  it('a schedule is paused by whoever its scope is within reach of', () => {
    const county = { facilityId: null, scope: 'All Facilities' };
    const budalangi = { facilityId: null, scope: 'Budalangi Sub-county' };
    const alupe = { facilityId: 2, scope: 'Alupe Sub-County Hospital' };
    expect([county, budalangi, alupe].map((s) => scheduleInReach(s, 'county', officer, FACILITIES))).toEqual([true, true, true]);
    expect([county, budalangi, alupe].map((s) => scheduleInReach(s, 'subcounty', scmo, FACILITIES))).toEqual([false, true, false]);
    expect(scheduleInReach({ facilityId: 1, scope: FACILITIES[0]!.name }, 'facility', officer, FACILITIES)).toBe(true);
    expect(scheduleInReach(alupe, 'facility', officer, FACILITIES)).toBe(false);
    expect(scheduleInReach(county, null, officer, FACILITIES)).toBe(false);
  });

  it('a role without the grant is offered no scope', () => {
    expect(scopeChoices(null)).toEqual([]);
    expect(reachableFacilities(FACILITIES, null, officer)).toEqual([]);
  });
});

describe('the Generate form', () => {
  const today = '2026-03-16';
  const now = new Date('2026-03-16T09:00:00+03:00');
  const facility = { scope: 'facility' as const, facilityId: '1', subcounty: '' };

  it('starts a monthly form at last month, and any other report at last month\'s days', () => {
    expect(previousMonth(today)).toBe('2026-02');
    expect(previousMonth('2026-01-05')).toBe('2025-12');
    expect(defaultRange(today)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    const v = initialGenerateValues('moh705a', facility, today);
    expect(generateBody(v)).toEqual({ report: 'moh705a', facilityId: 1, period: '2026-02' });
    expect(checkGenerate(v, now)).toEqual({});
    expect(generateBody({ ...v, report: 'moh204a' })).toEqual({ report: 'moh204a', facilityId: 1, startDate: '2026-02-01', endDate: '2026-02-28' });
  });

  it('sends one scope: a sub-county by name, the county as county: true', () => {
    const v = initialGenerateValues('moh717', facility, today);
    expect(generateBody({ ...v, scope: 'subcounty', subcounty: 'Butula' })).toEqual({ report: 'moh717', subcounty: 'Butula', period: '2026-02' });
    expect(generateBody({ ...v, scope: 'county' })).toEqual({ report: 'moh717', county: true, period: '2026-02' });
  });

  it('refuses what the server would: a future month, a register over 31 days, no sub-county chosen', () => {
    const v = initialGenerateValues('moh705a', facility, today);
    expect(checkGenerate({ ...v, period: '2026-04' }, now)).toEqual({ period: 'The month cannot be in the future' });
    const register = { ...v, report: 'moh204b' as const, startDate: '2026-01-01', endDate: '2026-02-15' };
    expect(checkGenerate(register, now)).toEqual({ endDate: 'A register covers at most 31 days' });
    const noSubcounty = { ...v, scope: 'subcounty' as const, subcounty: '' };
    const errors = checkGenerate(noSubcounty, now);
    expect(scopeError(errors, 'subcounty')).toBe('Choose one facility, one sub-county, or the whole county');
  });

  it('a schedule needs at least one form', () => {
    expect(checkSchedule({ ...facility, reports: [] })).toEqual({ reports: 'Choose at least one form' });
    expect(checkSchedule({ ...facility, reports: ['moh705a', 'moh717'] })).toEqual({});
  });
});

describe('KHIS, step by step', () => {
  const sub = (step: KhisSubmission['step'], ok: boolean, conflicts: { object: string; value: string }[] = []): KhisSubmission => ({
    id: Math.floor(Math.random() * 1e6),
    step,
    dryRun: step === 'dryRun',
    ok,
    httpStatus: ok ? 200 : 409,
    summary: step === 'complete' ? null : { status: ok ? 'SUCCESS' : 'WARNING', imported: 70, updated: 0, ignored: conflicts.length, deleted: 0, conflicts },
    message: ok ? null : 'conflicts',
    zeroValues: step === 'complete' ? null : 'acceptNotStored',
    submittedBy: 'Joseph Barasa',
    submittedAt: '2026-03-16T06:00:00.000Z',
  });

  it('offers the import after an accepted dry run, and the completion after the import', () => {
    expect(stepBlocked('dryRun', khisProgress([]))).toBeNull();
    expect(stepBlocked('import', khisProgress([]))).toBe('reports.khis.needsDryRun');
    expect(stepBlocked('complete', khisProgress([sub('dryRun', true)]))).toBe('reports.khis.needsImport');
    const progress = khisProgress([sub('import', true), sub('dryRun', true)]);
    expect(stepBlocked('import', progress)).toBeNull();
    expect(stepBlocked('complete', progress)).toBeNull();
    expect(progress.lastSummary?.step).toBe('import');
  });

  it('tells KHIS\'s skipped zeros apart from real conflicts', () => {
    const zero = { object: 'deA', value: 'Value is zero and not significant, must match data element: deA' };
    const real = { object: 'deB', value: 'Data element not found or not accessible' };
    expect(splitConflicts([zero, real])).toEqual({ zeros: [zero], others: [real] });
    expect(stepBlocked('import', khisProgress([sub('dryRun', false, [zero])]))).toBe('reports.khis.needsDryRun');
  });
});

describe('Export Data', () => {
  const row = report();
  const meta = { generatedAt: new Date('2026-03-16T07:00:00Z') };

  it('holds each listed report in the reader\'s language, as one table: a header, then a CRLF line per report', () => {
    const en = reportListCsv(i18n.getFixedT('en'), [row]);
    expect(en).toBe(
      'ID,Report,Category,Facility or scope,Generated by,Generated at,Status\r\n7,MOH 705A Outpatient Summary (under 5 years),Compliance & MOH,Butula Sub-county,Joseph Barasa,2026-03-16T09:30:00+03:00,Completed\r\n',
    );
    const swLines = reportListCsv(i18n.getFixedT('sw'), [row]).split('\r\n');
    expect(swLines[0]).toBe('Namba,Ripoti,Aina,Kituo au eneo,Imetayarishwa na,Imetayarishwa tarehe,Hali');
    expect(swLines[1]).toBe('7,MOH 705A Muhtasari wa Wagonjwa wa Nje (chini ya miaka 5),Uzingatiaji na Wizara ya Afya,Kaunti ndogo ya Butula,Joseph Barasa,2026-03-16T09:30:00+03:00,Imekamilika');
  });

  it('is named for its scope, period and day', () => {
    expect(reportListFileName(undefined, '30days', meta.generatedAt)).toBe('afyakaunti-reports-county-30days-2026-03-16.csv');
    expect(reportListFileName(4, 'custom', meta.generatedAt)).toBe('afyakaunti-reports-facility-4-custom-2026-03-16.csv');
  });
});

describe('what the server says, in the reader\'s words', () => {
  it('a known refusal reads in Kiswahili; an unknown one stays as the server wrote it', async () => {
    const { default: app } = await import('../../lib/i18n');
    const { errorText, validationText } = await import('./report-labels');
    const { ApiError } = await import('../../lib/api-client');
    await app.init({ resources: { en: { translation: { ...appEn, ...en } }, sw: { translation: { ...appSw, ...sw } } }, lng: 'sw', fallbackLng: 'en', interpolation: { escapeValue: false } });
    expect(validationText('The month cannot be in the future')).toBe('Mwezi hauwezi kuwa wa baadaye');
    expect(errorText(new ApiError(409, 'No row of MOH 705B has a KHIS dataElement yet: fill them in the KHIS settings of MOH Reports'), '')).toBe(
      '409: Hakuna safu ya MOH 705B yenye dataElement ya KHIS bado: zijaze katika mipangilio ya KHIS ya Ripoti za Wizara ya Afya',
    );
    expect(validationText('Patient Flow is not generated by this version yet')).toBe('Mtiririko wa Wagonjwa bado haitayarishwi na toleo hili.');
    expect(validationText('Something new')).toBe('Something new');
    await app.changeLanguage('en');
    expect(validationText('Patient Flow is not generated by this version yet')).toBe('Patient Flow is not generated by this version yet.');
  });
});
