// What a generated report holds (reports.data, and its JSON download): the contract between the generators (the MOH
// forms of the moh module, the analyses of the reports module), the files made from it (CSV, PDF, KHIS) and the
// screen that shows it.
import type { FacilityTotals, MohFormData } from '../moh/index.js';
import type { ReportSection } from './contracts.js';

/** What generating one report gives: its sections, the 705 grid, and for a monthly form each facility's totals for KHIS. */
export type ReportFigures = {
  sections: ReportSection[];
  moh705?: MohFormData;
  khis?: { form: '705A' | '705B' | '717'; facilities: FacilityTotals[] };
  /** Patients a register names (its download is audited with them). */
  patientIds?: number[];
  settings: Record<string, string>;
};

/** A generated report's figures as kept and downloaded (CSV, PDF, JSON): its figures, title, scope and period. */
export type ReportData = ReportFigures & { title: string; scope: string; periodLabel: string };
