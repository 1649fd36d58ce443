// Saving a versioned section (county, SMS, appointments): the value with the version it was read at; on success the
// form starts again from what was saved; a 409 (someone else saved since) keeps what was typed and offers Reload,
// which brings in their change. The footer under each section's form: its version line, that notice, Save and Discard.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingSection, SettingValues, SystemSettings } from '../../../shared/system';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import type { FieldErrors } from '../../components/forms/use-schema-form';
import { VersionLine } from './section-heading';
import { StaleNotice } from './stale-notice';
import { useSaveSection } from './system.api';
import { fieldErrorsOf, isStale, systemErrorText } from './system-labels';

export function useVersionedSave<S extends SettingSection, V>(
  section: S,
  data: { version: number },
  form: { reset: (next?: V) => void; addErrors: (more: FieldErrors) => void },
  toValues: (value: SystemSettings[S]['value']) => V,
  savedTitle: string,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useSaveSection(section);
  const [stale, setStale] = useState<string | null>(null);
  const save = (value: SettingValues[S]) => {
    setStale(null);
    mutation.mutate(
      { ...value, expectedVersion: data.version },
      {
        onSuccess: (saved) => {
          form.reset(toValues(saved.value));
          toast({ title: savedTitle, description: t('system.savedVersion', { version: saved.version }) });
        },
        onError: (e) => {
          form.addErrors(fieldErrorsOf(e));
          if (isStale(e)) setStale(systemErrorText(t, e));
          else toast({ variant: 'destructive', title: t('system.saveFailed'), description: systemErrorText(t, e) });
        },
      },
    );
  };
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: ['system', 'settings'] });
    setStale(null);
    const fresh = queryClient.getQueryData<SystemSettings>(['system', 'settings']);
    if (fresh) form.reset(toValues(fresh[section].value));
  };
  return { pending: mutation.isPending, stale, save, reload };
}

type FooterProps = {
  versionText: string;
  stale: string | null;
  onReload: () => Promise<void>;
  canConfigure: boolean;
  pending: boolean;
  dirty: boolean;
  /** Discard what was typed; none: Save alone (a single switch). */
  onDiscard?: () => void;
};

export function SaveFooter({ versionText, stale, onReload, canConfigure, pending, dirty, onDiscard }: FooterProps) {
  const { t } = useTranslation();
  return (
    <>
      <VersionLine text={versionText} />
      {stale ? <StaleNotice message={stale} onReload={() => void onReload()} /> : null}
      {canConfigure ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size={onDiscard ? 'default' : 'sm'} disabled={pending || !dirty}>
            {pending ? t('system.saving') : t('system.save')}
          </Button>
          {onDiscard ? (
            <Button type="button" variant="outline" disabled={pending || !dirty} onClick={onDiscard}>
              {t('system.discard')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
