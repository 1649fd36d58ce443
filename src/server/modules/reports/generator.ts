// What generates one kind of report: the MOH forms (through the moh module) and each analysis of analyses/*. In a
// file of its own, so that the analyses name it without importing reports.generate.ts, which imports them.
import type { ReportFigures } from '../../../shared/reports/index.js';
import type { Db } from '../../db/client.js';
import type { reports } from './reports.schema.js';

/** A report as its row holds it: its kind, facility or sub-county, period or days, and when it was asked for. */
export type ReportRow = typeof reports.$inferSelect;

/** A facility a report covers; a report covers them in MFL order. */
export type CoveredFacility = { id: number; mflCode: string; name: string; subcounty: string };

/** Generates one kind of report for its row (kind, period, days) and the facilities it covers. */
export type Generator = (db: Db, r: ReportRow, covered: CoveredFacility[]) => Promise<ReportFigures>;
