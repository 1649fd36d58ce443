// How a temporary password's SMS went, in words (never the password): sent or delivered to a masked number, failed
// with the gateway's reason, or kept by the simulator, which sends nothing (in demo mode the demo phone shows it).
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { StaffSms } from '../../../shared/staff';

export function smsOutcomeText(t: TFunction, sms: StaffSms): string {
  const phone = sms.maskedPhone ?? '';
  if (sms.status === 'failed') return t('staff.sms.failed', { phone, error: sms.error ?? '' });
  return sms.gateway === 'simulator' ? `${t('staff.sms.sent', { phone })} ${t('staff.sms.simulator')}` : t('staff.sms.sent', { phone });
}

export function SmsOutcome({ sms }: { sms: StaffSms }) {
  const { t } = useTranslation();
  return (
    <p data-testid="sms-outcome" className={sms.status === 'failed' ? 'font-medium text-destructive' : undefined}>
      {smsOutcomeText(t, sms)}
    </p>
  );
}
