// View Schedules (SPEC.md §2.12 header button): a read-only duty roster for today and the next 6 days, per
// facility (the shell's Current Facility at first) or the whole county.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, COUNTY_TIME_ZONE, countyDate, countyInstant } from '../../../shared/county-time';
import type { ShiftKind, StaffShift } from '../../../shared/staff';
import { scopeOf, useSelectedFacility } from '../../app/selected-facility';
import { ListError } from '../../components/data/list-error';
import { Badge } from '../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { roleName } from '../../lib/labels';
import { facilitiesQuery } from '../facilities';
import { staffShiftsQuery } from './staff.api';
import { fullName, staffErrorText } from './staff-labels';
import { ScrollTable } from './staff-table';
import { dateLocale } from '../../lib/locale-format';

const DAYS = 7;
const SHIFT_BADGE: Record<ShiftKind, 'info' | 'secondary' | 'warning'> = { day: 'info', night: 'secondary', on_call: 'warning' };

type Person = Pick<StaffShift, 'userId' | 'firstName' | 'lastName' | 'role' | 'facilityName'> & { shifts: Map<string, ShiftKind> };

function byPerson(shifts: StaffShift[]): Person[] {
  const people = new Map<number, Person>();
  for (const s of shifts) {
    const p = people.get(s.userId) ?? { userId: s.userId, firstName: s.firstName, lastName: s.lastName, role: s.role, facilityName: s.facilityName, shifts: new Map() };
    p.shifts.set(s.shiftDate, s.shift);
    people.set(s.userId, p);
  }
  return [...people.values()].sort((a, b) => a.facilityName.localeCompare(b.facilityName) || fullName(a).localeCompare(fullName(b)));
}

export function SchedulesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>{t('staff.schedules.title')}</DialogTitle>
          <DialogDescription>{t('staff.schedules.description')}</DialogDescription>
        </DialogHeader>
        {open ? <Roster /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Roster() {
  const { t } = useTranslation();
  const { facilityId: current } = useSelectedFacility();
  const facilities = useQuery(facilitiesQuery);
  const [facility, setFacility] = useState(String(scopeOf(current) ?? 'all'));
  const from = countyDate(new Date());
  const days = Array.from({ length: DAYS }, (_, i) => addDays(from, i));
  const query = useQuery(staffShiftsQuery(facility, from, days[DAYS - 1]!));
  const people = useMemo(() => (query.data ? byPerson(query.data) : undefined), [query.data]);
  const locale = dateLocale();
  const dayLabel = useMemo(() => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: COUNTY_TIME_ZONE }), [locale]);
  const countyWide = facility === 'all';

  return (
    <div className="grid gap-4">
      <div className="grid max-w-sm gap-2">
        <Label htmlFor="roster-facility">{t('staff.schedules.facility')}</Label>
        <NativeSelect id="roster-facility" value={facility} onChange={(e) => setFacility(e.target.value)}>
          <option value="all">{t('common.allFacilities')}</option>
          {facilities.data?.map((f) => (
            <option key={f.id} value={String(f.id)}>
              {f.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {query.isError ? (
        <ListError message={t('staff.schedules.error', { message: staffErrorText(t, query.error) })} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : people && people.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">{t('staff.schedules.empty')}</p>
      ) : (
        <ScrollTable label={t('staff.schedules.caption')}>
          <caption className="sr-only">{t('staff.schedules.caption')}</caption>
          <TableHeader>
            <TableRow>
              <TableHead>{t('staff.schedules.staffColumn')}</TableHead>
              {days.map((d) => (
                <TableHead key={d} className="whitespace-nowrap px-2 text-center">
                  {dayLabel.format(countyInstant(d, 12))}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {!people
              ? Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={i} data-testid="roster-skeleton">
                    {[-1, ...days.keys()].map((k) => (
                      <TableCell key={k} className="px-2">
                        <Skeleton className="h-4 w-16" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : people.map((p) => (
                  <TableRow key={p.userId}>
                    <TableCell className="min-w-48">
                      <p className="font-medium">{fullName(p)}</p>
                      <p className="text-xs text-muted-foreground">
                        {roleName(t, p.role)}
                        {countyWide ? ` · ${p.facilityName}` : ''}
                      </p>
                    </TableCell>
                    {days.map((d) => {
                      const shift = p.shifts.get(d);
                      return (
                        <TableCell key={d} className="px-2 text-center">
                          {shift ? (
                            <Badge variant={SHIFT_BADGE[shift]}>{t(`staff.schedules.shift.${shift}`)}</Badge>
                          ) : (
                            <span className="text-xs text-muted-foreground">{t('staff.schedules.shift.off')}</span>
                          )}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
          </TableBody>
        </ScrollTable>
      )}
    </div>
  );
}
