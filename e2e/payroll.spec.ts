// The journey through a month's payroll (issue 27): the payroll officer imports a timesheet, processes the
// month for a dispensary, sees that a new clerk cannot be paid (no salary scale for his job group), fixes the
// employee and processes again, and submits; the county director approves it on his phone; the run's journal is in
// the trial balance, and the clerk's payslip and the P10 read right.
import type { Department, Employee } from '../src/shared/payroll/index.js';
import type { Statement } from '../src/shared/accounting/index.js';
import { countyDate } from '../src/shared/county-time.js';
import { pdfText } from '../src/server/test/pdf.js';
import { expect, expectAccessible, getJson, randomLetters, signInAs, test, toast } from './fixtures.js';

test('a month of a dispensary’s payroll: timesheet, process, an exception fixed, submitted, approved on a phone, posted, documents', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAs(page, 'payroll_officer', '/payroll');
  await expect(page.getByRole('heading', { level: 1, name: 'Payroll Management' })).toBeVisible();
  // The cards are last month's county run (the demo county's), from the database.
  const [latest] = await getJson<{ employees: number }[]>(page, '/api/payroll/runs');
  await expect(page.getByTestId('payroll-card-employees').getByTestId('payroll-card-value')).toHaveText(latest!.employees.toLocaleString('en-KE'));

  // Budalangi Dispensary, and a clerk who joined on the 1st with a job group the salary scale does not have.
  const facilities = await getJson<{ id: number; name: string }[]>(page, '/api/facilities');
  const dispensary = facilities.find((f) => f.name === 'Budalangi Dispensary')!;
  const departments = await getJson<Department[]>(page, '/api/payroll/departments');
  // The county's month (Africa/Nairobi), as the server's: from 21:00 UTC on a month's last day it is the next one.
  const month = countyDate(new Date()).slice(0, 7);
  const lastName = `Okumu${randomLetters(6)}`;
  const personalNumber = `E2E/${randomLetters(6).toUpperCase()}`;
  const added = await page.request.post('/api/payroll/employees', {
    data: {
      personalNumber,
      nationalId: String(30_000_000 + Math.floor(Math.random() * 9_000_000)),
      firstName: 'Kevin',
      lastName,
      facilityId: dispensary.id,
      departmentId: departments.find((d) => d.name === 'Administration')!.id,
      cadre: 'Clerical Officer',
      jobGroup: 'ZZ',
      terms: 'permanent',
      hiredOn: `${month}-01`,
      pensionScheme: 'lapfund',
      payMethod: 'mpesa',
      mpesaPhone: '0712 345 600',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const [colleague] = (await getJson<Employee[]>(page, `/api/payroll/employees?facilityId=${dispensary.id}&limit=10`)).filter((e) => e.lastName !== lastName);

  // Import Timesheet: a wrong line is named and nothing is imported; the corrected file is.
  await page.getByRole('button', { name: 'Import Timesheet' }).click();
  const importing = page.getByRole('dialog', { name: 'Import Timesheet' });
  const csv = importing.getByLabel('Or paste the CSV text');
  await csv.fill(`personal_number,period,overtime_hours,rest_day_hours,casual_days\n${colleague!.personalNumber},${month},900,,`);
  await importing.getByRole('button', { name: 'Preview' }).click();
  await expect(importing.getByTestId('payroll-timesheet-issues')).toContainText('Line 2: overtime_hours must be a number from 0 to 200 (900)');
  await expect(importing.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await csv.fill(`personal_number,period,overtime_hours,rest_day_hours,casual_days\n${colleague!.personalNumber},${month},12,4,`);
  await importing.getByRole('button', { name: 'Preview' }).click();
  await expect(importing.getByText('1 line ready to import')).toBeVisible();
  await importing.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page, '1 timesheet line imported')).toBeVisible();

  // Process Payroll for the dispensary's month: the clerk cannot be paid.
  const processMonth = async () => {
    await page.getByRole('button', { name: 'Process Payroll' }).click();
    const dialog = page.getByRole('dialog', { name: 'Process Monthly Payroll' });
    await dialog.getByRole('combobox', { name: 'Pay', exact: true }).selectOption('facility');
    await dialog.getByLabel('Facility').selectOption({ label: dispensary.name });
    await dialog.getByRole('button', { name: 'Process', exact: true }).click();
    await expect(dialog).toBeHidden();
  };
  await processMonth();
  await expect(toast(page, 'Payroll processed')).toBeVisible();
  await expect(page).toHaveURL(/tab=current/);
  const run = page.getByTestId('payroll-run');
  await expect(run.getByTestId('payroll-run-status')).toHaveText('Draft');
  await page.getByLabel('Show', { exact: true }).selectOption('exceptions');
  const clerkRow = page.getByTestId('payroll-lines').getByRole('row').filter({ hasText: lastName });
  await expect(clerkRow.getByTestId('payroll-line-exception').filter({ hasText: 'No salary scale' })).toBeVisible();
  await expect(clerkRow.getByTestId('payroll-line-exception').filter({ hasText: 'No KRA PIN' })).toBeVisible();
  await page.getByLabel('Show', { exact: true }).selectOption('');
  const colleagueRow = page.getByTestId('payroll-lines').getByRole('row').filter({ hasText: colleague!.personalNumber });
  await expect(colleagueRow).toBeVisible();
  await expectAccessible(page);

  // Submitting is refused while someone cannot be paid, and says why.
  await run.getByRole('button', { name: 'Submit for approval' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page.getByText(/1 employee cannot be paid \(no salary scale, or no bank account or M-Pesa number\)/).first()).toBeVisible();

  // The officer fixes the clerk in Employee Records: job group K and his KRA PIN from the 1st, the day he was hired
  // (a correction of that version; both are kept in his history).
  await page.getByRole('tab', { name: 'Employee Records' }).click();
  await page.getByLabel('Name, ID or personal number').fill(lastName);
  await page.getByTestId('payroll-employees').getByRole('button', { name: `Kevin ${lastName}` }).click();
  const record = page.getByRole('dialog', { name: `Kevin ${lastName}` });
  await record.getByRole('button', { name: 'Change' }).click();
  await record.getByLabel('From').fill(`${month}-01`);
  await record.getByLabel('Why').fill('Appointment letter: job group K');
  await record.getByLabel('Job group').fill('K');
  await record.getByLabel('KRA PIN').fill('A009876543Z');
  await record.getByRole('button', { name: 'Save change' }).click();
  await expect(toast(page, 'Change saved')).toBeVisible();
  await expect(record.getByTestId('payroll-employee-history')).toContainText('Appointment letter: job group K');
  await record.getByRole('button', { name: 'Close' }).first().click();

  // Processed again, the same draft is reworked and goes for approval.
  await processMonth();
  await expect(run.getByTestId('payroll-run-totals')).toBeVisible();
  await page.getByLabel('Name or personal number').fill(lastName);
  await expect(page.getByTestId('payroll-lines').getByRole('row').filter({ hasText: lastName }).getByTestId('payroll-line-exception')).toHaveCount(0);
  await run.getByRole('button', { name: 'Submit for approval' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Submit for approval' }).click();
  await expect(toast(page, 'Pay run submitted')).toBeVisible();
  await expect(run.getByTestId('payroll-run-status')).toHaveText('Pending approval');
  // The officer who prepared it is offered no Approve.
  await expect(run.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The county director approves it on his phone, from the pending approvals.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: test.info().project.use.baseURL });
  const director = await phone.newPage();
  await signInAs(director, 'county_director', '/payroll');
  await director.getByTestId('payroll-pending').getByRole('listitem').filter({ hasText: dispensary.name }).getByRole('button', { name: 'Review' }).click();
  const toApprove = director.getByTestId('payroll-run');
  await expect(toApprove).toContainText(dispensary.name);
  await toApprove.getByRole('button', { name: 'Approve' }).click();
  await director.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(toast(director, 'Pay run approved')).toBeVisible();
  await expect(toApprove.getByTestId('payroll-run-status')).toHaveText('Approved');
  const journal = (await toApprove.getByTestId('payroll-run-journal').textContent())!.trim();
  expect(journal).toMatch(/^JNL-\d{4}\/\d{2}-\d{6}$/);
  expect(await director.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The dispensary's trial balance this month carries the run: net salaries payable, credited with its net pay.
  const runs = await getJson<{ id: number; net: number; employees: number; scope: { facilityId: number | null }; status: string }[]>(director, `/api/payroll/runs?period=${month}`);
  const approved = runs.find((r) => r.scope.facilityId === dispensary.id && r.status === 'approved')!;
  const tb = await getJson<Statement>(director, `/api/accounting/trial-balance?from=${month}-01&facilityId=${dispensary.id}`);
  const salaries = tb.sections.flatMap((x) => x.rows).find((r) => r.code === '2220');
  expect(salaries, 'net salaries payable in the trial balance').toBeTruthy();
  expect(JSON.stringify(salaries)).toContain(String(approved.net));
  await phone.close();

  // The officer records the month's net pay as paid: a journal for another person to approve in Accounting.
  await page.goto('/payroll?tab=current');
  await expect(run.getByTestId('payroll-run-status')).toHaveText('Approved');
  await run.getByRole('button', { name: 'Record net pay paid' }).click();
  const paying = page.getByRole('dialog', { name: 'Record a payment' });
  await paying.getByLabel('Bank or portal reference').fill('KCB-BULK-2211');
  await paying.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect(run.getByTestId('payroll-run-paid')).toContainText('KCB-BULK-2211');

  // The clerk's payslip and the dispensary's P10.
  const payslip = await page.request.get(`/api/payroll/runs/${approved.id}/payslips/${(await added.json()).id}.pdf?lang=en`);
  expect(payslip.headers()['content-type']).toBe('application/pdf');
  const slip = pdfText(await payslip.body());
  expect(slip).toContain('Payslip');
  expect(slip).toContain(`Kevin ${lastName}`);
  expect(slip).toContain('A009876543Z');
  const p10 = await page.request.get(`/api/payroll/runs/${approved.id}/returns/p10`);
  expect(p10.status()).toBe(200);
  const lines = (await p10.text()).trim().split('\n');
  expect(lines[0]).toContain('PIN of Employee,Name of Employee');
  expect(lines.find((l) => l.startsWith('A009876543Z,'))).toContain(`Kevin ${lastName}`);
  expect(lines.length - 1).toBe(approved.employees);
  // The colleague's overtime is on his payslip.
  const theirs = pdfText(await (await page.request.get(`/api/payroll/runs/${approved.id}/payslips/${colleague!.id}.pdf?lang=en`)).body());
  expect(theirs).toContain('Overtime');
});
