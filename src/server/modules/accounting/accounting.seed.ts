// The demo county's books (issue 14). The billing and stock seeds have already posted their history (one journal per
// invoice, payment, claim decision and stock movement). This step adds what the county's finance office posts by
// hand — the Treasury's monthly transfer, utilities, banking the M-Pesa, card and cash takings, the SHA and insurers'
// remittances of approved claims, suppliers' invoices and their payment — each prepared by one officer and
// approved by the director; sets this year's budgets, and leaves one journal awaiting approval and one rejected. Its
// last step (closeSeededMonths, after every module's seed — the payroll's runs post into those months) closes the
// months and years behind us as a county finance office would.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, fiscalYearOf } from '../../../shared/county-time.js';
import { isPositive, parseKes, subtract } from '../../../shared/money.js';
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../../db/seed/context.js';
import { accountBalances, accountingPeriods, budgets, fiscalYears, journals } from './accounting.schema.js';
import { adjustmentDeadline, monthEnd, nextMonth, post, postMany, type JournalDraft, type LedgerLine } from './ledger.js';
import { monthsOf, yearEndLines } from './periods.service.js';
import { seedReconciliation } from './reconciliation/seed.js';

const monthsBetween = (from: string, to: string) => {
  const out: string[] = [];
  for (let m = `${from.slice(0, 7)}-01`; m <= to; m = nextMonth(m)) out.push(m);
  return out;
};

/** Each month's net movement of some accounts per facility and fund, from the balances the events posted. */
async function movements(tx: Db, codes: string[]) {
  const rows = await tx
    .select({
      period: accountBalances.period,
      code: accountBalances.accountCode,
      facilityId: accountBalances.facilityId,
      fund: accountBalances.fund,
      debit: sql<string>`sum(${accountBalances.debit})::text`,
      credit: sql<string>`sum(${accountBalances.credit})::text`,
    })
    .from(accountBalances)
    .where(inArray(accountBalances.accountCode, codes))
    .groupBy(accountBalances.period, accountBalances.accountCode, accountBalances.facilityId, accountBalances.fund);
  return rows.map((r) => ({ ...r, debit: parseKes(r.debit), credit: parseKes(r.credit) }));
}

/** The Treasury's monthly operations release to a facility, KES, by its level. */
const RELEASE_BY_LEVEL: Record<number, number> = { 6: 650_000, 5: 650_000, 4: 240_000, 3: 45_000, 2: 12_000 };

/**
 * A facility's annual FIF collection target (KES) by level and fee account — the scale the Controller of Budget's
 * FIF tables show *(estimate)*: a county referral hospital collects tens of millions a year, a sub-county hospital
 * millions, a health centre hundreds of thousands, a dispensary tens of thousands. Outpatient fees (4110) and
 * inpatient, maternity and theatre fees (4120); a dispensary admits few.
 */
const FIF_TARGET_BY_LEVEL: Record<number, { '4110': number; '4120': number }> = {
  6: { '4110': 28_000_000, '4120': 36_000_000 },
  5: { '4110': 24_000_000, '4120': 30_000_000 },
  4: { '4110': 4_200_000, '4120': 5_400_000 },
  3: { '4110': 420_000, '4120': 260_000 },
  2: { '4110': 54_000, '4120': 12_000 },
};

/**
 * Old NHIF debt: claims the NHIF approved and never paid before SHA took over (1 October 2024), owed to the referral
 * hospital, the sub-county hospitals and the larger health centres *(estimate, of the order counties report)*. KES
 * by facility level; each facility's figure varies with its MFL code so no two are alike.
 */
const NHIF_LEGACY_BY_LEVEL: Record<number, number> = { 6: 46_000_000, 5: 38_400_000, 4: 6_200_000, 3: 540_000 };
const NHIF_LEVEL_3_FACILITIES = 6;

export async function seedAccounting(tx: Db, ctx: SeedContext): Promise<Record<string, number>> {
  const { random: r, today, now } = ctx;
  const director = ctx.users.find((u) => u.role === 'county_director')!.id;
  const admin = ctx.users.find((u) => u.role === 'admin')!.id;
  const incharge = ctx.users.find((u) => u.role === 'facility_incharge' && u.facilityId === 1)!.id;
  const [span] = await tx.select({ first: sql<string | null>`min(${journals.date})::text` }).from(journals);
  if (!span?.first) return {};
  const thisMonth = `${today.slice(0, 7)}-01`;
  const months = monthsBetween(span.first, thisMonth);
  const moved = await movements(tx, ['1130', '1135', '1140', '1212', '1222', '2115']);
  const of = (period: string, code: string) => moved.filter((m) => m.period === period && m.code === code);

  const byAdmin: JournalDraft[] = [];
  const byInCharge: JournalDraft[] = [];
  for (const [i, m] of months.entries()) {
    const end = monthEnd(m);
    const complete = end < today;
    // The Treasury's monthly release to the health department (Exchequer), passed on to the facilities by level
    // for their operations: the referral hospital most, a dispensary a little.
    if (addDays(m, 4) <= today) {
      const lines = ctx.facilities.flatMap((f): LedgerLine[] => {
        const amount = parseKes(RELEASE_BY_LEVEL[f.level] ?? 10_000);
        return [
          { account: '1110', debit: amount, facilityId: f.id, fund: 'exchequer', costCentre: 'administration' },
          { account: '4310', credit: amount, facilityId: f.id, fund: 'exchequer', costCentre: 'administration' },
        ];
      });
      byAdmin.push({ date: addDays(m, 4), description: 'Transfer from the County Treasury: monthly operations release to the facilities', reference: `CT-${m.slice(0, 7)}`, source: { type: 'manual', id: null }, lines });
    }
    if (!complete) continue;
    // The referral hospital's power and water bill, paid by the county from the health operating account.
    const power = parseKes(r.int(180, 240) * 1000);
    byInCharge.push({ date: addDays(m, 26), description: 'Kenya Power and Busia Water: referral hospital monthly bills', reference: `KPLC-${m.slice(0, 7)}`, source: { type: 'manual', id: null }, lines: [{ account: '5210', debit: power, facilityId: 1, fund: 'exchequer', costCentre: 'administration' }, { account: '1110', credit: power, facilityId: 1, fund: 'exchequer', costCentre: 'administration' }] });
    // Takings banked at month end: M-Pesa settled to the FIF account, the card acquirer's settlement, cash deposited.
    for (const [code, what] of [['1130', 'M-Pesa paybill settlement'], ['1135', 'Card settlement'], ['1140', 'Cash banked']] as const) {
      const lines = of(m, code).flatMap((x): LedgerLine[] => {
        const amount = subtract(x.debit, x.credit);
        return !isPositive(amount) ? [] : [{ account: '1120', debit: amount, facilityId: x.facilityId, fund: 'fif', costCentre: '' }, { account: code, credit: amount, facilityId: x.facilityId, fund: 'fif', costCentre: '' }];
      });
      if (lines.length) byAdmin.push({ date: end, description: `${what} to the FIF collection accounts, ${m.slice(0, 7)}`, reference: `${code === '1130' ? 'MPS' : code === '1135' ? 'CRD' : 'CSH'}-${m.slice(0, 7)}`, source: { type: 'manual', id: null }, lines });
    }
    // SHA pays the claims it approved two months earlier; private insurers a month after approval.
    for (const [code, lag, payer] of [['1212', 2, 'SHA'], ['1222', 1, 'Insurers']] as const) {
      const from = months[i - lag];
      if (!from) continue;
      const lines = of(from, code).flatMap((x): LedgerLine[] =>
        !isPositive(x.debit) ? [] : [{ account: '1120', debit: x.debit, facilityId: x.facilityId, fund: x.fund as LedgerLine['fund'], costCentre: '' }, { account: code, credit: x.debit, facilityId: x.facilityId, fund: x.fund as LedgerLine['fund'], costCentre: '' }],
      );
      if (lines.length) byAdmin.push({ date: addDays(end, -3), description: `${payer} remittance for claims approved in ${from.slice(0, 7)}`, reference: `${payer.toUpperCase().slice(0, 3)}-REM-${m.slice(0, 7)}`, source: { type: 'manual', id: null }, lines });
    }
    // Suppliers' invoices for the month's deliveries (goods received not invoiced → pending bills).
    const grni = of(m, '2115').flatMap((x): LedgerLine[] =>
      !isPositive(x.credit) ? [] : [{ account: '2115', debit: x.credit, facilityId: x.facilityId, fund: 'fif', costCentre: '' }, { account: '2110', credit: x.credit, facilityId: x.facilityId, fund: 'fif', costCentre: '' }],
    );
    if (grni.length) byAdmin.push({ date: end, description: `Supplier invoices (KEMSA, MEDS) for deliveries in ${m.slice(0, 7)}`, reference: `SUP-${m.slice(0, 7)}`, source: { type: 'manual', id: null }, lines: grni });
    // … and the bills of two months back paid from the operating account.
    const paidMonth = months[i - 2];
    if (paidMonth) {
      const bills = of(paidMonth, '2115').flatMap((x): LedgerLine[] =>
        !isPositive(x.credit) ? [] : [{ account: '2110', debit: x.credit, facilityId: x.facilityId, fund: 'fif', costCentre: '' }, { account: '1110', credit: x.credit, facilityId: x.facilityId, fund: 'exchequer', costCentre: '' }],
      );
      if (bills.length) byAdmin.push({ date: addDays(end, -1), description: `Payment of supplier invoices for ${paidMonth.slice(0, 7)}`, reference: `PAY-${m.slice(0, 7)}`, source: { type: 'manual', id: null }, lines: bills });
    }
  }
  const posted = (await postMany(tx, byAdmin.map((d) => ({ ...d, preparedBy: admin })), now, { approvedBy: director })) + (await postMany(tx, byInCharge.map((d) => ({ ...d, preparedBy: incharge })), now, { approvedBy: director }));

  // This year's budgets: each facility's FIF revenue target and drug and supply vote, from its pace so far.
  const fy = fiscalYearOf(today);
  const elapsed = monthsBetween(fy.start, thisMonth).length;
  const ytd = await tx
    .select({ facilityId: accountBalances.facilityId, code: accountBalances.accountCode, net: sql<string>`(sum(${accountBalances.debit}) - sum(${accountBalances.credit}))::text` })
    .from(accountBalances)
    .where(and(sql`${accountBalances.period} >= ${fy.start}`, inArray(accountBalances.accountCode, ['4110', '4120', '5250', '5251', '5252']), sql`${accountBalances.facilityId} is not null`))
    .groupBy(accountBalances.facilityId, accountBalances.accountCode)
    .orderBy(asc(accountBalances.facilityId), asc(accountBalances.accountCode));
  const levelOf = new Map(ctx.facilities.map((f) => [f.id, f.level]));
  const budgetRows = ytd.flatMap((b) => {
    // One draw per line, as ever (the demo county's random stream stays the same for the steps after this one).
    const spread = r.int(85, 130) / 100;
    // FIF fees: the facility's annual target by its level (the demo's billing is a sample of a year, not its pace);
    // drugs and supplies: the vote at the pace so far.
    const target = b.code === '4110' || b.code === '4120' ? FIF_TARGET_BY_LEVEL[levelOf.get(b.facilityId!) ?? 2]?.[b.code] : undefined;
    const amount = target !== undefined ? Math.round((target * spread) / 10_000) * 10_000 : Math.max(1000, Math.round((Math.abs(Number(b.net)) * (12 / elapsed) * spread) / 1000) * 1000);
    return [{ fiscalYear: fy.label, facilityId: b.facilityId, accountCode: b.code, amount: parseKes(amount), updatedBy: director, updatedAt: now }];
  });
  for (const f of ctx.facilities) budgetRows.push({ fiscalYear: fy.label, facilityId: f.id, accountCode: '4310', amount: parseKes(12 * (RELEASE_BY_LEVEL[f.level] ?? 10_000)), updatedBy: director, updatedAt: now });
  budgetRows.push({ fiscalYear: fy.label, facilityId: 1, accountCode: '5210', amount: parseKes(2_600_000), updatedBy: director, updatedAt: now });
  for (let i = 0; i < budgetRows.length; i += 400) await tx.insert(budgets).values(budgetRows.slice(i, i + 400));

  // This month: a repair awaiting the director's approval, and an entry the director sent back.
  const repair = parseKes(48_500);
  await post(tx, { date: today, description: 'Theatre lights repaired (Busia Electricals)', reference: 'BE-INV-2231', source: { type: 'manual', id: null }, preparedBy: incharge, lines: [{ account: '5260', debit: repair, facilityId: 1, fund: 'fif', costCentre: 'theatre' }, { account: '2110', credit: repair, facilityId: 1, fund: 'fif', costCentre: 'theatre' }] }, { now, awaitApproval: true });
  const sent = await post(tx, { date: today, description: 'Office supplies', reference: null, source: { type: 'manual', id: null }, preparedBy: incharge, lines: [{ account: '5240', debit: parseKes(12_000), facilityId: 1, fund: 'fif', costCentre: 'administration' }, { account: '1120', credit: parseKes(12_000), facilityId: 1, fund: 'fif', costCentre: 'administration' }] }, { now, awaitApproval: true });
  await tx.update(journals).set({ status: 'rejected', approvedBy: director, approvedAt: now, rejectionReason: 'Attach the supplier invoice and use the LPO number as the reference' }).where(eq(journals.id, sent!.id));
  // The M-Pesa statements of the referral hospital, reconciled and awaiting review (reconciliation/seed.ts).
  const reconciliation = await seedReconciliation(tx, ctx);
  const nhif = await seedNhifLegacy(tx, ctx, span.first, admin, director);
  return { manualJournals: posted + 2 + nhif, budgets: budgetRows.length, ...reconciliation };
}

/**
 * The opening balance of old NHIF debt, brought forward on the first day of the books (before any year the demo
 * shows, so it is in every statement's opening figures): Dr NHIF legacy receivable 1215 per facility / Cr accumulated
 * surplus 3100 — revenue of the years before the books began. Prepared by the administrator, approved by the director.
 */
async function seedNhifLegacy(tx: Db, ctx: SeedContext, first: string, admin: number, director: number): Promise<number> {
  const levelThree = ctx.facilities.filter((f) => f.level === 3).slice(0, NHIF_LEVEL_3_FACILITIES);
  const owed = ctx.facilities.filter((f) => f.level >= 4 || levelThree.includes(f));
  const lines = owed.flatMap((f): LedgerLine[] => {
    const base = NHIF_LEGACY_BY_LEVEL[f.level] ?? 0;
    // 80 %–120 % of the level's figure, to the shilling fifty, by the facility's MFL code.
    const amount = parseKes(Math.round((base * (80 + (Number(f.mflCode.replace(/\D/g, '')) % 41))) / 100 / 50) * 50);
    return [
      { account: '1215', debit: amount, facilityId: f.id, fund: 'sha', costCentre: '' },
      { account: '3100', credit: amount, facilityId: f.id, fund: 'sha', costCentre: '' },
    ];
  });
  if (!lines.length) return 0;
  return postMany(tx, [{ date: first, description: 'Opening balance: NHIF claims outstanding at the move to SHA (1 October 2024), brought forward', reference: 'NHIF-LEGACY-OB', source: { type: 'manual', id: null }, preparedBy: admin, lines }], ctx.now, { approvedBy: director });
}

/**
 * The seed's last step: closes the months and years behind us, in order, as a county finance office would (the last
 * full month and this one stay open; a year closes after its July adjustment window) — after every module has posted
 * its history into them.
 */
export async function closeSeededMonths(tx: Db, ctx: SeedContext): Promise<Record<string, number>> {
  const { today, now } = ctx;
  const director = ctx.users.find((u) => u.role === 'county_director')!.id;
  const [span] = await tx.select({ first: sql<string | null>`min(${journals.date})::text` }).from(journals);
  if (!span?.first) return {};
  const thisMonth = `${today.slice(0, 7)}-01`;
  const months = monthsBetween(span.first, thisMonth);
  let closedMonths = 0;
  let closedYears = 0;
  const lastFullMonthOpen = months.length >= 2 ? months[months.length - 2]! : thisMonth;
  for (const m of months) {
    if (m >= lastFullMonthOpen) break;
    const fy = fiscalYearOf(m);
    const june = monthsOf(fy)[11]!;
    if (m === june) {
      if (today <= adjustmentDeadline(m)) continue;
      const closing = await post(tx, { date: fy.end, text: { kind: 'year_close', facts: { year: fy.label } }, reference: fy.label, source: { type: 'year_close', id: null }, lines: await yearEndLines(tx, fy), preparedBy: director }, { now });
      await tx.insert(fiscalYears).values({ label: fy.label, closingJournalId: closing?.id ?? null, closedBy: director, closedAt: now });
      closedYears++;
    }
    await tx.insert(accountingPeriods).values({ period: m, closedBy: director, closedAt: now });
    closedMonths++;
  }
  return { closedPeriods: closedMonths, closedYears };
}
