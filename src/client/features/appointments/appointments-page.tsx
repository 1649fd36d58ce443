// Appointments (issue 15; domain/REPORTING.md §Appointments): a facility's day list (today on the county clock unless
// chosen), its week calendar against each service's capacity, and the missed appointments to trace; Book
// Appointment for those who may write at the facility. The facility is the shell's Current Facility (the reader's
// own when the shell shows the whole county), with a picker for a reader whose grant reaches further. What is
// chosen lives in component state, never in the URL (DESIGN.md §1.4).
import './appointments.strings';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { scopeOf as grantScope } from '../../../shared/access';
import { COUNTY_WIDE, useSelectedFacility } from '../../app/selected-facility';
import { useStaff } from '../../app/use-staff';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { facilitiesQuery, facilityName } from '../facilities';
import { countyToday, weekStart } from './appointment-labels';
import { BookAppointmentDialog } from './book-appointment-dialog';
import { bookForOf } from './patient/book-for';
import { DayList } from './day-list';
import { MissedList } from './missed-list';
import { WeekCalendar } from './week-calendar';

type View = 'day' | 'week' | 'missed';
const VIEWS: View[] = ['day', 'week', 'missed'];

export function AppointmentsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const { facilityId: shell } = useSelectedFacility();
  // The shell's facility; for the whole county, the reader's own (a day list is one facility's clinic).
  const startAt = shell !== COUNTY_WIDE ? shell : (staff.facilityId ?? facilities.data?.[0]?.id);
  const [chosen, setChosen] = useState<{ shell: number; facilityId: number } | null>(null);
  const facilityId = chosen && chosen.shell === shell ? chosen.facilityId : startAt;
  const [view, setView] = useState<View>('day');
  const [date, setDate] = useState(countyToday);
  const [week, setWeek] = useState(() => weekStart(countyToday()));
  const [booking, setBooking] = useState(false);
  // Book for a patient, asked by their record (patient/book-for.ts): once; a reload does not ask again.
  const [bookFor, setBookFor] = useState(() => bookForOf(window.history.state));
  const closeBooking = (open: boolean) => {
    setBooking(open);
    if (!open && bookFor) {
      setBookFor(null);
      window.history.replaceState(null, '');
    }
  };

  const canRead = staff.may('appointments:read');
  const facility = facilities.data?.find((f) => f.id === facilityId);
  const canWrite = facility ? staff.reaches('appointments:write', facility) : false;
  const mayOverride = facility ? staff.reaches('appointments:override', facility) : false;
  const mayBookSomewhere = staff.may('appointments:write');
  const wide = grantScope(staff.role, 'appointments:read') !== 'facility';
  const name = facilityName(facilities.data, facilityId ?? null, t('common.unknownFacility'));

  const openDay = (d: string) => {
    setDate(d);
    setView('day');
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('appointments.title')}</h1>
          <p className="text-muted-foreground">{t('appointments.subtitle')}</p>
        </div>
        {canRead && mayBookSomewhere ? (
          <Button className="print:hidden" onClick={() => setBooking(true)}>
            <CalendarPlus aria-hidden="true" />
            {t('appointments.book.open')}
          </Button>
        ) : null}
      </div>

      {!canRead ? (
        // DESIGN.md §7: appointments name patients; a role that may not read them sees why, not a 403.
        <p role="status" className="rounded-md border p-4 text-sm text-muted-foreground">
          {t('appointments.forbidden')}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-4 print:hidden">
            <ViewTabs view={view} onView={setView} />
            {wide ? (
              <FilterSelect
                id="appt-facility"
                className="grid min-w-[14rem] gap-1.5"
                label={t('appointments.facility')}
                value={facilityId === undefined ? '' : String(facilityId)}
                onChange={(v) => setChosen({ shell, facilityId: Number(v) })}
                options={facilityOptions(facilities.data)}
                loadingLabel={t('common.loading')}
              />
            ) : null}
          </div>

          <div id="appointments-panel" role="tabpanel" aria-labelledby={`appointments-tab-${view}`} className="grid grid-cols-[minmax(0,1fr)] gap-6">
            {facilityId === undefined ? (
              <p className="text-sm text-muted-foreground">{t('common.loading')}</p>
            ) : view === 'day' ? (
              <DayList facilityId={facilityId} facilityName={name} date={date} onDate={setDate} canWrite={canWrite} mayOverride={mayOverride} onBook={() => setBooking(true)} />
            ) : view === 'week' ? (
              <WeekCalendar facilityId={facilityId} facilityName={name} week={week} onWeek={setWeek} onOpenDay={openDay} />
            ) : (
              <MissedList facilityId={facilityId} facilityName={name} canWrite={canWrite} />
            )}
          </div>
        </>
      )}

      {mayBookSomewhere ? (
        <BookAppointmentDialog key={bookFor?.id ?? 'any'} open={booking || bookFor !== null} onOpenChange={closeBooking} facilityId={canWrite ? facilityId : undefined} date={date} patient={bookFor} />
      ) : null}
    </div>
  );
}

/** The three views (WAI-ARIA tabs: arrow keys move between them). */
function ViewTabs({ view, onView }: { view: View; onView: (v: View) => void }) {
  const { t } = useTranslation();
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const step = e.key === 'ArrowRight' ? 1 : VIEWS.length - 1;
    const next = VIEWS[(VIEWS.indexOf(view) + step) % VIEWS.length]!;
    onView(next);
    document.getElementById(`appointments-tab-${next}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('appointments.tabs.label')} className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1">
      {VIEWS.map((v) => (
        <button
          key={v}
          id={`appointments-tab-${v}`}
          type="button"
          role="tab"
          aria-selected={view === v}
          aria-controls="appointments-panel"
          tabIndex={view === v ? 0 : -1}
          className={cn(
            'whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            view === v ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
          onClick={() => onView(v)}
          onKeyDown={onKeyDown}
        >
          {t(`appointments.tabs.${v}`)}
        </button>
      ))}
    </div>
  );
}
