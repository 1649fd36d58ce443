// The laboratory's worklist (issue 31): the tests waiting for a result at the lab technician's facility, oldest
// first, each with its patient and an Enter result button; and the day's laboratory register to print.
import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ageInYears, countyDate, wallClock } from '../../../shared/county-time';
import type { LabWorklistItem } from '../../../shared/laboratory';
import { PrintLink } from '../../components/print-link';
import { Button } from '../../components/ui/button';
import { DateInput } from '../../components/ui/date-input';
import { FormDialog } from '../../components/ui/form-dialog';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDate } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { failureText, LabResultDialog, labRegisterUrl, labWorklistQuery, testName } from '../laboratory';

/** The worklist's button, for whoever results tests at a facility of their own. */
export function LabWorklistButton({ facilityId }: { facilityId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <ClipboardList aria-hidden="true" />
        {t('lab.worklist.open')}
      </Button>
      {open ? <LabWorklist facilityId={facilityId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function LabWorklist({ facilityId, onClose }: { facilityId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const worklist = useQuery(labWorklistQuery(facilityId));
  const facilities = useQuery(facilitiesQuery);
  const facility = facilities.data?.find((f) => f.id === facilityId)?.name ?? '';
  const today = countyDate(wallClock());
  const [day, setDay] = useState(today);
  const [resulting, setResulting] = useState<LabWorklistItem | null>(null);
  return (
    <FormDialog pending={false} onClose={onClose} title={t('lab.worklist.title')} description={t('lab.worklist.description', { facility })} className="max-w-2xl">
      <div className="grid gap-4 text-sm">
        {worklist.isPending ? (
          <Skeleton className="h-16 w-full" aria-label={t('common.loading')} />
        ) : worklist.isError ? (
          <div role="alert" className="grid justify-items-start gap-2">
            <p className="text-destructive">{t('common.loadError', { message: failureText(t, worklist.error, t('common.error')) })}</p>
            <Button variant="outline" size="sm" onClick={() => void worklist.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : worklist.data.length === 0 ? (
          <p className="text-muted-foreground">{t('lab.worklist.empty')}</p>
        ) : (
          <ul className="grid max-h-[50vh] gap-2 overflow-y-auto" aria-label={t('lab.worklist.title')}>
            {worklist.data.map((x) => (
              <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2" data-testid="worklist-item">
                <div className="min-w-0">
                  <p className="font-medium">{testName(t, x.test)}</p>
                  <p className="text-muted-foreground">
                    {t('lab.worklist.patientLine', {
                      name: x.patientName,
                      id: x.patientId,
                      sex: t(`lab.worklist.sexes.${x.gender}`, { defaultValue: x.gender }),
                      age: x.dateOfBirth ? t('lab.worklist.age', { count: ageInYears(x.dateOfBirth, today) }) : '',
                    })}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatDate(x.orderedAt)} · {t('lab.orderedBy', { name: x.orderedBy })}
                  </p>
                </div>
                <Button size="sm" onClick={() => setResulting(x)} aria-label={t('lab.enterResultOf', { test: `${testName(t, x.test)} (${x.patientName})` })}>
                  {t('lab.enterResult')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-2 border-t pt-3">
          <div className="grid gap-1.5">
            <Label htmlFor="lab-register-day">{t('lab.worklist.registerDate')}</Label>
            <DateInput id="lab-register-day" value={day} max={today} onChange={(v) => setDay(v || today)} />
          </div>
          <PrintLink href={(lang) => labRegisterUrl(facilityId, day, lang)} label={t('lab.worklist.printRegister')} />
        </div>
      </div>
      {resulting ? <LabResultDialog test={resulting} patientName={resulting.patientName} onClose={() => setResulting(null)} /> : null}
    </FormDialog>
  );
}
