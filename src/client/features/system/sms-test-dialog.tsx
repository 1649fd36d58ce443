// "Send test message": a number and a language; the text is the server's own (no patient's details can be typed in)
// and goes through the gateway in use, at most SMS_TEST_LIMIT_PER_HOUR an hour for each user. What the gateway
// answered is said at once: delivered, sent, or failed with its reason.
import { useTranslation } from 'react-i18next';
import { SMS_LANGUAGE_OPTIONS, SMS_TEST_LIMIT_PER_HOUR, sendTestSmsSchema, type SendTestSmsForm, type SmsLanguage } from '../../../shared/appointments';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input, NativeSelect, SelectOptions } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { useSendTestSms } from './system.api';
import { fieldErrorsOf, systemErrorText, systemValidationText } from './system-labels';


/** The 429's wait, worded again in the reader's language. */
const WAIT = /Please wait (\d+) minutes? before sending another\.$/;

export function SmsTestDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useSendTestSms();
  const form = useSchemaForm(sendTestSmsSchema, (): Required<SendTestSmsForm> => ({ phone: '', language: 'en' }));
  const error = systemValidationText(form.errors.phone);
  const onSend = form.submit((input) =>
    mutation.mutate(input, {
      onSuccess: (sent) => {
        const via = sent.gateway === 'simulator' ? ` ${t('system.outbox.test.simulator')}` : '';
        if (sent.status === 'failed') toast({ variant: 'destructive', title: t('system.outbox.test.failed', { phone: sent.phone }), description: sent.error ?? undefined });
        else toast({ title: t(`system.outbox.test.${sent.status}`, { phone: sent.phone }), description: `${t(`system.outbox.gateways.${sent.gateway}`)}.${via}` });
        onClose();
      },
      onError: (e) => {
        form.addErrors(fieldErrorsOf(e));
        const wait = e instanceof ApiError && e.status === 429 ? WAIT.exec(e.message) : null;
        toast({
          variant: 'destructive',
          title: t('system.outbox.test.notSent'),
          description: wait ? `429: ${t('system.outbox.test.tooMany', { limit: SMS_TEST_LIMIT_PER_HOUR, count: Number(wait[1]) })}` : systemErrorText(t, e),
        });
      },
    }),
  );
  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('system.outbox.test.title')} description={t('system.outbox.test.body', { limit: SMS_TEST_LIMIT_PER_HOUR })}>
      <form noValidate onSubmit={onSend} className="grid gap-4" aria-label={t('system.outbox.test.title')}>
        <FormField id="sms-test-phone" label={t('system.outbox.test.phone')} error={error} required>
          <Input
            {...fieldAria('sms-test-phone', error)}
            data-field="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={20}
            placeholder={t('system.outbox.phonePlaceholder')}
            value={form.values.phone}
            disabled={mutation.isPending}
            onChange={(e) => form.set('phone', e.target.value)}
          />
        </FormField>
        <FormField id="sms-test-language" label={t('system.outbox.test.language')}>
          <NativeSelect id="sms-test-language" data-field="language" value={form.values.language} disabled={mutation.isPending} onChange={(e) => form.set('language', e.target.value as SmsLanguage)}>
            <SelectOptions options={SMS_LANGUAGE_OPTIONS} />
          </NativeSelect>
        </FormField>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('system.outbox.test.send')} running={t('system.outbox.test.sending')} />
      </form>
    </FormDialog>
  );
}
