// Export Data (SPEC.md §2.16 shows it unwired): the list of reports the filters select, as a CSV file built in the
// browser from the same list call the screen makes, so the file holds exactly the reports the list pages through.
// One table (issue 33 item 4): a header and a row per report, each naming its facility or scope and category; the
// filters' scope and period are in the file's name.
import type { TFunction } from 'i18next';
import { toCsv } from '../../../shared/csv';
import { countyDate, countyDateTime } from '../../../shared/county-time';
import type { Report } from '../../../shared/reports';
import { reportName, scopeText, statusName } from './report-labels';

export function reportListCsv(t: TFunction, rows: readonly Report[]): string {
  return toCsv([
    [t('reports.export.id'), t('reports.export.report'), t('reports.export.category'), t('reports.export.facility'), t('reports.export.generatedBy'), t('reports.export.generatedAt'), t('reports.export.status')],
    ...rows.map((r) => [r.id, reportName(t, r.name), t(`reports.types.${r.type}`), scopeText(t, r.facility), r.generatedBy, countyDateTime(r.generatedAt), statusName(t, r.status)]),
  ]);
}

export function reportListFileName(facilityId: number | undefined, period: string, at: Date): string {
  return `afyakaunti-reports-${facilityId === undefined ? 'county' : `facility-${facilityId}`}-${period}-${countyDate(at)}.csv`;
}
