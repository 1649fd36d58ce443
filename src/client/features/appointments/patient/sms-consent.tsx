// A patient's consent to SMS reminders (issue 15; Kenya's Data Protection Act: reminders only with consent): whether
// they consent, and a small control to record consent (the phone and the language of the reminders) or withdraw it.
import './patient.strings';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_LANGUAGE_NAMES, SMS_LANGUAGE_OPTIONS, type SmsConsent, type SmsLanguage } from '../../../../shared/appointments';
import { displayPhone } from '../../../../shared/format';
import { useStaff } from '../../../app/use-staff';
import { FormField, fieldAria } from '../../../components/forms/form-field';
import { Button } from '../../../components/ui/button';
import { Input, NativeSelect, SelectOptions } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { appointmentErrorText, appointmentMessage } from '../appointment-messages';
import { smsConsentQuery, useUpdateSmsConsent } from './patient-appointments.api';

/** Each language by its own name, as the shell's language switch writes them. */

export function SmsConsentControl({ patientId, patientName, defaultPhone }: { patientId: number; patientName: string; defaultPhone?: string | null }) {
  const { t } = useTranslation();
  const query = useQuery(smsConsentQuery(patientId));
  const [editing, setEditing] = useState(false);
  const staff = useStaff();
  const canWrite = staff.may('appointments:write');
  return (
    <section aria-labelledby={`sms-consent-${patientId}`} className="grid gap-2 rounded-md border p-3 text-sm" data-testid="sms-consent">
      <h3 id={`sms-consent-${patientId}`} className="flex items-center gap-2 font-semibold">
        <MessageSquare aria-hidden="true" className="h-4 w-4" />
        {t('appointmentsPatient.sms.title')}
      </h3>
      {query.isPending ? (
        <Skeleton className="h-4 w-2/3" />
      ) : query.isError ? (
        <p className="text-destructive">{t('common.loadError', { message: appointmentErrorText(t, query.error) })}</p>
      ) : editing ? (
        <ConsentForm consent={query.data} patientName={patientName} defaultPhone={defaultPhone} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p data-testid="sms-consent-state">
            {query.data.consented
              ? t('appointmentsPatient.sms.consented', {
                  phone: query.data.phone ? displayPhone(query.data.phone) : t('common.notProvided'),
                  language: SMS_LANGUAGE_NAMES[query.data.language ?? 'sw'],
                })
              : t('appointmentsPatient.sms.notConsented')}
          </p>
          {canWrite ? (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                {query.data.consented ? t('appointmentsPatient.sms.change') : t('appointmentsPatient.sms.record')}
              </Button>
              {query.data.consented ? <WithdrawButton patientId={patientId} /> : null}
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

function WithdrawButton({ patientId }: { patientId: number }) {
  const { t } = useTranslation();
  const mutation = useUpdateSmsConsent(patientId);
  return (
    <Button
      size="sm"
      variant="outline"
      className="text-destructive"
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { consented: false, language: 'sw' },
          {
            onSuccess: () => toast({ title: t('appointmentsPatient.sms.withdrawn') }),
            onError: (error) => toast({ variant: 'destructive', title: t('appointmentsPatient.sms.failed'), description: appointmentErrorText(t, error) }),
          },
        )
      }
    >
      {t('appointmentsPatient.sms.withdraw')}
    </Button>
  );
}

function ConsentForm({ consent, patientName, defaultPhone, onDone }: { consent: SmsConsent; patientName: string; defaultPhone?: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const mutation = useUpdateSmsConsent(consent.patientId);
  const [phone, setPhone] = useState(consent.phone ?? defaultPhone ?? '');
  const [language, setLanguage] = useState<SmsLanguage>(consent.language ?? 'sw');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = `sms-${consent.patientId}`;
  // Not a form of its own: it may sit inside the booking form, and forms do not nest.
  const save = () => {
    // The server checks the number (shared/appointments: updateSmsConsentSchema); the registry keeps its schemas out.
    if (phone.trim() === '') {
      setErrors({ phone: t('appointmentsPatient.sms.phoneRequired') });
      return;
    }
    setErrors({});
    mutation.mutate({ consented: true, phone: phone.trim(), language }, {
      onSuccess: () => {
        toast({ title: t('appointmentsPatient.sms.saved'), description: patientName });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) setErrors(error.fieldErrors());
        toast({ variant: 'destructive', title: t('appointmentsPatient.sms.failed'), description: appointmentErrorText(t, error) });
      },
    });
  };
  const phoneError = appointmentMessage(errors.phone);
  return (
    <fieldset disabled={mutation.isPending} className="grid gap-3 sm:grid-cols-2">
      <legend className="sr-only">{t('appointmentsPatient.sms.formLabel', { name: patientName })}</legend>
      <FormField id={`${id}-phone`} label={t('appointmentsPatient.sms.phone')} error={phoneError} required>
        <Input type="tel" inputMode="tel" autoComplete="off" maxLength={20} aria-required="true" {...fieldAria(`${id}-phone`, phoneError)} value={phone}
          onChange={(e) => setPhone(e.target.value)}
          onKeyDown={(e) => {
            // Enter saves the consent, not the booking form around it.
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
        />
      </FormField>
      <FormField id={`${id}-language`} label={t('appointmentsPatient.sms.language')}>
        <NativeSelect id={`${id}-language`} value={language} onChange={(e) => setLanguage(e.target.value as SmsLanguage)}>
          <SelectOptions options={SMS_LANGUAGE_OPTIONS} />
        </NativeSelect>
      </FormField>
      <p className="text-xs text-muted-foreground sm:col-span-2">{t('appointmentsPatient.sms.consentNote')}</p>
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <Button size="sm" variant="outline" onClick={onDone}>
          {t('appointmentsPatient.sms.keep')}
        </Button>
        <Button size="sm" onClick={save}>
          {mutation.isPending ? t('appointmentsPatient.sms.saving') : t('appointmentsPatient.sms.save')}
        </Button>
      </div>
    </fieldset>
  );
}
