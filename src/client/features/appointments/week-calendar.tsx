// The week calendar (issue 15): seven days (Monday to Sunday) × the facility's services, each cell the day's
// bookings against the service's daily capacity ("38 / 40"), a full day marked; a day opens its day list.
// Previous and next week. The counts are the server's (GET /api/appointments/calendar: only days with bookings).
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../shared/county-time';
import { ListError } from '../../components/data/list-error';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { cn } from '../../lib/utils';
import { formatNumber } from '../../lib/locale-format';
import { appointmentErrorText, countyToday, formatDay, serviceLabel, weekStart } from './appointment-labels';
import { appointmentCalendarQuery, appointmentServicesQuery } from './appointments.api';

type Props = { facilityId: number; facilityName: string; week: string; onWeek: (monday: string) => void; onOpenDay: (date: string) => void };

export function WeekCalendar({ facilityId, facilityName, week, onWeek, onOpenDay }: Props) {
  const { t } = useTranslation();
  const monday = weekStart(week);
  const sunday = addDays(monday, 6);
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const today = countyToday();
  const services = useQuery(appointmentServicesQuery(facilityId));
  const counts = useQuery(appointmentCalendarQuery(facilityId, monday, sunday));
  const heading = t('appointments.week.heading', { from: formatDay(monday), to: formatDay(sunday) });
  const error = services.error ?? counts.error;
  const countOf = (date: string, serviceId: number) => counts.data?.find((c) => c.date === date && c.serviceId === serviceId);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle>{heading}</CardTitle>
          <p className="text-sm text-muted-foreground">{t('appointments.week.description', { facility: facilityName })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onWeek(addDays(monday, -7))}>
            <ChevronLeft aria-hidden="true" />
            {t('appointments.week.previous')}
          </Button>
          {today >= monday && today <= sunday ? null : (
            <Button variant="outline" size="sm" onClick={() => onWeek(weekStart(today))}>
              {t('appointments.week.thisWeek')}
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => onWeek(addDays(monday, 7))}>
            {t('appointments.week.next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-busy={counts.isFetching || undefined}>
        {error ? (
          <ListError
            message={t('common.loadError', { message: appointmentErrorText(t, error) })}
            onRetry={() => void Promise.all([services.refetch(), counts.refetch()])}
            retrying={services.isFetching || counts.isFetching}
          />
        ) : services.data && services.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('appointments.week.noServices')}</p>
        ) : (
          <Table className={counts.isPlaceholderData ? 'opacity-60' : undefined}>
            <caption className="sr-only">{heading}</caption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('appointments.week.day')}</TableHead>
                {services.data?.map((s) => (
                  <TableHead key={s.id} className="whitespace-nowrap">
                    {serviceLabel(s)}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {days.map((date) => (
                <TableRow key={date} data-testid="calendar-day" data-date={date} className={date === today ? 'bg-muted/40' : undefined}>
                  <TableCell className="whitespace-nowrap">
                    <Button variant="link" className="h-auto p-0" aria-label={t('appointments.week.open', { date: formatDay(date) })} onClick={() => onOpenDay(date)}>
                      {formatDay(date)}
                    </Button>
                    {date === today ? <span className="ml-2 text-xs text-muted-foreground">{t('appointments.day.today')}</span> : null}
                  </TableCell>
                  {services.data && counts.data
                    ? services.data.map((s) => {
                        const c = countOf(date, s.id);
                        const booked = c?.booked ?? 0;
                        const capacity = c?.dailyCapacity ?? s.dailyCapacity;
                        const full = booked >= capacity;
                        return (
                          <TableCell key={s.id} className={cn('whitespace-nowrap tabular-nums', full && 'font-semibold text-red-800')} data-testid={`calendar-cell-${s.code}`}>
                            {t('appointments.week.count', { booked: formatNumber(booked), capacity: formatNumber(capacity) })}
                            {full ? (
                              <Badge variant="danger" className="ml-2">
                                {t('appointments.week.full')}
                              </Badge>
                            ) : null}
                          </TableCell>
                        );
                      })
                    : (services.data ?? [0, 1, 2]).map((_, i) => (
                        <TableCell key={i}>
                          <Skeleton className="h-4 w-12" />
                        </TableCell>
                      ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
