// MOH 705A at county scale (issue 13, DESIGN.md §10: one facility-month ≤ 1 s, all 113 facilities ≤ 30 s): the
// report generator's own work — the month's visits, their coded diagnoses and referrals counted into the form —
// timed in process on the benchmark's database, for the busiest facility's last full month and for the county
// batch (one report covering every facility, each facility's totals kept for KHIS). Then the disease analyses that
// count the same new cases (issue 26: one counting engine for both), county-wide: Communicable Disease (per
// facility) and Disease Surveillance (per ISO week) for that month, and Disease Surveillance for the twelve months
// up to it; and Patient Demographics (issue 30 item 9: the registry of a million and those seen, by age band, sex and
// sub-county; goal ≤ 1 s for a month) for that month and for the twelve months.
import { openHandle, type Target } from './db.js';
import { coveredFacilities, moh705 } from '../src/server/modules/moh/index.js';
import { ANALYSES } from '../src/server/modules/reports/index.js';
import { summarise, type Latency } from './measure.js';

/** goalMs: the analysis's own goal (Patient Demographics for a month), null when it has none. */
type AnalysisRun = { report: string; days: string; timing: Latency; goalMs: number | null };

/** Issue 30 item 9: Patient Demographics for a month, county-wide, within a second. */
const DEMOGRAPHICS_MONTH_MS = 1000;

export type MohResult = {
  period: string;
  facility: { id: number; name: string; visits: number; diagnoses: number; timing: Latency };
  county: { facilities: number; visits: number; diagnoses: number; timing: Latency };
  analyses: AnalysisRun[];
  budgets: { facilityMonthMs: number; countyBatchMs: number };
};

export async function measureMoh(target: Target, opts: { iterations: number; countyIterations: number; log: (line: string) => void }): Promise<MohResult> {
  const h = await openHandle(target);
  try {
    const db = h.drizzle({ logQuery: () => undefined });
    // The last full county month before today, and the facility with the most visits in it.
    const [month] = await h.query<{ period: string; start: string; next: string }>(
      `select to_char(m, 'YYYY-MM') as period, m::text as start, (m + interval '1 month')::date::text as next
       from (select (date_trunc('month', (now() at time zone 'Africa/Nairobi')) - interval '1 month')::date as m) x`,
    );
    const window = `visit_date >= ($1::date::timestamp at time zone 'Africa/Nairobi') and visit_date < ($2::date::timestamp at time zone 'Africa/Nairobi')`;
    const [busiest] = await h.query<{ facility_id: number; visits: number }>(
      `select facility_id, count(*)::int as visits from medical_records where ${window} group by facility_id order by 2 desc limit 1`,
      [month!.start, month!.next],
    );
    const [all] = await h.query<{ visits: number; diagnoses: number }>(
      `select count(distinct m.id)::int as visits, count(d.id)::int as diagnoses from medical_records m left join medical_record_diagnoses d on d.record_id = m.id where ${window}`,
      [month!.start, month!.next],
    );
    const [one] = await h.query<{ diagnoses: number }>(
      `select count(d.id)::int as diagnoses from medical_records m join medical_record_diagnoses d on d.record_id = m.id where m.facility_id = $3 and ${window}`,
      [month!.start, month!.next, busiest!.facility_id],
    );
    const [facility] = await coveredFacilities(db, { facilityId: busiest!.facility_id });
    const county = await coveredFacilities(db, {});
    const time = async (n: number, run: () => Promise<unknown>) => {
      await run();
      const samples: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await run();
        samples.push(performance.now() - t);
      }
      return summarise(samples);
    };
    opts.log(`moh705a: ${facility!.name}, ${month!.period}: ${busiest!.visits} visits`);
    const facilityTiming = await time(opts.iterations, () => moh705(db, '705A', [facility!], month!.period));
    opts.log(`moh705a one facility-month: p50 ${facilityTiming.p50} ms, max ${facilityTiming.max} ms`);
    opts.log(`moh705a county batch, ${county.length} facilities: ${all!.visits} visits`);
    const countyTiming = await time(opts.countyIterations, () => moh705(db, '705A', county, month!.period));
    opts.log(`moh705a county batch: p50 ${countyTiming.p50} ms, max ${countyTiming.max} ms`);
    const [days] = await h.query<{ last: string; yearStart: string }>(
      `select ($1::date + interval '1 month' - interval '1 day')::date::text as last, ($1::date - interval '11 months')::date::text as "yearStart"`,
      [month!.start],
    );
    const analyses: AnalysisRun[] = [];
    const runs = [
      ['communicable-disease', month!.start, opts.countyIterations, null],
      ['disease-surveillance', month!.start, opts.countyIterations, null],
      ['disease-surveillance', days!.yearStart, opts.countyIterations, null],
      ['patient-demographics', month!.start, opts.iterations, DEMOGRAPHICS_MONTH_MS],
      ['patient-demographics', days!.yearStart, opts.countyIterations, null],
    ] as const;
    for (const [report, start, iterations, goalMs] of runs) {
      // A report row as the generator reads it: its days and when it was asked for.
      const row = { periodStart: start, periodEnd: days!.last, generatedAt: new Date() } as Parameters<(typeof ANALYSES)[string]>[1];
      const timing = await time(iterations, () => ANALYSES[report]!(db, row, county));
      analyses.push({ report, days: `${start} to ${days!.last}`, timing, goalMs });
      opts.log(`${report}, county, ${start} to ${days!.last}: p50 ${timing.p50} ms, max ${timing.max} ms`);
    }
    return {
      period: month!.period,
      facility: { id: facility!.id, name: facility!.name, visits: busiest!.visits, diagnoses: one!.diagnoses, timing: facilityTiming },
      county: { facilities: county.length, visits: all!.visits, diagnoses: all!.diagnoses, timing: countyTiming },
      analyses,
      budgets: { facilityMonthMs: 1000, countyBatchMs: 30_000 },
    };
  } finally {
    await h.close();
  }
}
