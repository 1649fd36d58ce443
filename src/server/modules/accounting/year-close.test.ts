// The fiscal year's end (issue 14 item 3): June open through July for adjustments, the year-end close moving
// revenue and expense to accumulated surplus, and a year past its window taking no more journals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countyInstant } from '../../../shared/county-time.js';
import { createTestContext, emailOf, sessionCookie, type TestContext } from '../../test/helper.js';
import type { Role } from '../../../shared/access/index.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Moves the clock and signs in afresh (a jump of days ends the sessions made before it). */
const at = async (date: string) => {
  t.clock.set(countyInstant(date, 9, 0));
  const fresh = async (role: Role) => sessionCookie(await t.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf(role) } }));
  return { director: await fresh('county_director'), incharge: await fresh('facility_incharge') };
};
const entry = (date: string, amount = 900) => ({
  date,
  description: 'Water bill',
  lines: [
    { accountCode: '5210', debit: amount, credit: 0, facilityId: 1, fund: 'fif' },
    { accountCode: '1120', debit: 0, credit: amount, facilityId: 1, fund: 'fif' },
  ],
});

/** Revenue and expense of the year, per the period balances: [without the close, with it]. */
async function profitAndLoss() {
  const [row] = await t.rows<{ open: string; closed: string; surplus: string }>(sql`
    select coalesce(sum(b.credit - b.debit) filter (where not b.closing), 0)::text as open,
           coalesce(sum(b.credit - b.debit), 0)::text as closed,
           (select coalesce(sum(credit - debit), 0) from account_balances where account_code = '3100' and closing and period = '2026-06-01')::text as surplus
    from account_balances b join accounts a on a.code = b.account_code
    where a.type in ('revenue', 'expense') and b.period between '2025-07-01' and '2026-06-01'`);
  return row!;
}

describe('the year-end close', () => {
  it('waits for the year to end and for its months to close, in order, June last', async () => {
    let { director } = await at('2026-06-20');
    const early = await t.request({ method: 'POST', url: '/api/accounting/fiscal-years/2025-26/close', cookie: director });
    expect(early.json().message).toBe('The financial year 2025/26 ends on 2026-06-30: it can be closed from 2026-07-01');
    ({ director } = await at('2026-07-03'));
    // The demo county's draft of March waits for its approver: nothing in the year closes until it is decided.
    const waiting = await t.request({ method: 'POST', url: '/api/accounting/fiscal-years/2025-26/close', cookie: director });
    expect(waiting.json().message).toBe('1 journal dated in 2025/26 awaits approval: approve or reject it first');
    const waitingSw = await t.request({ method: 'POST', url: '/api/accounting/fiscal-years/2025-26/close', cookie: director, headers: { 'accept-language': 'sw' } });
    expect(waitingSw.json()).toMatchObject({ message: 'Jarida 1 lenye tarehe ya mwaka 2025/26 linasubiri idhini: liidhinishe au ulikatae kwanza', key: 'accounting.yearDraft', facts: { count: '1', year: '2025/26' } });
    const [draft] = await t.rows<{ id: number }>(sql`select id from journals where status = 'draft' order by id limit 1`);
    expect((await t.request({ method: 'POST', url: '/api/accounting/periods/2026-03/close', cookie: director })).statusCode).toBe(409);
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${draft!.id}/approve`, cookie: director })).statusCode).toBe(200);
    const months = await t.request({ method: 'POST', url: '/api/accounting/fiscal-years/2025-26/close', cookie: director });
    expect(months.statusCode).toBe(409);
    expect(months.json().message).toBe('Close 2026-02, 2026-03, 2026-04, 2026-05 first: the year closes after its months, June last');
    expect((await t.request({ method: 'POST', url: '/api/accounting/periods/2026-04/close', cookie: director })).json().message).toBe('Close 2026-02 first: periods close in order');
    // A Kiswahili reader (the API client sends the language on screen) reads each in Kiswahili, its key and facts kept.
    const monthsSw = await t.request({ method: 'POST', url: '/api/accounting/fiscal-years/2025-26/close', cookie: director, headers: { 'accept-language': 'sw' } });
    expect(monthsSw.json()).toMatchObject({
      message: 'Funga 2026-02, 2026-03, 2026-04, 2026-05 kwanza: mwaka hufungwa baada ya miezi yake, Juni ukiwa wa mwisho',
      key: 'accounting.yearMonthsOpen',
      facts: { months: '2026-02, 2026-03, 2026-04, 2026-05' },
    });
    const orderSw = await t.request({ method: 'POST', url: '/api/accounting/periods/2026-04/close', cookie: director, headers: { 'accept-language': 'sw' } });
    expect(orderSw.json()).toMatchObject({ message: 'Funga 2026-02 kwanza: vipindi hufungwa kwa mfuatano', key: 'accounting.closeEarlierPeriod', facts: { period: '2026-02' } });
    for (const m of ['2026-02', '2026-03', '2026-04', '2026-05']) {
      const res = await t.request({ method: 'POST', url: `/api/accounting/periods/${m}/close`, cookie: director });
      expect(res.statusCode, `${m}: ${res.body}`).toBe(200);
    }
  });

  it('takes June adjustments during July, then moves the year to accumulated surplus and closes June and the year', async () => {
    const { director, incharge } = await at('2026-07-10');
    const adjustment = (await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: entry('2026-06-29', 1234.5) })).json();
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${adjustment.id}/approve`, cookie: director })).json().status).toBe('posted');
    const before = await profitAndLoss();
    expect(before.open).toBe(before.closed);
    const res = await t.request({ method: 'POST', url: '/api/accounting/fiscal-years/2025-26/close', cookie: director });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ label: '2025/26', status: 'closed', closingJournalId: expect.any(Number) });
    expect(res.json().periods.every((p: { status: string }) => p.status === 'closed')).toBe(true);
    const after = await profitAndLoss();
    // The year's revenue and expense are unchanged where statements read them (without the close) …
    expect(after.open).toBe(before.open);
    // … and brought to zero in the balances, the year's surplus now in accumulated surplus to the cent.
    expect(after.closed).toBe('0.00');
    expect(after.surplus).toBe(before.open);
    const closing = (await t.request({ url: `/api/accounting/journals/${res.json().closingJournalId}`, cookie: director })).json();
    expect(closing).toMatchObject({ sourceType: 'year_close', date: '2026-06-30', status: 'posted' });
    expect(closing.totalDebit).toBe(closing.totalCredit);
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${closing.id}/reverse`, cookie: incharge, body: { reason: 'undo' } })).statusCode).toBe(409);
    expect((await t.request({ method: 'POST', url: '/api/accounting/fiscal-years/2025-26/close', cookie: director })).statusCode).toBe(409);
    const june = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: entry('2026-06-30') });
    expect(june.json().message).toBe('The period 2026-06 is closed: date the journal in an open period');
  });

  it('refuses a journal dated in a year past its adjustment window', async () => {
    const { incharge } = await at('2026-08-01');
    const res = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: entry('2026-05-15') });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The financial year 2025/26 closed for adjustments on 2026-07-31: date the journal in 2026/27');
    const sw = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: entry('2026-05-15'), headers: { 'accept-language': 'sw' } });
    expect(sw.json()).toMatchObject({
      message: 'Mwaka wa fedha 2025/26 ulifungwa kwa marekebisho tarehe 2026-07-31: weka jarida tarehe ya mwaka 2026/27',
      key: 'accounting.yearClosedForAdjustments',
      facts: { year: '2025/26', deadline: '2026-07-31', current: '2026/27' },
    });
  });
});
