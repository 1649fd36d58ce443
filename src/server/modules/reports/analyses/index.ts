// The analysis reports of /reports' category cards (issue 13 item 5): each generates from the county's data for a
// day range and some facilities, as sections of rows (ReportData). The MOH forms are in reports.generate.ts.
import type { Generator } from '../reports.generate.js';
import { patientDemographics } from './demographics.js';
import { communicableDisease, diseaseSurveillance, nonCommunicableDisease } from './diseases.js';
import { billingAnalysis, revenueCollection, shaClaims } from './finance.js';
import { inventoryStock } from './inventory.js';
import { facilityUtilization, patientFlow, staffPerformance } from './operations.js';
import { comparative, performanceDashboard, trends } from './overview.js';
import { referralAnalysis } from './referrals.js';

export const ANALYSES: Record<string, Generator> = {
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
