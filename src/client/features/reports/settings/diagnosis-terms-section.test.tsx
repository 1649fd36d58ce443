// The county's diagnosis terms on the MOH settings (issue 31): the health records officer reads the bundled terms and
// the county's own, finds "UTI" with the filter and hides it (it finds the wrong code here), restores one hidden,
// removes a term the county added and adds one (an empty term is told under the field, a term the list has already
// under the term, in Kiswahili too); a clinician reads the list with nothing to change.
import './reports-settings.strings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DiagnosisSynonym } from '../../../../shared/medical-records';
import { descriptionOf, fail, inKiswahili, list, ok, renderScreen } from '../../../test/render-screen';
import { DiagnosisTermsSection } from './diagnosis-terms-section';
import sw from './locales/sw.json';

const term = (overrides: Partial<DiagnosisSynonym> & Pick<DiagnosisSynonym, 'term' | 'code'>): DiagnosisSynonym => ({
  id: null,
  title: 'A title',
  language: 'en',
  source: 'bundled',
  hidden: false,
  createdBy: null,
  createdAt: null,
  ...overrides,
});

const HOMA_KALI = term({ id: 7, term: 'homa kali', code: 'MG26', title: 'Fever of other or unknown origin', language: 'sw', source: 'county', createdBy: 'Achieng Wanjala', createdAt: '2026-03-10T06:00:00.000Z' });
const UTI = term({ term: 'UTI', code: 'GC08.Z', title: 'Urinary tract infection, site and agent not specified' });
const FLU = term({ id: 9, term: 'flu', code: 'CA00', title: 'Acute nasopharyngitis', hidden: true });
const KUHARA = term({ term: 'kuhara', code: 'ME05.1', title: 'Diarrhoea', language: 'sw' });
const TERMS = [HOMA_KALI, UTI, FLU, KUHARA];

const rowOf = (text: string) => screen.getByText(text, { selector: 'span' }).closest('li')!;

describe('Diagnosis terms', () => {
  it('lists the county’s terms and the bundled ones, and the filter finds one', async () => {
    const { user } = renderScreen(<DiagnosisTermsSection canConfigure />, { routes: { '/api/diagnoses/synonyms': list(TERMS) } });
    await screen.findByText('homa kali');
    expect(within(rowOf('homa kali')).getByText('County')).toBeTruthy();
    expect(within(rowOf('flu')).getByText('Hidden')).toBeTruthy();
    expect(within(rowOf('UTI')).getByText('Bundled')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Filter terms' }), 'gc08');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox', { name: 'Filter terms' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter terms' }), 'malaria');
    expect(screen.getByText('No term matches.')).toBeTruthy();
  });

  it('hides a bundled term, restores a hidden one and removes a county term', async () => {
    const { user, server } = renderScreen(<DiagnosisTermsSection canConfigure />, {
      routes: {
        '/api/diagnoses/synonyms': list(TERMS),
        'POST /api/diagnoses/synonyms/hidden': { status: 201, body: { ...UTI, id: 12, hidden: true } },
        'DELETE /api/diagnoses/synonyms/9': ok({ ...FLU, id: null, hidden: false }),
        'DELETE /api/diagnoses/synonyms/7': ok({ ...HOMA_KALI }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Hide: UTI → GC08.Z' }));
    await expect.poll(() => server.sent('POST /api/diagnoses/synonyms/hidden').map((r) => r.body)).toEqual([{ term: 'UTI', code: 'GC08.Z' }]);
    await user.click(screen.getByRole('button', { name: 'Restore: flu → CA00' }));
    await user.click(screen.getByRole('button', { name: 'Remove: homa kali → MG26' }));
    await expect.poll(() => server.sent('DELETE /api/diagnoses/synonyms/7').length).toBe(1);
    expect(server.sent('DELETE /api/diagnoses/synonyms/9')).toHaveLength(1);
    // Each change asks for the list again.
    await expect.poll(() => server.sent('GET /api/diagnoses/synonyms').length).toBeGreaterThanOrEqual(2);
  });

  it('adds a term: an empty one is told under the field, one the list has already under the term', async () => {
    const { user, server } = renderScreen(<DiagnosisTermsSection canConfigure />, {
      routes: {
        '/api/diagnoses/synonyms': list(TERMS),
        '/api/diagnoses': list([]),
        'POST /api/diagnoses/synonyms': fail(409, '"UTI" already finds GC08.Z'),
      },
    });
    await screen.findByText('homa kali');
    await user.click(screen.getByRole('button', { name: 'Add term' }));
    const termBox = screen.getByRole('textbox', { name: /^Term/ });
    expect(descriptionOf(termBox)).toBe('Enter the term a clinician types');
    expect(server.sent('POST /api/diagnoses/synonyms')).toHaveLength(0);

    await user.type(termBox, 'uti');
    await user.type(screen.getByRole('combobox', { name: /ICD-11 code/ }), 'GC08.Z');
    await user.click(screen.getByRole('button', { name: 'Add term' }));
    await expect.poll(() => descriptionOf(termBox)).toBe('"UTI" already finds GC08.Z');
    expect(server.sent('POST /api/diagnoses/synonyms')[0]!.body).toEqual({ term: 'uti', code: 'GC08.Z', language: 'en' });
  });

  it('says what is missing in Kiswahili', async () => {
    await inKiswahili(sw);
    const { user } = renderScreen(<DiagnosisTermsSection canConfigure />, { routes: { '/api/diagnoses/synonyms': list(TERMS) } });
    await screen.findByText('homa kali');
    await user.click(screen.getByRole('button', { name: 'Ongeza neno' }));
    expect(descriptionOf(screen.getByRole('textbox', { name: /^Neno/ }))).toBe('Andika neno ambalo mhudumu wa afya huandika');
  });

  it('a role that may not change them reads the list with nothing to change', async () => {
    renderScreen(<DiagnosisTermsSection canConfigure={false} />, { as: 'clinical_officer', routes: { '/api/diagnoses/synonyms': list(TERMS) } });
    await screen.findByText('homa kali');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Term/ })).toBeNull();
  });
});
