// The trial balance: each account's opening, movement and closing balance on its debit or credit side, by section,
// with the three checks that debits equal credits.
import type { Statement, StatementQuery, StatementRow } from '../../../../shared/accounting/index.js';
import { add, compare, isZero, negate, ZERO_TOTAL, type Total } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import { booksScope } from '../scope.js';
import { accountRow, byAccount, equalCheck, frame, kes, lineRow, loadChart, SECTION_OF, statementRange, TYPES } from './common.js';
import { closingNet, openingNet } from './totals.js';

const side = (net: Total): [Total, Total] => (compare(net, ZERO_TOTAL) >= 0 ? [net, ZERO_TOTAL] : [ZERO_TOTAL, negate(net)]);

export async function trialBalance(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q);
  const [accounts, totals] = await Promise.all([loadChart(ctx.db), byAccount(ctx, books, range.from, range)]);
  const sums = { od: ZERO_TOTAL, oc: ZERO_TOTAL, d: ZERO_TOTAL, c: ZERO_TOTAL, cd: ZERO_TOTAL, cc: ZERO_TOTAL };
  const sections = TYPES.map((type) => {
    const rows: StatementRow[] = [];
    for (const t of totals.values()) {
      const a = accounts.get(t.code);
      if (!a || a.type !== type) continue;
      const [od, oc] = side(openingNet(t));
      const d = add(t.debit, t.closingDebit);
      const c = add(t.credit, t.closingCredit);
      const [cd, cc] = side(closingNet(t));
      if ([od, oc, d, c, cd, cc].every(isZero)) continue;
      sums.od = add(sums.od, od);
      sums.oc = add(sums.oc, oc);
      sums.d = add(sums.d, d);
      sums.c = add(sums.c, c);
      sums.cd = add(sums.cd, cd);
      sums.cc = add(sums.cc, cc);
      rows.push(accountRow(a, { openingDebit: kes(od), openingCredit: kes(oc), debit: kes(d), credit: kes(c), closingDebit: kes(cd), closingCredit: kes(cc) }));
    }
    return { ...SECTION_OF[type], rows };
  }).filter((s) => s.rows.length > 0);
  sections.push({
    key: 'totals',
    label: 'Totals',
    rows: [lineRow('total', 'Total', { openingDebit: kes(sums.od), openingCredit: kes(sums.oc), debit: kes(sums.d), credit: kes(sums.c), closingDebit: kes(sums.cd), closingCredit: kes(sums.cc) })],
  });
  return {
    ...frame('trial-balance', books, range, ctx),
    columns: [
      { key: 'openingDebit', label: 'Opening debit', kind: 'money' },
      { key: 'openingCredit', label: 'Opening credit', kind: 'money' },
      { key: 'debit', label: 'Debit', kind: 'money' },
      { key: 'credit', label: 'Credit', kind: 'money' },
      { key: 'closingDebit', label: 'Closing debit', kind: 'money' },
      { key: 'closingCredit', label: 'Closing credit', kind: 'money' },
    ],
    sections,
    checks: [
      equalCheck('openingBalanced', 'Opening debits equal opening credits', sums.od, sums.oc, ['Debits', 'credits']),
      equalCheck('movementsBalanced', 'Debits equal credits for the period', sums.d, sums.c, ['Debits', 'credits']),
      equalCheck('closingBalanced', 'Closing debits equal closing credits', sums.cd, sums.cc, ['Debits', 'credits']),
    ],
  };
}
