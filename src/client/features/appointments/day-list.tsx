// The day list (issue 15): a facility's appointments on a date (today on the county clock unless chosen), filtered
// by service, with the day's counts on top (from the server's calendar counts, never typed in), each appointment's
// patient, time, service, kind and status, and the steps it may take. A table on a wide screen, cards on a phone;
// printed, the table alone (print:hidden on the controls; the shell hides its own).
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck2, CalendarDays, CalendarX2, ChevronLeft, ChevronRight, Clock, Printer, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../shared/county-time';
import type { Appointment } from '../../../shared/appointments';
import { EmptyState } from '../../components/data/empty-state';
import { FilterBar } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { ListCard } from '../../components/data/list-card';
import { StatCardGrid } from '../../components/data/stat-card-grid';
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { Button } from '../../components/ui/button';
import { DateInput } from '../../components/ui/date-input';
import { Label } from '../../components/ui/label';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { formatNumber, formatTime } from '../../lib/locale-format';
import { AppointmentActions } from './appointment-actions';
import { AppointmentStatusBadge, KindBadge, appointmentErrorText, countyToday, formatDay, serviceLabel } from './appointment-labels';
import { APPOINTMENT_PAGE_SIZE, appointmentCalendarQuery, appointmentServicesQuery, appointmentsQuery } from './appointments.api';

type Props = {
  facilityId: number;
  facilityName: string;
  date: string;
  onDate: (date: string) => void;
  canWrite: boolean;
  mayOverride: boolean;
  onBook: () => void;
};

export function DayList({ facilityId, facilityName, date, onDate, canWrite, mayOverride, onBook }: Props) {
  const { t } = useTranslation();
  const [serviceId, setServiceId] = useState('');
  const [offset, setOffset] = useState(0);
  const services = useQuery(appointmentServicesQuery(facilityId));
  const service = Number(serviceId) || undefined;
  const query = useQuery(appointmentsQuery({ facilityId, date, serviceId: service, offset }));
  const today = countyToday();
  const heading = t('appointments.day.heading', { date: formatDay(date, 'long') });
  const total = query.data?.total;
  const goTo = (next: string) => {
    if (!next) return;
    onDate(next);
    setOffset(0);
  };

  return (
    <div className="grid gap-6">
      <FilterBar label={t('appointments.day.filters')}>
        <div className="grid gap-1.5">
          <Label htmlFor="appt-day-date">{t('appointments.day.date')}</Label>
          <div className="flex gap-2">
            <Button variant="outline" size="icon" className="shrink-0 print:hidden" aria-label={t('appointments.day.previous')} onClick={() => goTo(addDays(date, -1))}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <DateInput id="appt-day-date" value={date} onChange={goTo} />
            <Button variant="outline" size="icon" className="shrink-0 print:hidden" aria-label={t('appointments.day.next')} onClick={() => goTo(addDays(date, 1))}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
        <FilterSelect
          id="appt-day-service"
          label={t('appointments.day.service')}
          value={serviceId}
          onChange={(v) => {
            setServiceId(v);
            setOffset(0);
          }}
          allLabel={t('appointments.day.allServices')}
          options={services.data?.map((s) => ({ value: String(s.id), label: serviceLabel(s) }))}
          loadingLabel={t('common.loading')}
        />
        {date === today ? null : (
          <Button variant="outline" className="print:hidden" onClick={() => goTo(today)}>
            {t('appointments.day.today')}
          </Button>
        )}
      </FilterBar>

      {query.data?.keptAt ? (
        <p className="text-sm text-muted-foreground" data-testid="appointments-offline-note">
          {t('appointments.day.offlineNote', { time: formatTime(query.data.keptAt) })}
        </p>
      ) : (
        <DayCards facilityId={facilityId} date={date} serviceId={service} />
      )}

      <ListCard
        title={total === undefined ? heading : t('appointments.day.headingCount', { heading, total: formatNumber(total) })}
        description={facilityName}
        query={query}
        actions={
          <Button variant="outline" className="print:hidden" onClick={() => window.print()} disabled={!query.data || query.data.rows.length === 0}>
            <Printer aria-hidden="true" />
            {t('appointments.day.print')}
          </Button>
        }
        errorMessage={(error) => t('common.loadError', { message: appointmentErrorText(t, error) })}
        paging={{ label: t('appointments.day.pagination'), offset, pageSize: APPOINTMENT_PAGE_SIZE, onOffset: setOffset }}
        empty={
          <EmptyState
            icon={CalendarDays}
            title={t('appointments.day.empty')}
            hint={t('appointments.day.emptyHint')}
            action={
              canWrite ? (
                <Button className="print:hidden" onClick={onBook}>
                  {t('appointments.book.open')}
                </Button>
              ) : null
            }
          />
        }
      >
        <DayTable rows={query.data?.rows} loading={query.isPending} caption={heading} canWrite={canWrite} mayOverride={mayOverride} />
        <DayCardsList rows={query.data?.rows} canWrite={canWrite} mayOverride={mayOverride} />
      </ListCard>
    </div>
  );
}

/** The day's counts: scheduled, checked in, completed, missed (the server's per-service counts, added up). */
function DayCards({ facilityId, date, serviceId }: { facilityId: number; date: string; serviceId: number | undefined }) {
  const { t } = useTranslation();
  const query = useQuery(appointmentCalendarQuery(facilityId, date, date, serviceId));
  const sum = (pick: (d: { scheduled: number; checkedIn: number; completed: number; missed: number }) => number) =>
    query.data && !query.isPlaceholderData ? formatNumber(query.data.filter((d) => d.date === date).reduce((n, d) => n + pick(d), 0)) : undefined;
  const hint = t('appointments.cards.hint', { date: formatDay(date) });
  return (
    <div className="print:hidden">
      <StatCardGrid
        label={t('appointments.cards.label')}
        testIdPrefix="appt-stat-"
        query={query}
        errorMessage={(error) => t('common.loadError', { message: appointmentErrorText(t, error) })}
        cards={[
          { key: 'scheduled', title: t('appointments.status.scheduled'), icon: Clock, tone: 'text-blue-700', value: sum((d) => d.scheduled), hint },
          { key: 'checked_in', title: t('appointments.status.checked_in'), icon: UserCheck, tone: 'text-yellow-700', value: sum((d) => d.checkedIn), hint },
          { key: 'completed', title: t('appointments.status.completed'), icon: CalendarCheck2, tone: 'text-green-700', value: sum((d) => d.completed), hint },
          { key: 'missed', title: t('appointments.status.missed'), icon: CalendarX2, tone: 'text-red-700', value: sum((d) => d.missed), hint },
        ]}
      />
    </div>
  );
}

const COLUMNS = ['time', 'patient', 'service', 'kind', 'status', 'actions'] as const;

type RowsProps = { rows: Appointment[] | undefined; canWrite: boolean; mayOverride: boolean };

function DayTable({ rows, loading, caption, canWrite, mayOverride }: RowsProps & { loading: boolean; caption: string }) {
  const { t } = useTranslation();
  const columns = canWrite ? COLUMNS : COLUMNS.filter((c) => c !== 'actions');
  return (
    <div className="hidden md:block print:block">
      <Table>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads columns={columns} label={(c) => t(`appointments.columns.${c}`)} className={(c) => (c === 'actions' ? 'text-right print:hidden' : undefined)} />
        <TableBody>
          {loading ? (
            <SkeletonRows rows={5} columns={columns.length} testId="appointment-skeleton" />
          ) : (
            rows?.map((a) => (
              <TableRow key={a.id} data-testid="appointment-row">
                <TableCell className="whitespace-nowrap">{a.startTime ?? t('appointments.table.anyTime')}</TableCell>
                <TableCell>
                  <p className="font-medium">{a.patientName}</p>
                  <p className="text-xs text-muted-foreground">{t('appointments.table.idLine', { nationalId: a.patientNationalId ?? t('common.notProvided') })}</p>
                </TableCell>
                <TableCell>{serviceLabel(a)}</TableCell>
                <TableCell>
                  <KindBadge kind={a.kind} />
                </TableCell>
                <TableCell>
                  <div className="flex flex-wrap gap-1">
                    <AppointmentStatusBadge status={a.status} />
                    {a.overCapacity ? <span className="text-xs text-muted-foreground">{t('appointments.table.overCapacity')}</span> : null}
                  </div>
                </TableCell>
                {canWrite ? (
                  <TableCell className="print:hidden">
                    <AppointmentActions appointment={a} mayOverride={mayOverride} />
                  </TableCell>
                ) : null}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** The same list on a phone: one card per appointment, its steps under it. */
function DayCardsList({ rows, canWrite, mayOverride }: RowsProps) {
  const { t } = useTranslation();
  if (!rows) return null;
  return (
    <ul className="grid gap-3 md:hidden print:hidden" aria-label={t('appointments.day.listLabel')}>
      {rows.map((a) => (
        <li key={a.id} className="grid gap-2 rounded-md border p-3 text-sm" data-testid="appointment-card">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium">{a.patientName}</p>
              <p className="text-xs text-muted-foreground">{t('appointments.table.idLine', { nationalId: a.patientNationalId ?? t('common.notProvided') })}</p>
            </div>
            <AppointmentStatusBadge status={a.status} />
          </div>
          <p className="flex flex-wrap items-center gap-2">
            <span>{a.startTime ?? t('appointments.table.anyTime')}</span>
            <span aria-hidden="true">·</span>
            <span>{serviceLabel(a)}</span>
            <KindBadge kind={a.kind} />
          </p>
          {canWrite ? <AppointmentActions appointment={a} mayOverride={mayOverride} className="flex flex-wrap gap-2" /> : null}
        </li>
      ))}
    </ul>
  );
}
