// A large county's pay run (issue 27 item 10: compute, approve and post 25,000 employees, goal ≤ 10 s on 2 cores):
// the benchmark's register is topped up to 25,000 with copies of its employees (their job groups, schemes, loans and
// deductions; kept, as the generated patients are), then the payroll module's own services process the county's
// month, submit it and approve it — the approval posting its journal — each timed in process, in one transaction
// rolled back at the end: the benchmark's books keep no run.
import { countyDate } from '../src/shared/county-time.js';
import type { Actor, ServiceContext } from '../src/server/core/context.js';
import { COUNTY_WIDE } from '../src/server/core/context.js';
import { approveRun, processRun, submitRun } from '../src/server/modules/payroll/index.js';
import { openHandle, type Target } from './db.js';

export type PayRunResult = {
  period: string;
  employees: number;
  /** The number of the journal the approval posted (rolled back with the rest). */
  journal: string;
  processMs: number;
  submitMs: number;
  approveMs: number;
  totalMs: number;
  budgetMs: number;
};

class RolledBack extends Error {}

export async function measurePayRun(target: Target, opts: { employees: number; log: (line: string) => void }): Promise<PayRunResult> {
  const h = await openHandle(target);
  let result: PayRunResult | null = null;
  try {
    const db = h.drizzle({ logQuery: () => undefined });
    // The top-up stays in the benchmark's database (like the generated patients): a later run finds it done.
    // Counted as the run will: employees on the register today (not those who have left).
    const [have] = await h.query<{ n: number }>(
      `select count(*)::int as n from payroll_employees e where not exists (select 1 from payroll_employee_versions v where v.employee_id = e.id and v.exited_on is not null)`,
    );
    const extra = Math.max(0, opts.employees - have!.n);
    if (extra > 0) {
      opts.log(`pay run: adding ${extra} employees (copies of the register's, with their own pay items)`);
      const first = await h.query<{ n: number }>(`select count(*)::int as n from payroll_employees where personal_number like 'BENCH-%'`);
      await h.query(`insert into payroll_employees (personal_number) select 'BENCH-' || g from generate_series($1::int, $2::int) g`, [first[0]!.n + 1, first[0]!.n + extra]);
      await h.query(`
        with src as (select v.*, row_number() over (order by v.employee_id) - 1 as rn, count(*) over () as n from payroll_employee_versions v
                     where v.exited_on is null and v.reason not like 'benchmark copy of %'),
             fresh as (select e.id, substring(e.personal_number from 7)::int as g from payroll_employees e
                       where e.personal_number like 'BENCH-%' and not exists (select 1 from payroll_employee_versions x where x.employee_id = e.id))
        insert into payroll_employee_versions (employee_id, effective_from, upn, national_id, kra_pin, nssf_number, sha_number, first_name, last_name, facility_id,
          department_id, cadre, job_group, terms, hired_on, pension_scheme, contracted_out, helb_monthly, pay_method, bank_code, bank_branch, bank_account, mpesa_phone, reason)
        select f.id, s.effective_from, s.upn, s.national_id, s.kra_pin, s.nssf_number, s.sha_number, s.first_name, s.last_name, s.facility_id,
          s.department_id, s.cadre, s.job_group, s.terms, s.hired_on, s.pension_scheme, s.contracted_out, s.helb_monthly, s.pay_method, s.bank_code, s.bank_branch, s.bank_account, s.mpesa_phone,
          'benchmark copy of ' || s.employee_id
        from fresh f join src s on s.rn = f.g % s.n`);
      await h.query(`
        insert into payroll_pay_items (employee_id, kind, code, label, amount, taxable, payee, priority, from_period, to_period, reason)
        select v.employee_id, i.kind, i.code, i.label, i.amount, i.taxable, i.payee, i.priority, i.from_period, i.to_period, i.reason
        from payroll_employee_versions v join payroll_pay_items i on i.employee_id = substring(v.reason from 19)::int
        where v.reason like 'benchmark copy of %' and not exists (select 1 from payroll_pay_items x where x.employee_id = v.employee_id)`);
    }
    const [counted] = await h.query<{ n: number }>('select count(*)::int as n from payroll_employee_versions where exited_on is null');
    const people = await h.query<{ id: number; role: Actor['role']; facilityId: number | null }>(
      `select id, role, facility_id as "facilityId" from users where role in ('payroll_officer', 'county_director') and is_active order by id`,
    );
    const officer = people.find((p) => p.role === 'payroll_officer');
    const director = people.find((p) => p.role === 'county_director');
    if (!officer || !director) throw new Error('The benchmark database has no payroll officer or director');
    await db
      .transaction(async (tx) => {
        const ctx = (a: typeof officer): ServiceContext => ({ db: tx, actor: { ...a, subcounty: null, ip: null }, scope: COUNTY_WIDE, now: () => new Date() });
        const period = countyDate(new Date()).slice(0, 7);
        opts.log(`pay run: ${counted!.n} employees on the register, county run for ${period}`);

        const t0 = performance.now();
        const { run } = await processRun(ctx(officer), { period, county: true });
        const t1 = performance.now();
        await submitRun(ctx(officer), run.id).catch((error: Error) => {
          // Lines that cannot be paid block a submission: the benchmark submits what can be (as an officer would after fixing them).
          throw new Error(`the benchmark's run could not be submitted: ${error.message}`);
        });
        const t2 = performance.now();
        const approved = await approveRun(ctx(director), run.id);
        const t3 = performance.now();
        result = {
          period,
          employees: run.employees,
          journal: approved.journalNumber ?? '',
          processMs: Math.round(t1 - t0),
          submitMs: Math.round(t2 - t1),
          approveMs: Math.round(t3 - t2),
          totalMs: Math.round(t3 - t0),
          budgetMs: 10_000,
        };
        opts.log(`pay run: ${run.employees} employees processed in ${result.processMs} ms, submitted in ${result.submitMs} ms, approved and posted (${approved.journalNumber}) in ${result.approveMs} ms`);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  } finally {
    await h.close();
  }
  return result!;
}
