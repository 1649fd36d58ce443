// Employee Records (SPEC.md §2.10): the register as it stands today — search by name, ID or personal number, the
// department filter, Add Employee — a page at a time; a row opens the employee's record and its history. Every read
// of the register is audited by the server (people's personal data).
import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/data/empty-state';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { ListCard } from '../../components/data/list-card';
import { ScrollTable } from '../../components/data/table-parts';
import { Button } from '../../components/ui/button';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useStaff } from '../../app/use-staff';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { formatNumber } from '../../lib/locale-format';
import { departmentsQuery, employeesQuery, EMPLOYEES_PAGE_SIZE, type EmployeeFilters } from './payroll.api';
import { AddEmployeeDialog, EmployeeDialog } from './employee-dialogs';
import { SalaryScaleCard } from './salary-scale-card';

export function EmployeesTab() {
  const { t } = useTranslation();
  const staff = useStaff();
  const canPrepare = staff.may('payroll:prepare');
  const [filters, setFilters] = useState<EmployeeFilters>({ search: '', departmentId: '' });
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const search = useDebouncedValue(filters.search, 300);
  const list = useQuery(employeesQuery({ ...filters, search }, offset));
  const departments = useQuery(departmentsQuery);
  const change = (next: Partial<EmployeeFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setOffset(0);
  };
  const addButton = canPrepare ? (
    <Button onClick={() => setAdding(true)}>
      <UserPlus aria-hidden="true" />
      {t('payroll.employee.add')}
    </Button>
  ) : null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <FilterBar label={t('payroll.employees.filters')}>
        <SearchField id="payroll-employee-search" label={t('payroll.employees.search')} value={filters.search} maxLength={100} onChange={(e) => change({ search: e.target.value })} />
        <FilterSelect
          id="payroll-employee-department"
          label={t('payroll.columns.department')}
          value={filters.departmentId}
          onChange={(v) => change({ departmentId: v })}
          allLabel={t('payroll.employees.allDepartments')}
          options={departments.data?.map((d) => ({ value: String(d.id), label: d.name }))}
          loadingLabel={t('common.loading')}
        />
      </FilterBar>
      <ListCard
        title={list.data ? t('payroll.employees.titleCount', { n: formatNumber(list.data.total) }) : t('payroll.employees.title')}
        icon={Users}
        actions={addButton}
        query={list}
        errorMessage={(error) => t('common.loadError', { message: error.message })}
        empty={<EmptyState icon={Users} title={t('payroll.employees.none')} hint={t('payroll.employees.noneHint')} action={addButton} />}
        paging={{ label: t('payroll.employees.pages'), offset, pageSize: EMPLOYEES_PAGE_SIZE, onOffset: setOffset }}
      >
        <ScrollTable label={t('payroll.employees.title')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('payroll.columns.personalNumber')}</TableHead>
              <TableHead>{t('payroll.columns.name')}</TableHead>
              <TableHead>{t('payroll.columns.department')}</TableHead>
              <TableHead>{t('payroll.columns.cadre')}</TableHead>
              <TableHead>{t('payroll.columns.jobGroup')}</TableHead>
              <TableHead>{t('payroll.columns.facility')}</TableHead>
              <TableHead>{t('payroll.columns.terms')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody data-testid="payroll-employees">
            {list.data?.rows.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="whitespace-nowrap">{e.personalNumber}</TableCell>
                <TableCell>
                  <button type="button" className="text-left font-medium text-primary hover:underline" onClick={() => setOpen(e.id)}>
                    {e.firstName} {e.lastName}
                  </button>
                </TableCell>
                <TableCell>{e.departmentName}</TableCell>
                <TableCell>{e.cadre}</TableCell>
                <TableCell>{e.jobGroup}</TableCell>
                <TableCell>{e.facilityName}</TableCell>
                <TableCell>{t(`payroll.terms.${e.terms}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      </ListCard>
      <SalaryScaleCard canConfigure={staff.may('payroll:configure')} />
      {adding ? <AddEmployeeDialog onClose={() => setAdding(false)} onAdded={setOpen} /> : null}
      {open !== null ? <EmployeeDialog id={open} canChange={canPrepare} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
