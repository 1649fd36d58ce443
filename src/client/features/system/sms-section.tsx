// The SMS gateway of the appointment reminders: which gateway is in use and where its credentials come from, the
// reminders' switch, the Africa's Talking username, environment and sender ID (versioned), and the API key —
// write-only: the screen says whether it is set, when and by whom; the value is never shown or sent back.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setSecretSchema, smsSettingsSchema, type SystemSettings } from '../../../shared/system';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input, NativeSelect } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { when } from './county-section';
import { SectionHeading } from './section-heading';
import { versionText } from './stale-notice';
import { useClearApiKey, useSetApiKey } from './system.api';
import { fieldErrorsOf, systemErrorText, systemValidationText } from './system-labels';
import { SaveFooter, useVersionedSave } from './versioned-save';

type Values = { remindersEnabled: boolean; environment: string; username: string; senderId: string };

export function SmsSection({ settings, canConfigure }: { settings: SystemSettings; canConfigure: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const status = settings.status.sms;
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <SectionHeading id={titleId} title={t('system.sms.title')} intro={t('system.sms.intro')} />
      <Card>
        <CardContent className="grid gap-2 p-4 text-sm" data-testid="sms-status">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{t('system.sms.gateway')}</span>
            {status.gateway === 'simulator' ? (
              <Badge variant="warning">{t('system.sms.simulator')}</Badge>
            ) : (
              <Badge variant="success">{t('system.sms.africastalking', { environment: t(`system.sms.env.${status.environment ?? 'sandbox'}`) })}</Badge>
            )}
          </div>
          <p className="text-muted-foreground">
            {status.gateway === 'simulator' ? t('system.sms.simulatorHint') : status.source === 'settings' ? t('system.sms.fromSettings') : t('system.sms.fromConfiguration')}
          </p>
          {status.remindersEnabled ? null : <p className="text-muted-foreground">{t('system.sms.remindersOff')}</p>}
          {status.deliveryReportPath ? (
            <p className="text-muted-foreground" data-testid="sms-delivery-url">
              {t('system.sms.deliveryUrl')} <code className="break-all rounded bg-muted px-1 text-xs">{`${window.location.origin}${status.deliveryReportPath}`}</code>
            </p>
          ) : null}
          <p className="text-muted-foreground" data-testid="sms-activity">
            {t('system.sms.activity', { sent: formatNumber(status.sentLast30Days), failed: formatNumber(status.failedLast30Days) })}
            {status.lastMessageAt ? ` ${t('system.sms.lastMessage', { at: when(status.lastMessageAt) })}` : ''}
          </p>
        </CardContent>
      </Card>
      <SmsForm data={settings.sms} canConfigure={canConfigure} />
      <ApiKeyCard status={settings.secrets['sms.apiKey']} canConfigure={canConfigure} />
    </section>
  );
}

function SmsForm({ data, canConfigure }: { data: SystemSettings['sms']; canConfigure: boolean }) {
  const { t } = useTranslation();
  const form = useSchemaForm(smsSettingsSchema, (): Values => ({ ...data.value }));
  const { pending, stale, save, reload } = useVersionedSave('sms', data, form, (v): Values => ({ ...v }), t('system.sms.saved'));
  const error = (k: keyof Values) => systemValidationText(form.errors[k]);
  const readOnly = !canConfigure;
  const onSave = form.submit(save);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('system.sms.settings')}</CardTitle>
      </CardHeader>
      <CardContent className="p-4 pt-0">
        <form noValidate onSubmit={onSave} className="grid gap-4" aria-label={t('system.sms.settings')}>
          <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                className="h-4 w-4"
                data-field="remindersEnabled"
                checked={form.values.remindersEnabled}
                disabled={readOnly}
                onChange={(e) => form.set('remindersEnabled', e.target.checked)}
              />
              {t('system.sms.remindersEnabled')}
            </label>
            <FormField id="sms-environment" label={t('system.sms.environment')} error={error('environment')}>
              <NativeSelect {...fieldAria('sms-environment', error('environment'))} data-field="environment" value={form.values.environment} disabled={readOnly} onChange={(e) => form.set('environment', e.target.value)}>
                <option value="sandbox">{t('system.sms.env.sandbox')}</option>
                <option value="production">{t('system.sms.env.production')}</option>
              </NativeSelect>
            </FormField>
            <FormField id="sms-username" label={t('system.sms.username')} error={error('username')}>
              <Input {...fieldAria('sms-username', error('username'))} data-field="username" autoComplete="off" maxLength={60} readOnly={readOnly} value={form.values.username} onChange={(e) => form.set('username', e.target.value)} />
            </FormField>
            <FormField id="sms-sender" label={t('system.sms.senderId')} error={error('senderId')}>
              <Input {...fieldAria('sms-sender', error('senderId'))} data-field="senderId" autoComplete="off" maxLength={11} readOnly={readOnly} value={form.values.senderId} onChange={(e) => form.set('senderId', e.target.value)} />
            </FormField>
          </fieldset>
          <SaveFooter versionText={versionText(t, data, when)} stale={stale} onReload={reload} canConfigure={canConfigure} pending={pending} dirty={form.dirty} onDiscard={() => form.reset()} />
        </form>
      </CardContent>
    </Card>
  );
}

function ApiKeyCard({ status, canConfigure }: { status: SystemSettings['secrets']['sms.apiKey']; canConfigure: boolean }) {
  const { t } = useTranslation();
  const [replacing, setReplacing] = useState(false);
  const [clearing, setClearing] = useState(false);
  const clear = useClearApiKey();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('system.sms.apiKey')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 p-4 pt-0 text-sm">
        <p data-testid="api-key-status">
          {status.isSet && status.updatedAt
            ? t('system.sms.keySet', { date: formatDate(status.updatedAt), name: status.updatedByName ?? t('system.someone') })
            : t('system.sms.keyNotSet')}
        </p>
        <p className="text-muted-foreground">{t('system.sms.keyWriteOnly')}</p>
        {canConfigure ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setReplacing(true)}>
              {status.isSet ? t('system.sms.replaceKey') : t('system.sms.setKey')}
            </Button>
            {status.isSet ? (
              <Button variant="outline" size="sm" onClick={() => setClearing(true)}>
                {t('system.sms.clearKey')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
      {replacing ? <ApiKeyDialog onClose={() => setReplacing(false)} /> : null}
      <FormDialog open={clearing} pending={clear.isPending} onClose={() => setClearing(false)} title={t('system.sms.clearTitle')} description={t('system.sms.clearBody')} role="alertdialog">
        <FormDialogFooter
          pending={clear.isPending}
          onCancel={() => setClearing(false)}
          action={t('system.sms.clearKey')}
          running={t('system.sms.clearKey')}
          variant="destructive"
          onAction={() =>
            clear.mutate(undefined, {
              onSuccess: () => {
                toast({ title: t('system.sms.keyCleared') });
                setClearing(false);
              },
              onError: (e) => toast({ variant: 'destructive', title: t('system.saveFailed'), description: systemErrorText(t, e) }),
            })
          }
        />
      </FormDialog>
    </Card>
  );
}

function ApiKeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useSetApiKey();
  const form = useSchemaForm(setSecretSchema, () => ({ value: '' }));
  const error = systemValidationText(form.errors.value);
  const onSave = form.submit(({ value }) =>
    mutation.mutate(value, {
      onSuccess: () => {
        toast({ title: t('system.sms.keySaved') });
        onClose();
      },
      onError: (e) => {
        form.addErrors(fieldErrorsOf(e));
        toast({ variant: 'destructive', title: t('system.saveFailed'), description: systemErrorText(t, e) });
      },
    }),
  );
  return (
    <FormDialog pending={mutation.isPending} onClose={onClose} title={t('system.sms.keyDialogTitle')} description={t('system.sms.keyDialogBody')}>
      <form noValidate onSubmit={onSave} className="grid gap-4" aria-label={t('system.sms.keyDialogTitle')}>
        <FormField id="sms-api-key" label={t('system.sms.apiKey')} error={error} required>
          <Input
            {...fieldAria('sms-api-key', error)}
            data-field="value"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            maxLength={200}
            value={form.values.value}
            disabled={mutation.isPending}
            onChange={(e) => form.set('value', e.target.value)}
          />
        </FormField>
        <FormDialogFooter pending={mutation.isPending} onCancel={onClose} action={t('system.sms.saveKey')} running={t('system.saving')} />
      </form>
    </FormDialog>
  );
}
