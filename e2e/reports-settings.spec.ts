// Journeys through the settings of /reports (issue 13): how the MOH forms are counted and sent to KHIS.
//
// ┌───────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
// │ PASSES ONLY ONCE /reports IS LIVE WITH A "Settings" TAB THAT RENDERS <ReportsSettings /> (branch h-reportsui).  │
// │ Until both branches are merged /reports is a "being built" page and every journey here fails at openSettings. │
// └───────────────────────────────────────────────────────────────────────────────────────────────────────────────┘
//
// The health records officer reads MOH 705A's rows and finds where a code counts; maps Tetanus to Neonatal tetanus
// by mistake and removes it again, saying why; is told which row already counts Pneumonia when she maps it twice;
// changes the age rule to KenyaEMR's and back; fills in KHIS identifiers for MOH 705B, is shown what KHIS would
// refuse under each box, and is asked before a form switch throws her typing away. A nurse reads the same settings
// and is told why she cannot change them. At 390 px no section scrolls sideways. Everything a journey changes it
// puts back, so the reports other journeys generate are counted as the county's defaults say.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInAs, test, toast, type DEMO_EMAILS } from './fixtures.js';

type RowCode = { id: number; code: string; match: 'exact' | 'prefix'; withExtension: string[] | null };
type MappingRow = { key: string; row: number; label: string; source: string; codes: RowCode[] };
type Setting = { key: string; value: string; isDefault: boolean };
type Khis = { form: string; dataSet: string | null; rows: { key: string; label: string; dataElement: string | null; categoryOptionCombo: string | null }[] };

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** /reports, then its Settings tab (the reports page's own tab, which renders ReportsSettings). */
async function openSettings(page: Page, role: keyof typeof DEMO_EMAILS): Promise<void> {
  await signInAs(page, role, '/reports');
  await page.getByRole('tab', { name: 'Settings', exact: true }).click();
  await expect(page.getByTestId('reports-settings')).toBeVisible();
}

const section = (page: Page, name: 'Form mapping' | 'HMIS decisions' | 'KHIS identifiers') => page.getByRole('tab', { name, exact: true });
const mappingRow = (page: Page, row: Pick<MappingRow, 'row' | 'label'>) => page.getByRole('listitem', { name: `${row.row}. ${row.label}`, exact: true });

/** Removes, through the API, a code a failed earlier run may have left on a row. */
async function removeLeftover(page: Page, form: '705A' | '705B', rowKey: string, code: string): Promise<void> {
  const rows = await getJson<MappingRow[]>(page, `/api/moh/mappings?form=${form}`);
  for (const c of rows.find((r) => r.key === rowKey)?.codes.filter((c) => c.code === code) ?? []) {
    const res = await page.request.delete(`/api/moh/mappings/${c.id}`, { data: { reason: 'Left over by an earlier journey' } });
    expect(res.status()).toBe(200);
  }
}

test('a records officer finds where a code counts, maps one by mistake and removes it saying why', async ({ page }) => {
  await openSettings(page, 'records_officer');
  await removeLeftover(page, '705A', 'neonatal_tetanus', '1C13');
  const rows = await getJson<MappingRow[]>(page, '/api/moh/mappings?form=705A');
  const pneumonia = rows.find((r) => r.key === 'pneumonia')!;
  const severe = rows.find((r) => r.key === 'severe_pneumonia')!;
  const tetanus = rows.find((r) => r.key === 'neonatal_tetanus')!;

  // The form's rows in its order, each with where its count comes from and its codes as chips.
  await expect(page.getByRole('radio', { name: 'MOH 705A' })).toBeChecked();
  await expect(page.getByText(`${rows.length} rows on MOH 705A`)).toBeVisible();
  await expect(page.getByTestId('mapping-row')).toHaveCount(rows.length);
  await expect(page.getByTestId('mapping-row').first()).toHaveAttribute('aria-label', `${rows[0]!.row}. ${rows[0]!.label}`);
  await expect(mappingRow(page, pneumonia).getByTestId('row-source')).toHaveText('ICD-11 codes');
  await expect(mappingRow(page, pneumonia).getByTestId('code-chip')).toContainText(['CA40…']);
  await expect(mappingRow(page, severe).getByTestId('code-chip')).toContainText(['CA40…']);
  await expect(mappingRow(page, severe).getByTestId('code-chip').first()).toContainText('with XS25');
  const attendances = rows.find((r) => r.source === 'visit')!;
  await expect(mappingRow(page, attendances).getByTestId('row-source')).toHaveText('Visits');
  await expectAccessible(page);

  // A typed code finds the rows whose prefix covers it: CA40.0 counts in Pneumonia (Severe pneumonia with XS25).
  const search = page.getByRole('searchbox', { name: 'Find a row or a code' });
  await search.fill('CA40.0');
  await expect(page.getByTestId('mapping-row')).toHaveCount(2);
  await expect(page.getByText('2 of', { exact: false })).toContainText(`2 of ${rows.length} rows on MOH 705A`);
  await search.fill('no such disease');
  await expect(page.getByText('No row or code matches')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(page.getByTestId('mapping-row')).toHaveCount(rows.length);

  // Pneumonia is already counted: mapping CA40 again to another row is refused, and the message names the row.
  const lower = rows.find((r) => r.key === 'lower_respiratory_tract_infections')!;
  await mappingRow(page, lower).getByRole('button', { name: `Add code to ${lower.row}. ${lower.label}` }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a code to a row' });
  await expect(dialog).toContainText(`MOH 705A, row ${lower.row}: ${lower.label}`);
  await dialog.getByRole('combobox', { name: 'ICD-11 code or prefix' }).fill('CA40');
  await dialog.getByRole('radio', { name: /This code and every code under it/ }).check();
  await dialog.getByRole('button', { name: 'Add code' }).click();
  await expect(dialog.getByRole('combobox', { name: 'ICD-11 code or prefix' })).toHaveAccessibleDescription(
    new RegExp(`CA40… already counts in row ${pneumonia.row} · ${pneumonia.label} on MOH 705A: remove it there first`),
  );
  await expect(dialog.getByRole('combobox', { name: 'ICD-11 code or prefix' })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // She maps Tetanus, found by name, to Neonatal tetanus: the chip shows at once.
  await mappingRow(page, tetanus).getByRole('button', { name: `Add code to ${tetanus.row}. ${tetanus.label}` }).click();
  dialog = page.getByRole('dialog', { name: 'Add a code to a row' });
  const code = dialog.getByRole('combobox', { name: 'ICD-11 code or prefix' });
  await code.fill('tetanus');
  await dialog.getByRole('option', { name: /^1C13\s+Tetanus$/ }).click();
  await expect(code).toHaveValue('1C13');
  await expect(dialog.getByTestId('add-code-summary')).toHaveText(`1C13 will count in row ${tetanus.row} · ${tetanus.label} on MOH 705A.`);
  await dialog.getByLabel('Only with extension codes (optional)').fill('severe');
  await dialog.getByRole('button', { name: 'Add code' }).click();
  await expect(dialog.getByText('An extension code starts with X (e.g. XS25)')).toBeVisible();
  await dialog.getByLabel('Only with extension codes (optional)').fill('');
  await dialog.getByRole('button', { name: 'Add code' }).click();
  await expect(toast(page, 'Code added')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(mappingRow(page, tetanus).getByTestId('code-chip')).toContainText(['1C15', '1C13']);
  const added = (await getJson<MappingRow[]>(page, '/api/moh/mappings?form=705A')).find((r) => r.key === 'neonatal_tetanus')!.codes.find((c) => c.code === '1C13');
  expect(added).toMatchObject({ match: 'exact', withExtension: null });

  // A mistake: she removes it, and must say why.
  await mappingRow(page, tetanus).getByRole('button', { name: `Remove 1C13 from ${tetanus.label}` }).click();
  dialog = page.getByRole('dialog', { name: 'Remove a code from a row' });
  await expect(dialog).toContainText(`1C13 (Tetanus) from MOH 705A, row ${tetanus.row}: ${tetanus.label}`);
  await dialog.getByRole('button', { name: 'Remove 1C13' }).click();
  await expect(dialog.getByText('Say why the code is removed (3 characters or more)')).toBeVisible();
  await dialog.getByLabel('Why is it removed?').fill('Tetanus after the newborn period is not neonatal tetanus');
  await dialog.getByRole('button', { name: 'Remove 1C13' }).click();
  await expect(toast(page, 'Code removed')).toBeVisible();
  await expect(mappingRow(page, tetanus).getByTestId('code-chip')).toHaveCount(tetanus.codes.length);
  expect((await getJson<MappingRow[]>(page, '/api/moh/mappings?form=705A')).find((r) => r.key === 'neonatal_tetanus')!.codes.map((c) => c.code)).not.toContain('1C13');

  // MOH 705B has rows of its own.
  await page.getByRole('radio', { name: 'MOH 705B' }).check();
  const rowsB = await getJson<MappingRow[]>(page, '/api/moh/mappings?form=705B');
  await expect(page.getByText(`${rowsB.length} rows on MOH 705B`)).toBeVisible();
});

test('a records officer switches the age rule to KenyaEMR’s and back, each change saved at once', async ({ page }) => {
  await openSettings(page, 'records_officer');
  const before = (await getJson<Setting[]>(page, '/api/moh/settings')).find((s) => s.key === 'ageRule')!;
  expect(before.value).toBe('visitDate');
  await section(page, 'HMIS decisions').click();

  const decision = page.getByTestId('hmis-decision').filter({ has: page.getByRole('heading', { name: 'Age rule: which day the age is taken' }) });
  // A child who turns 5 during the month, visit by visit, under each rule.
  await expect(decision.getByTestId('age-rule-example')).toContainText('705A: she is 4 that day');
  await expect(decision.getByTestId('age-rule-example')).toContainText('705B: she is 5 on 31 March');
  const visitDate = decision.getByRole('radio', { name: /Age on the visit date/ });
  const endOfMonth = decision.getByRole('radio', { name: /Age at the end of the month/ });
  await expect(visitDate).toBeChecked();
  await expect(decision.getByRole('radio', { name: /Age on the visit date Default/ })).toBeVisible();
  await expectAccessible(page);

  await endOfMonth.check();
  await expect(toast(page, 'Decision saved')).toBeVisible();
  await expect(endOfMonth).toBeChecked();
  await expect(decision.getByTestId('decision-changed')).toContainText('Changed by Joseph Barasa on');
  await expect.poll(async () => (await getJson<Setting[]>(page, '/api/moh/settings')).find((s) => s.key === 'ageRule')!.value).toBe('endOfMonth');

  // Back to the county's default, which other journeys' reports count by.
  await visitDate.check();
  await expect(visitDate).toBeChecked();
  await expect.poll(async () => (await getJson<Setting[]>(page, '/api/moh/settings')).find((s) => s.key === 'ageRule')!.value).toBe('visitDate');
});

test('a records officer fills in KHIS identifiers for MOH 705B: each refusal under its box, a form switch asks first', async ({ page }) => {
  await openSettings(page, 'records_officer');
  const saved = await getJson<Khis>(page, '/api/moh/khis?form=705B');
  const [first, second] = saved.rows;
  await section(page, 'KHIS identifiers').click();
  await expect(page.getByText(/KHIS identifiers come from the county's KHIS administrators; only 705A's dataSet, EnZokILHOeN, is pre-filled/)).toBeVisible();
  await expect(page.getByLabel('dataSet (the form in KHIS)')).toHaveValue('EnZokILHOeN');
  await expectAccessible(page);

  await page.getByRole('radio', { name: 'MOH 705B' }).check();
  await expect(page.getByLabel('dataSet (the form in KHIS)')).toHaveValue(saved.dataSet ?? '');
  await expect(page.getByTestId('khis-row')).toHaveCount(saved.rows.length);
  const element = (label: string) => page.getByRole('textbox', { name: `dataElement of ${label}`, exact: true });

  // Not an identifier: refused before it is sent, under the box.
  await page.getByLabel('dataSet (the form in KHIS)').fill('B705x');
  await element(first!.label).fill('Ab12');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save MOH 705B' }).click();
  await expect(page.getByText('The dataSet is a KHIS identifier: a letter and ten letters or digits')).toBeVisible();
  await expect(element(first!.label)).toHaveAccessibleDescription('A dataElement is a KHIS identifier: a letter and ten letters or digits');

  // The same dataElement on two rows: the server refuses it, naming the other row, under the second box.
  await page.getByLabel('dataSet (the form in KHIS)').fill('Bq705Bform1');
  await element(first!.label).fill('Aq705Bdiar1');
  await element(second!.label).fill('Aq705Bdiar1');
  await page.getByRole('button', { name: 'Save MOH 705B' }).click();
  await expect(toast(page, 'The KHIS identifiers were not saved')).toBeVisible();
  await expect(element(second!.label)).toHaveAccessibleDescription(`Aq705Bdiar1 is already the dataElement of ${first!.label}`);
  await expect(element(second!.label)).toBeFocused();

  // Typing would be lost by a switch to another form: she is asked first, and stays.
  await page.getByRole('radio', { name: 'MOH 717' }).click();
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByRole('radio', { name: 'MOH 705B' })).toBeChecked();
  await expect(element(second!.label)).toHaveValue('Aq705Bdiar1');

  await element(second!.label).fill('Aq705Bdiar2');
  await page.getByRole('button', { name: 'Save MOH 705B' }).click();
  await expect(toast(page, 'KHIS identifiers saved')).toBeVisible();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
  const after = await getJson<Khis>(page, '/api/moh/khis?form=705B');
  expect(after.dataSet).toBe('Bq705Bform1');
  expect(after.rows.slice(0, 2).map((r) => [r.dataElement, r.categoryOptionCombo])).toEqual([
    ['Aq705Bdiar1', null],
    ['Aq705Bdiar2', null],
  ]);

  // Put back as it was, through the API: the county's KHIS identifiers are not a journey's to keep.
  const res = await page.request.put('/api/moh/khis', {
    data: { form: '705B', dataSet: saved.dataSet, rows: saved.rows.map((r) => ({ key: r.key, dataElement: r.dataElement, categoryOptionCombo: r.categoryOptionCombo })) },
  });
  expect(res.status()).toBe(200);
});

test('without KHIS connected, a records officer fills MOH 717 from a CSV file: a bad line is named and nothing imported until it is right', async ({ page }) => {
  await openSettings(page, 'records_officer');
  const saved = await getJson<Khis>(page, '/api/moh/khis?form=717');
  await section(page, 'KHIS identifiers').click();
  await page.getByRole('radio', { name: 'MOH 717' }).check();
  await expect(page.getByTestId('khis-row')).toHaveCount(saved.rows.length);

  // The journeys' server has no KHIS: Fetch from KHIS says why it cannot be used.
  const fetchButton = page.getByRole('button', { name: 'Fetch from KHIS' });
  await expect(fetchButton).toBeDisabled();
  await expect(fetchButton).toHaveAccessibleDescription(/^Fetch from KHIS cannot be used: KHIS is not connected\./);

  // Export CSV: the form's rows, one line each.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('khis-mapping-moh-717.csv');
  const exported = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(exported[0]).toBe('form,rowKey,rowLabel,dataElement,categoryOptionCombo,dataSet');
  expect(exported).toHaveLength(saved.rows.length + 1);

  // Filled in a spreadsheet: the 717 dataSet and two rows, one of them mistyped.
  const [first, second] = saved.rows;
  const line = (key: string, element: string) => `717,${key},,${element},,Mw717form01`;
  const dialog = page.getByRole('dialog', { name: 'Import the KHIS identifiers of MOH 717' });
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog.getByLabel('Or paste the CSV text').fill([exported[0], line(first!.key, 'Aq717new0u5'), line(second!.key, '7q717new0u5')].join('\n'));
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('khis-import-issues')).toHaveText('Line 3: dataElement 7q717new0u5 is not a DHIS2 identifier: a letter and ten letters or digits');
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();

  await dialog.getByLabel('Or paste the CSV text').fill([exported[0], line(first!.key, 'Aq717new0u5'), line(second!.key, 'Aq717new0u6')].join('\n'));
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('2 lines ready to import')).toBeVisible();
  await expect(dialog.getByText("The form's dataSet becomes Mw717form01.")).toBeVisible();
  await expect(dialog.getByTestId('khis-import-row')).toHaveCount(2);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, '2 lines imported')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The form shows what was imported, saved.
  await expect(page.getByLabel('dataSet (the form in KHIS)')).toHaveValue('Mw717form01');
  await expect(page.getByRole('textbox', { name: `dataElement of ${first!.label}`, exact: true })).toHaveValue('Aq717new0u5');
  await expect(page.getByText('No unsaved changes')).toBeVisible();

  // Put back as it was, through the API.
  const res = await page.request.put('/api/moh/khis', {
    data: { form: '717', dataSet: saved.dataSet, rows: saved.rows.map((r) => ({ key: r.key, dataElement: r.dataElement, categoryOptionCombo: r.categoryOptionCombo })) },
  });
  expect(res.status()).toBe(200);
});

test('a nurse reads the settings and is told why she cannot change them', async ({ page }) => {
  await openSettings(page, 'nurse');
  await expect(page.getByTestId('settings-read-only')).toHaveText(/Changing them is for the HMIS roles \(Records Officer, Facility In-Charge, Sub-County Medical Officer, County Health Director\); your role, Nurse, cannot change them\./);
  await expect(page.getByTestId('mapping-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add code to/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);

  await section(page, 'HMIS decisions').click();
  await expect(page.getByTestId('hmis-decision').first().getByRole('radio').first()).toBeDisabled();

  await section(page, 'KHIS identifiers').click();
  await expect(page.getByLabel('dataSet (the form in KHIS)')).not.toBeEditable();
  await expect(page.getByRole('button', { name: /^Save MOH/ })).toHaveCount(0);
  await expectAccessible(page);
});

test('at 390 px no section of the settings scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSettings(page, 'records_officer');
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  await expect(page.getByTestId('mapping-row').first()).toBeVisible();
  expect(await fits()).toBe(true);
  await section(page, 'HMIS decisions').click();
  await expect(page.getByTestId('hmis-decision').first()).toBeVisible();
  expect(await fits(), 'HMIS decisions').toBe(true);
  await section(page, 'KHIS identifiers').click();
  await expect(page.getByTestId('khis-row').first()).toBeVisible();
  expect(await fits(), 'KHIS identifiers').toBe(true);
});
