// The demo county's recent reports, generated from its coded visits as a records officer would have: last month's
// MOH 705B for the county referral hospital and the county's MOH 717 (completed), its MOH 705A (queued this
// morning: the server's job runner generates it when it starts), and a register whose generation failed.
import { addDays } from '../../../shared/county-time.js';
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, type SeedContext } from '../../db/seed/context.js';
import { enqueue } from '../../core/jobs.js';
import { catalogueEntry } from '../../../shared/reports/index.js';
import { lastDayOfMonth } from '../../../shared/moh/index.js';
import { GENERATE_JOB, generateReport } from './reports.generate.js';
import { reports } from './reports.schema.js';

export async function seedReports(tx: Db, ctx: SeedContext) {
  const { today, daysAgo, earlierToday } = ctx;
  const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const month = { period: lastMonth, periodStart: `${lastMonth}-01`, periodEnd: lastDayOfMonth(lastMonth) };
  const entry = (kind: string) => ({ kind, name: catalogueEntry(kind)!.name, type: catalogueEntry(kind)!.type });
  // The health records officer of the county referral hospital (6) and the county director (1).
  const rows = [
    { id: 1, ...entry('moh705b'), facilityId: 1, generatedBy: 6, generatedAt: daysAgo(1, 16, 30), status: 'processing', ...month },
    { id: 2, ...entry('moh717'), facilityId: null, county: true, generatedBy: 1, generatedAt: daysAgo(3, 9, 15), status: 'processing', ...month },
    { id: 3, ...entry('moh705a'), facilityId: 1, generatedBy: 6, generatedAt: earlierToday(20), status: 'processing', ...month },
    {
      id: 4, ...entry('moh204b'), facilityId: 2, generatedBy: 1, generatedAt: daysAgo(6, 11, 0), status: 'failed', periodStart: addDays(today, -13), periodEnd: addDays(today, -7), period: null,
      error: 'Generation failed: the server was restarted three times while generating it. Generate it again.',
    },
  ];
  await insertChunks(tx, reports, rows);
  await continueIds(tx, 'reports');
  await generateReport(tx, 1, () => rows[0]!.generatedAt);
  await generateReport(tx, 2, () => rows[1]!.generatedAt);
  await enqueue(tx, GENERATE_JOB, { reportId: 3 });
  return { reports: rows.length };
}
