// SPEC.md §2.16 filters: facility, report type and period (7 days, 30 days by default, the last 3 months, the last
// year, or custom days with a start and an end date). They act on the list and on the KPI cards (the type on the
// list only: the cards count patients, money and facilities, which have no report type).
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { REPORT_CATALOGUE, REPORT_PERIODS, REPORT_TYPES, type ReportKind, type ReportPeriod, type ReportType } from '../../../shared/reports';
import { formatMonth } from '../../lib/locale-format';
import { countyDate } from '../../../shared/county-time';
import { FilterBar } from '../../components/data/filter-bar';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';
import { FieldError } from '../../components/forms/form-field';
import { DateInput } from '../../components/ui/date-input';
import { Label } from '../../components/ui/label';
import type { ReportFilters } from './reports.api';

/** The county month of `today` and the 23 before it, newest first (a report covers one of the last two years). */
function recentMonths(today: string): string[] {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return Array.from({ length: 24 }, (_, i) => {
    const at = y * 12 + (m - 1) - i;
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
  });
}

type Props = { value: ReportFilters; facilities: Facility[] | undefined; onChange: (patch: Partial<ReportFilters>) => void };

export function ReportFiltersBar({ value, facilities, onChange }: Props) {
  const { t } = useTranslation();
  const custom = value.period === 'custom';
  const today = countyDate(new Date());
  const backwards = custom && value.startDate !== '' && value.endDate !== '' && value.endDate < value.startDate;
  const missing = custom && (value.startDate === '' || value.endDate === '');
  return (
    <FilterBar label={t('reports.filters.label')}>
      <FilterSelect
        id="reports-facility"
        label={t('reports.filters.facility')}
        value={value.facilityId === undefined ? '' : String(value.facilityId)}
        onChange={(id) => onChange({ facilityId: id === '' ? undefined : Number(id) })}
        allLabel={t('common.allFacilities')}
        options={facilityOptions(facilities)}
        loadingLabel={t('common.loading')}
      />
      <FilterSelect
        id="reports-type"
        label={t('reports.filters.type')}
        value={value.type ?? ''}
        onChange={(type) => onChange({ type: type === '' ? undefined : (type as ReportType) })}
        allLabel={t('reports.filters.allTypes')}
        options={REPORT_TYPES.map((type) => ({ value: type, label: t(`reports.types.${type}`) }))}
      />
      <FilterSelect
        id="reports-kind"
        label={t('reports.filters.kind')}
        value={value.kind ?? ''}
        onChange={(kind) => onChange({ kind: kind === '' ? undefined : (kind as ReportKind) })}
        allLabel={t('reports.filters.allKinds')}
        options={REPORT_CATALOGUE.map((e) => ({ value: e.kind, label: t(`reports.kinds.${e.kind}`, { defaultValue: e.name }) }))}
      />
      <FilterSelect
        id="reports-month"
        label={t('reports.filters.month')}
        value={value.month ?? ''}
        onChange={(month) => onChange({ month: month === '' ? undefined : month })}
        allLabel={t('reports.filters.allMonths')}
        options={recentMonths(today).map((m) => ({ value: m, label: formatMonth(m) }))}
      />
      <FilterSelect
        id="reports-period"
        label={t('reports.filters.period')}
        value={value.period}
        onChange={(period) => onChange({ period: period as ReportPeriod })}
        options={REPORT_PERIODS.map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))}
      />
      {custom ? (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor="reports-start">{t('reports.filters.startDate')}</Label>
            <DateInput id="reports-start" max={value.endDate || today} value={value.startDate} onChange={(startDate) => onChange({ startDate })} aria-invalid={backwards || undefined} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="reports-end">{t('reports.filters.endDate')}</Label>
            <DateInput
              id="reports-end"
              min={value.startDate || undefined}
              max={today}
              value={value.endDate}
              onChange={(endDate) => onChange({ endDate })}
              aria-invalid={backwards || undefined}
              aria-describedby={backwards || missing ? 'reports-end-error' : undefined}
            />
            <FieldError id="reports-end" message={backwards ? t('reports.filters.endBeforeStart') : missing ? t('reports.filters.chooseDays') : undefined} />
          </div>
        </>
      ) : null}
    </FilterBar>
  );
}
