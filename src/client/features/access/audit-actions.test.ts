// Every action the server writes to the audit trail has words in both languages (issue 29 item 5): the trail shows
// "Bank statement imported" / "Taarifa ya benki iliingizwa" above `reconciliation.imported`. The codes are read from
// the server's source as the locales test reads the screens' keys: `action: '…'` (and both sides of a ternary), the
// constants that name actions (RESEND_ACTION, AUDIT_ACTIONS), the codes passed to the functions whose last parameter
// is the action (getReferral(ctx, id, 'referral.letter.print')), and each value of the codes built from a template.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAIM_DECISIONS } from '../../../shared/billing';
import { STOCK_UPDATE_KINDS } from '../../../shared/inventory';
import en from './locales/en.json';
import sw from './locales/sw.json';

const SERVER = join(import.meta.dirname, '../../../server');
const CODE = String.raw`[a-z][a-zA-Z0-9_]*(?:\.[a-zA-Z0-9_]+)+`;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}
const texts = sources(SERVER).map((file) => readFileSync(file, 'utf8'));
const source = (path: string) => readFileSync(join(SERVER, path), 'utf8');

/** The values of a quoted list in the server's source (`export const KHIS_STEPS = ['dryRun', …]`). */
function listIn(path: string, pattern: RegExp): string[] {
  const found = pattern.exec(source(path))?.[1];
  if (!found) throw new Error(`${path}: ${pattern} not found`);
  return [...found.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

/**
 * The actions built from a template, with the values the template takes. A new template fails the test until its
 * values are here; a refused request is recorded as its method and route (plugins/auth.ts) and shown as it is.
 */
const TEMPLATES: Record<string, readonly string[]> = {
  'claim.${input.decision}': CLAIM_DECISIONS,
  'inventory.${input.kind}': STOCK_UPDATE_KINDS,
  'report.khis.${step}': listIn('modules/reports/reports.khis.ts', /export const KHIS_STEPS = \[([^\]]+)\]/),
  'billing.${which}.print': listIn('modules/billing/billing.pdf.ts', /which: ((?:'[a-z]+'(?: \| )?)+)/),
};
const REQUEST_LINE = "${request.method} ${request.routeOptions.url ?? ''}";

function actionCodes(): { codes: Set<string>; templates: Set<string> } {
  const codes = new Set<string>();
  const templates = new Set<string>();
  const all = texts.join('\n');
  // Functions that take the action as their last parameter, and the literal actions their callers pass.
  const takers = [...all.matchAll(/\bfunction (\w+)\([^)]*\baction(?:\s*=\s*'[^']*'|: string)\s*\)/g)].map((m) => m[1]!);
  for (const text of texts) {
    for (const m of text.matchAll(new RegExp(String.raw`\baction\s*[:=]\s*'(${CODE})'`, 'g'))) codes.add(m[1]!);
    for (const m of text.matchAll(new RegExp(String.raw`\baction\s*:\s*[^,'"\n\`]*\?\s*'(${CODE})'\s*:\s*'(${CODE})'`, 'g'))) [m[1]!, m[2]!].forEach((c) => codes.add(c));
    for (const m of text.matchAll(/\b[A-Z_]*ACTIONS?\b[^=\n]*=\s*([^;\n]+)/g)) for (const c of m[1]!.matchAll(new RegExp(`'(${CODE})'`, 'g'))) codes.add(c[1]!);
    for (const m of text.matchAll(/\baction\s*:\s*`([^`]*)`/g)) templates.add(m[1]!);
    for (const name of takers) {
      for (const m of text.matchAll(new RegExp(String.raw`\b${name}\([^()]*,\s*'(${CODE})'\)`, 'g'))) codes.add(m[1]!);
      for (const m of text.matchAll(new RegExp(String.raw`\b${name}\([^()]*,\s*\`([^\`]*)\`\)`, 'g'))) templates.add(m[1]!);
    }
  }
  return { codes, templates };
}

const labels = (tree: { access: { auditActions: Record<string, string> } }) => tree.access.auditActions;

describe('the audit trail names every action in both languages', () => {
  const { codes, templates } = actionCodes();
  const expanded = [...templates].filter((t) => t !== REQUEST_LINE).flatMap((t) => (TEMPLATES[t] ?? []).map((v) => t.replace(/\$\{[^}]+\}/, v)));
  const all = [...new Set([...codes, ...expanded])].sort();

  it('finds the actions the server writes, and knows the values of every template', () => {
    // The trail's own examples, from each way an action is written.
    for (const code of ['reconciliation.imported', 'staff.deactivate', 'sms_message.resend', 'moh.khis.update', 'referral.letter.print', 'claim.rejected', 'report.khis.dryRun', 'billing.receipt.print'])
      expect(all).toContain(code);
    expect(all.length).toBeGreaterThan(140);
    expect([...templates].filter((t) => t !== REQUEST_LINE && !TEMPLATES[t])).toEqual([]);
  });

  it.each([
    ['English', labels(en)],
    ['Kiswahili', labels(sw)],
  ] as const)('every action has words in %s', (_language, map) => {
    expect(all.filter((code) => !map[code]?.trim())).toEqual([]);
  });

  it('names no action the server does not write (a renamed code takes its words along)', () => {
    expect(Object.keys(labels(en)).filter((code) => !all.includes(code))).toEqual([]);
    expect(Object.keys(labels(sw)).sort()).toEqual(Object.keys(labels(en)).sort());
  });
});
