// The analysis reports of /reports' category cards (issue 13 item 5): each generates from the county's data for a
// day range and some facilities, as sections of rows (ReportData). The MOH forms are in reports.generate.ts.
import { withoutJit } from '../../../core/sql.js';
import type { Generator } from '../generator.js';
import { patientDemographics } from './demographics.js';
import { communicableDisease, diseaseSurveillance, nonCommunicableDisease } from './diseases.js';
import { billingAnalysis, revenueCollection, shaClaims } from './finance.js';
import { inventoryStock } from './inventory.js';
import { facilityUtilization, patientFlow, staffPerformance } from './operations.js';
import { comparative, performanceDashboard, trends } from './overview.js';
import { referralAnalysis } from './referrals.js';

/** Each analysis reads in one transaction with PostgreSQL's JIT off, as the MOH forms do (core/sql.ts withoutJit). */
const readOnce =
  (generate: Generator): Generator =>
  (db, r, covered) =>
    withoutJit(db, (tx) => generate(tx, r, covered));

const GENERATORS: Record<string, Generator> = {
  // Clinical
  'patient-demographics': patientDemographics,
  'disease-surveillance': diseaseSurveillance,
  'communicable-disease': communicableDisease,
  'non-communicable-disease': nonCommunicableDisease,
  // Financial
  'revenue-collection': revenueCollection,
  'sha-claims': shaClaims,
  'billing-analysis': billingAnalysis,
  // Operational
  'facility-utilization': facilityUtilization,
  'staff-performance': staffPerformance,
  'inventory-stock': inventoryStock,
  'patient-flow': patientFlow,
  'referral-analysis': referralAnalysis,
  // Analytics
  'performance-dashboard': performanceDashboard,
  trends,
  comparative,
};

export const ANALYSES: Record<string, Generator> = Object.fromEntries(Object.entries(GENERATORS).map(([kind, generate]) => [kind, readOnce(generate)]));
