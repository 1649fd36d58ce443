// Payroll Reports (SPEC.md §2.10: seven report cards; issue 27 item 5): the payroll register, the department
// breakdown, the statutory deductions summary, the bank schedule, the variance against last month and the cost by
// facility and fund — each a CSV of an approved run — and an employee's P9A for a year (a PDF).
import { useQuery } from '@tanstack/react-query';
import { BarChart3, Building2, Download, FileSpreadsheet, FileText, Landmark, Scale, TrendingUp } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayRun, PayrollReturn } from '../../../shared/payroll';
import { countyDate } from '../../../shared/county-time';
import { EmptyState } from '../../components/data/empty-state';
import { FilterSelect } from '../../components/data/filter-select';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { employeesQuery } from './payroll.api';
import { useRunFile } from './run-file';
import { runTitle } from './payroll-labels';

const CARDS: { kind: PayrollReturn; icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }> }[] = [
  { kind: 'register', icon: FileSpreadsheet },
  { kind: 'departments', icon: BarChart3 },
  { kind: 'statutory', icon: Scale },
  { kind: 'bank', icon: Landmark },
  { kind: 'variance', icon: TrendingUp },
  { kind: 'costs', icon: Building2 },
];

export function ReportsTab({ runs }: { runs: PayRun[] | undefined }) {
  const { t } = useTranslation();
  const approved = (runs ?? []).filter((r) => r.status === 'approved');
  const [chosen, setChosen] = useState<number | null>(null);
  const runId = chosen ?? approved[0]?.id ?? null;
  const download = useRunFile();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {approved.length === 0 ? (
        <Card>
          <CardContent>
            <EmptyState icon={FileSpreadsheet} title={t('payroll.reports.none')} hint={t('payroll.reports.noneHint')} />
          </CardContent>
        </Card>
      ) : (
        <FilterSelect
          id="payroll-reports-run"
          label={t('payroll.reports.run')}
          value={String(runId)}
          onChange={(v) => setChosen(Number(v))}
          options={approved.map((r) => ({ value: String(r.id), label: runTitle(t, r) }))}
          className="grid max-w-xl gap-1.5"
        />
      )}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('payroll.reports.label')}>
        {CARDS.map(({ kind, icon: Icon }) => (
          <li key={kind}>
            <Card className="flex h-full flex-col" data-testid={`payroll-report-${kind}`}>
              <CardHeader>
                <CardTitle className="flex items-center gap-2 text-base">
                  <Icon aria-hidden="true" className="h-5 w-5 text-muted-foreground" />
                  {t(`payroll.reports.cards.${kind}.title`)}
                </CardTitle>
                <CardDescription>{t(`payroll.reports.cards.${kind}.body`)}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <Button variant="outline" size="sm" disabled={runId === null || download.isPending} onClick={() => runId !== null && download.mutate({ runId, kind })}>
                  <Download aria-hidden="true" />
                  {runId === null ? t('payroll.reports.needsRun') : t('payroll.reports.download')}
                </Button>
              </CardContent>
            </Card>
          </li>
        ))}
        <li>
          <P9aCard />
        </li>
      </ul>
    </div>
  );
}

/** The seventh card: an employee's P9A for a year, found by name or personal number. */
function P9aCard() {
  const { t, i18n } = useTranslation();
  const thisYear = Number(countyDate(new Date()).slice(0, 4));
  const [search, setSearch] = useState('');
  const [employeeId, setEmployeeId] = useState('');
  const [year, setYear] = useState(String(thisYear));
  const settled = useDebouncedValue(search, 300);
  const found = useQuery({ ...employeesQuery({ search: settled, departmentId: '' }, 0), enabled: settled.trim().length >= 2 });
  const lang = i18n.language === 'sw' ? 'sw' : 'en';
  const yearOk = /^\d{4}$/.test(year) && Number(year) >= 2024 && Number(year) <= thisYear;
  return (
    <Card className="flex h-full flex-col" data-testid="payroll-report-p9a">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <FileText aria-hidden="true" className="h-5 w-5 text-muted-foreground" />
          {t('payroll.reports.cards.p9a.title')}
        </CardTitle>
        <CardDescription>{t('payroll.reports.cards.p9a.body')}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="payroll-p9a-search">{t('payroll.reports.findEmployee')}</Label>
          <Input
            id="payroll-p9a-search"
            type="search"
            value={search}
            maxLength={100}
            onChange={(e) => {
              // A new search: the employee chosen from the last one is no longer on the list.
              setSearch(e.target.value);
              setEmployeeId('');
            }}
          />
        </div>
        <FilterSelect
          id="payroll-p9a-employee"
          label={t('payroll.columns.employee')}
          value={employeeId}
          onChange={setEmployeeId}
          allLabel={settled.trim().length >= 2 ? t('payroll.process.choose') : t('payroll.reports.typeToFind')}
          options={found.data?.rows.map((e) => ({ value: String(e.id), label: `${e.firstName} ${e.lastName} (${e.personalNumber})` }))}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="payroll-p9a-year">{t('payroll.reports.year')}</Label>
          <Input id="payroll-p9a-year" type="number" inputMode="numeric" min={2024} max={thisYear} value={year} onChange={(e) => setYear(e.target.value)} />
        </div>
        {employeeId && yearOk ? (
          <Button asChild variant="outline" size="sm" className="justify-self-start">
            <a href={`/api/payroll/employees/${employeeId}/p9a.pdf?year=${year}&lang=${lang}`} target="_blank" rel="noopener">
              <FileText aria-hidden="true" />
              {t('payroll.reports.openP9a')}
            </a>
          </Button>
        ) : (
          <Button variant="outline" size="sm" className="justify-self-start" disabled>
            <FileText aria-hidden="true" />
            {employeeId ? t('payroll.reports.chooseYear') : t('payroll.reports.chooseEmployee')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
