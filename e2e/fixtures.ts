// Shared helpers for the browser journeys: sign in through the demo API, and check a page with axe-core.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_DOMAIN = 'health.busiacounty.example';
export const DEMO_PASSWORD = 'AfyaDemo#2026';
export const DEMO_EMAILS = {
  county_director: `margaret.nekesa@${DEMO_DOMAIN}`,
  subcounty_medical_officer: `peter.wekesa@${DEMO_DOMAIN}`,
  facility_incharge: `grace.atieno@${DEMO_DOMAIN}`,
  clinical_officer: `brian.ouma@${DEMO_DOMAIN}`,
  nurse: `mary.achieng@${DEMO_DOMAIN}`,
  records_officer: `joseph.barasa@${DEMO_DOMAIN}`,
  lab_technician: `emmanuel.emojong@${DEMO_DOMAIN}`,
  pharmacist: `faith.nafula@${DEMO_DOMAIN}`,
  nutritionist: `sarah.auma@${DEMO_DOMAIN}`,
  admin: `david.omuse@${DEMO_DOMAIN}`,
} as const;

/** Signs in through the demo API (sets the session cookie in the page's context), then opens `path`. */
export async function signInAs(page: Page, role: keyof typeof DEMO_EMAILS, path = '/'): Promise<void> {
  const res = await page.request.post('/api/demo/login', { data: { email: DEMO_EMAILS[role] } });
  expect(res.status()).toBe(200);
  await page.goto(path);
}

/** Fails on any serious or critical axe-core finding (WCAG 2.1 A and AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}
