// Appointments' settings: the nightly sweep's switch and the booking horizon (versioned here) and each facility's appointment services
// (name in English and Kiswahili, duration, hours, daily capacity; deactivated rather than deleted), kept by the appointments module's API.
// Who may edit a facility's services is the appointments module's rule (appointments:configure, in scope).
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAppointmentServiceSchema, updateAppointmentServiceSchema, type AppointmentService } from '../../../shared/appointments';
import { appointmentSettingsSchema, type SystemSettings } from '../../../shared/system';
import { EmptyState } from '../../components/data/empty-state';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';
import { ListError } from '../../components/data/list-error';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { ApiError } from '../../lib/api-client';
import { formatNumber } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { when } from './county-section';
import { SectionHeading } from './section-heading';
import { versionText } from './stale-notice';
import { appointmentServicesQuery, useCreateAppointmentService, useUpdateAppointmentService } from './system.api';
import { fieldErrorsOf, systemErrorText, systemValidationText } from './system-labels';
import { SaveFooter, useVersionedSave } from './versioned-save';

export function AppointmentServicesSection({ settings, canConfigure }: { settings: SystemSettings['appointments']; canConfigure: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <SectionHeading id={titleId} title={t('system.appointments.title')} intro={t('system.appointments.intro')} />
      <SweepCard data={settings} canConfigure={canConfigure} />
      <ServicesCard />
    </section>
  );
}

type SweepValues = { autoCompleteCheckedIn: boolean; bookingHorizonDays: string };
const sweepValuesOf = (v: SystemSettings['appointments']['value']): SweepValues => ({ ...v, bookingHorizonDays: String(v.bookingHorizonDays) });

function SweepCard({ data, canConfigure }: { data: SystemSettings['appointments']; canConfigure: boolean }) {
  const { t } = useTranslation();
  const form = useSchemaForm(appointmentSettingsSchema, () => sweepValuesOf(data.value));
  const { pending, stale, save, reload } = useVersionedSave('appointments', data, form, sweepValuesOf, t('system.appointments.saved'));
  const onSave = form.submit(save);
  const horizonError = systemValidationText(form.errors.bookingHorizonDays);
  return (
    <Card>
      <CardContent className="p-4">
        <form noValidate onSubmit={onSave} className="grid gap-3" aria-label={t('system.appointments.sweep')}>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={form.values.autoCompleteCheckedIn}
              disabled={!canConfigure || pending}
              onChange={(e) => form.set('autoCompleteCheckedIn', e.target.checked)}
            />
            <span>{t('system.appointments.autoComplete')}</span>
          </label>
          <FormField id="appointments-horizon" label={t('system.appointments.horizon')} error={horizonError} required className="grid max-w-xs gap-1.5">
            <Input
              {...fieldAria('appointments-horizon', horizonError)}
              data-field="bookingHorizonDays"
              inputMode="numeric"
              maxLength={4}
              value={form.values.bookingHorizonDays}
              readOnly={!canConfigure}
              disabled={pending}
              onChange={(e) => form.set('bookingHorizonDays', e.target.value)}
            />
          </FormField>
          <p className="text-sm text-muted-foreground">{t('system.appointments.horizonHint')}</p>
          <SaveFooter versionText={versionText(t, data, when)} stale={stale} onReload={reload} canConfigure={canConfigure} pending={pending} dirty={form.dirty} />
        </form>
      </CardContent>
    </Card>
  );
}

/** A service's name in the reader's language first (its Kiswahili name when given), the other under it. */
function namesOf(s: AppointmentService, lang: string): [string, string | null] {
  if (!s.nameSw || s.nameSw === s.name) return [s.name, null];
  return lang === 'sw' ? [s.nameSw, s.name] : [s.name, s.nameSw];
}

function ServicesCard() {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const [facilityId, setFacilityId] = useState(String(staff.facilityId ?? 1));
  const services = useQuery(appointmentServicesQuery(Number(facilityId)));
  const facility = facilities.data?.find((f) => f.id === Number(facilityId));
  const mayEdit = facility !== undefined && staff.reaches('appointments:configure', facility);
  const [editing, setEditing] = useState<AppointmentService | 'new' | null>(null);
  const update = useUpdateAppointmentService();
  const notBuilt = services.error instanceof ApiError && services.error.status === 404;

  const setActive = (s: AppointmentService, isActive: boolean) =>
    update.mutate(
      { id: s.id, input: { isActive } },
      {
        onSuccess: () => toast({ title: t(isActive ? 'system.appointments.activated' : 'system.appointments.deactivated', { name: namesOf(s, i18n.language)[0] }) }),
        onError: (e) => toast({ variant: 'destructive', title: t('system.saveFailed'), description: systemErrorText(t, e) }),
      },
    );

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <CardTitle className="text-base">{t('system.appointments.services')}</CardTitle>
        {mayEdit && !notBuilt ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            {t('system.appointments.add')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3 p-4 pt-0">
        <FilterSelect id="services-facility" label={t('system.appointments.facility')} value={facilityId} onChange={setFacilityId} options={facilityOptions(facilities.data)} loadingLabel={t('common.loading')} className="grid max-w-md gap-1.5" />
        {notBuilt ? (
          <p className="text-sm text-muted-foreground" role="note">
            {t('system.appointments.notAvailable')}
          </p>
        ) : services.error ? (
          <ListError message={t('common.loadError', { message: systemErrorText(t, services.error) })} onRetry={() => void services.refetch()} retrying={services.isFetching} />
        ) : !services.data ? (
          <Skeleton className="h-32 w-full" />
        ) : services.data.length === 0 ? (
          <EmptyState icon={CalendarClock} title={t('system.appointments.noneTitle')} hint={t('system.appointments.noneHint')} />
        ) : (
          <ul className="grid gap-2" data-testid="appointment-services">
            {services.data.map((s) => {
              const [name, other] = namesOf(s, i18n.language);
              return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
                <div className="grid min-w-0 gap-0.5">
                  <p className="font-medium">
                    {name} <span className="font-mono text-xs text-muted-foreground">{s.code}</span>
                  </p>
                  {other ? <p className="text-xs text-muted-foreground">{other}</p> : null}
                  <p className="text-muted-foreground">
                    {t('system.appointments.meta', { minutes: formatNumber(s.durationMinutes), opens: s.opensAt, closes: s.closesAt, capacity: formatNumber(s.dailyCapacity) })}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={s.isActive ? 'success' : 'secondary'}>{t(s.isActive ? 'system.appointments.active' : 'system.appointments.inactive')}</Badge>
                  {mayEdit ? (
                    <>
                      <Button size="sm" variant="outline" onClick={() => setEditing(s)} aria-label={t('system.appointments.editNamed', { name })}>
                        {t('system.appointments.edit')}
                      </Button>
                      <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => setActive(s, !s.isActive)}>
                        {t(s.isActive ? 'system.appointments.deactivate' : 'system.appointments.activate')}
                      </Button>
                    </>
                  ) : null}
                </div>
              </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {editing !== null && facility ? <ServiceDialog service={editing === 'new' ? null : editing} facilityId={facility.id} facilityName={facility.name} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

type ServiceValues = { code: string; name: string; nameSw: string; durationMinutes: string; opensAt: string; closesAt: string; dailyCapacity: string };
const asNumber = (v: string) => (/^\s*\d+\s*$/.test(v) ? Number(v) : v.trim() === '' ? undefined : v);

function ServiceDialog({ service, facilityId, facilityName, onClose }: { service: AppointmentService | null; facilityId: number; facilityName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateAppointmentService();
  const update = useUpdateAppointmentService();
  const pending = create.isPending || update.isPending;
  const initial = (): ServiceValues =>
    service
      ? { code: service.code, name: service.name, nameSw: service.nameSw ?? '', durationMinutes: String(service.durationMinutes), opensAt: service.opensAt, closesAt: service.closesAt, dailyCapacity: String(service.dailyCapacity) }
      : { code: '', name: '', nameSw: '', durationMinutes: '15', opensAt: '08:00', closesAt: '17:00', dailyCapacity: '40' };
  const derive = (v: ServiceValues) => {
    const common = { name: v.name, nameSw: v.nameSw, durationMinutes: asNumber(v.durationMinutes), opensAt: v.opensAt, closesAt: v.closesAt, dailyCapacity: asNumber(v.dailyCapacity) };
    return service ? common : { ...common, facilityId, code: v.code };
  };
  const form = useSchemaForm(service ? updateAppointmentServiceSchema : createAppointmentServiceSchema, initial, derive);
  const error = (k: keyof ServiceValues) => systemValidationText(form.errors[k]);
  const done = (name: string) => {
    toast({ title: t(service ? 'system.appointments.updated' : 'system.appointments.created', { name }) });
    onClose();
  };
  const failed = (e: unknown) => {
    form.addErrors(fieldErrorsOf(e));
    toast({ variant: 'destructive', title: t('system.saveFailed'), description: systemErrorText(t, e) });
  };
  const onSave = form.submit((input) => {
    if (service) update.mutate({ id: service.id, input }, { onSuccess: (s) => done(s.name), onError: failed });
    else create.mutate(input as Parameters<typeof create.mutate>[0], { onSuccess: (s) => done(s.name), onError: failed });
  });
  const field = (k: keyof ServiceValues, label: string, props: Record<string, unknown> = {}, required = true) => (
    <FormField id={`service-${k}`} label={label} error={error(k)} required={required}>
      <Input {...fieldAria(`service-${k}`, error(k))} data-field={k} value={form.values[k]} onChange={(e) => form.set(k, e.target.value)} {...props} />
    </FormField>
  );
  const title = service ? t('system.appointments.editTitle', { name: service.name }) : t('system.appointments.addTitle');
  return (
    <FormDialog pending={pending} onClose={onClose} title={title} description={t('system.appointments.dialogBody', { facility: facilityName })} className="max-h-[90vh] max-w-xl overflow-y-auto">
      <form noValidate onSubmit={onSave} className="grid gap-4" aria-label={title}>
        <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
          {service ? null : field('code', t('system.appointments.code'), { maxLength: 30, autoComplete: 'off', spellCheck: false })}
          {field('name', t('system.appointments.name'), { maxLength: 100 })}
          {field('nameSw', t('system.appointments.nameSw'), { maxLength: 100, lang: 'sw' }, false)}
          {field('durationMinutes', t('system.appointments.duration'), { inputMode: 'numeric', maxLength: 3 })}
          {field('dailyCapacity', t('system.appointments.capacity'), { inputMode: 'numeric', maxLength: 4 })}
          {field('opensAt', t('system.appointments.opensAt'), { type: 'time' })}
          {field('closesAt', t('system.appointments.closesAt'), { type: 'time' })}
        </fieldset>
        <FormDialogFooter pending={pending} onCancel={onClose} action={t('system.save')} running={t('system.saving')} />
      </form>
    </FormDialog>
  );
}
