// Business constants of SPEC.md §6 and §9, and the real Busia geography of DESIGN.md §8 / domain/KENYA.md.

export const REPORT_TYPES = ['clinical', 'financial', 'operational', 'compliance', 'analytics'] as const;

export const REPORT_STATUSES = ['completed', 'processing', 'failed'] as const;

export const REPORT_PERIODS = ['7days', '30days', '90days', '365days', 'custom'] as const;

export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export type ReportType = (typeof REPORT_TYPES)[number];
