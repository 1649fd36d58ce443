// A completed report's figures on screen (download?format=json), so the reader sees what the form says before
// printing or sending it: for MOH 705A/705B each row of the form with its month's total (null is "not recorded",
// never 0), for any other report its tables — an analysis's titles, heads and notes in the language on screen, worded
// by the server. Long tables are cut with a pointer to the full file.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MohFormData } from '../../../shared/moh';
import type { ReportSection } from '../../../shared/reports';
import { ListError } from '../../components/data/list-error';
import { Skeleton } from '../../components/ui/skeleton';
import { formatNumber } from '../../lib/locale-format';
import { errorText } from './report-labels';
import { reportFiguresQuery, reportLanguage } from './reports.api';

/** Rows a section shows on screen; the CSV, PDF and JSON files hold them all. */
const SECTION_ROWS = 50;

export function ReportFigures({ id, name }: { id: number; name: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(reportFiguresQuery(id, reportLanguage(i18n.resolvedLanguage)));
  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" data-testid="report-figures-loading">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (query.error) return <ListError message={t('common.loadError', { message: errorText(query.error, t('common.error')) })} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const data = query.data;
  if (data.moh705) return <Moh705Table form={data.moh705} name={name} />;
  return (
    <div className="grid gap-4">
      {data.sections.map((section, i) => (
        <SectionTable key={i} section={section} />
      ))}
    </div>
  );
}

const cell = (v: string | number | null, notRecorded: string) => (v === null ? notRecorded : typeof v === 'number' ? formatNumber(v) : v);

function Moh705Table({ form, name }: { form: MohFormData; name: string }) {
  const { t } = useTranslation();
  const counted = form.rows.filter((r) => r.total !== null);
  const cases = counted.reduce((sum, r) => sum + (r.total ?? 0), 0);
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        {t('reports.figures.moh705Summary', { rows: formatNumber(form.rows.length), counted: formatNumber(counted.length), facilities: formatNumber(form.facilities.length), count: form.facilities.length })}
      </p>
      {/* A scrolling box a keyboard can reach (WCAG 2.1.1): focusable, and named by its table. */}
      <div className="max-h-[28rem] overflow-auto rounded-md border print:max-h-none print:overflow-visible" tabIndex={0} role="region" aria-label={t('reports.figures.caption', { report: name })}>
        <table className="w-full text-sm" data-testid="moh705-figures">
          <caption className="sr-only">{t('reports.figures.caption', { report: name })}</caption>
          <thead className="sticky top-0 bg-muted text-left">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-medium">
                {t('reports.figures.row')}
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                {t('reports.figures.disease')}
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-medium">
                {t('reports.figures.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {form.rows.map((r) => (
              <tr key={r.key} className="border-t" data-row-key={r.key}>
                <td className="px-2 py-1 tabular-nums text-muted-foreground">{r.row}</td>
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {r.label}
                  {r.notRecorded ? <span className="block text-xs text-muted-foreground">{r.notRecorded}</span> : null}
                </th>
                <td className={`px-2 py-1 text-right tabular-nums ${r.total ? 'font-semibold' : 'text-muted-foreground'}`} data-testid="moh705-total">
                  {r.total === null ? <abbr title={t('reports.figures.notRecorded')}>—</abbr> : formatNumber(r.total)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t bg-muted/60">
            <tr>
              <td />
              <th scope="row" className="px-2 py-1.5 text-left font-medium">
                {t('reports.figures.allRows')}
              </th>
              <td className="px-2 py-1.5 text-right font-semibold tabular-nums">{formatNumber(cases)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

function SectionTable({ section }: { section: ReportSection }) {
  const { t } = useTranslation();
  const rows = section.rows.slice(0, SECTION_ROWS);
  const notRecorded = t('reports.figures.notRecordedShort');
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold">{section.title}</h4>
      {section.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{section.note ?? t('reports.figures.noRows')}</p>
      ) : (
        <div className="max-h-[28rem] overflow-auto rounded-md border print:max-h-none print:overflow-visible" tabIndex={0} role="region" aria-label={section.title}>
          <table className="w-full text-sm">
            <caption className="sr-only">{section.title}</caption>
            <thead className="sticky top-0 bg-muted text-left">
              <tr>
                {section.columns.map((c, i) => (
                  <th key={i} scope="col" className="whitespace-nowrap px-2 py-1.5 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className="border-t">
                  {row.map((v, j) => (
                    <td key={j} className={`px-2 py-1 ${typeof v === 'number' ? 'text-right tabular-nums' : ''}`}>
                      {cell(v, notRecorded)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {section.rows.length > SECTION_ROWS ? <p className="text-xs text-muted-foreground">{t('reports.figures.cut', { shown: formatNumber(SECTION_ROWS), total: formatNumber(section.rows.length) })}</p> : null}
      {section.rows.length > 0 && section.note ? <p className="whitespace-pre-line text-xs text-muted-foreground">{section.note}</p> : null}
    </div>
  );
}
