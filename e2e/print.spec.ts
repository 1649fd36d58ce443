// Printing a screen from the browser (issue 29 item 6): an invoice's details dialog prints as the invoice, not the
// billing list behind it, and the balance sheet prints as its statement; neither carries the sidebar, the header or
// the floating buttons, and each fits its pages (Chromium's own print of the page, as Ctrl+P makes it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.js';

/**
 * The page printed as Ctrl+P prints it on A4: its text and its number of pages, read by poppler's pdftotext and
 * pdfinfo (Chromium's PDF keeps its text in subset fonts, which only a real PDF reader maps back to letters).
 */
async function printed(page: Page): Promise<{ text: string; pages: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'afya-print-'));
  try {
    const file = join(dir, 'page.pdf');
    writeFileSync(file, await page.pdf({ format: 'A4', preferCSSPageSize: true }));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    return { text, pages };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Words only the shell shows: the sidebar's sections and entries, the floating buttons' names. */
const SHELL_WORDS = ['Patient Registry', 'Staff Management', 'Medical Inventory', 'FINANCIAL MANAGEMENT', 'Emergency Alert', "Today's Overview"];

test('an invoice dialog prints as the invoice, the balance sheet as its statement, without the shell', async ({ page }) => {
  await signInAs(page, 'county_director', '/billing');
  const row = page.getByTestId('invoice-row').first();
  // The county's first page of invoices, counted across every facility: past the 5 s default once on a loaded 2-core CI.
  await expect(row).toBeVisible({ timeout: 20_000 });
  const invoice = (await row.textContent())!.match(/INV-\d{4}-\d{6}/)![0];
  await row.getByRole('button', { name: `View details of ${invoice}` }).click();
  await expect(page.getByRole('dialog', { name: `Invoice ${invoice}` })).toBeVisible();
  const dialog = await printed(page);
  expect(dialog.text).toContain(invoice);
  for (const word of SHELL_WORDS) expect(dialog.text).not.toContain(word);
  // The list behind it (50 invoices a page) is not printed: one invoice fits one page, two at most.
  expect(dialog.pages).toBeLessThanOrEqual(2);
  expect(dialog.text.match(/INV-\d{4}-\d{6}/g)!.every((n) => n === invoice)).toBe(true);

  await page.goto('/accounting?tab=reports');
  await page.getByLabel('Report', { exact: true }).selectOption({ label: 'Statement of Financial Position' });
  const statement = page.getByTestId('statement');
  await expect(statement).toHaveAttribute('data-kind', 'balance-sheet');
  const sheet = await printed(page);
  for (const word of SHELL_WORDS) expect(sheet.text).not.toContain(word);
  expect(sheet.text).toMatch(/Total assets/i);
  expect(sheet.pages).toBeLessThanOrEqual(3);
});
