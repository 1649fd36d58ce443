// The HMIS decisions the MOH 705 mapping leaves to the county (shared/moh MOH_SETTINGS), each explained for a
// health records officer, with its current value, its default and who last changed it. An HMIS role changes one
// by choosing another value: it is saved at once (PUT /api/moh/settings) and applies to reports generated after.
import { useQuery } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOH_SETTINGS, type MohSetting, type MohSettingKey } from '../../../../shared/moh';
import { EmptyState } from '../../../components/data/empty-state';
import { ListError } from '../../../components/data/list-error';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { formatDate, formatTime } from '../../../lib/locale-format';
import { cn } from '../../../lib/utils';
import { mohSettingsQuery, useUpdateMohSetting } from './reports-settings.api';
import { errorText } from './settings-labels';

export function HmisDecisionsSection({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const settings = useQuery(mohSettingsQuery);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('reportsSettings.decisions.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('reportsSettings.decisions.intro')}</p>
      </div>
      {settings.error ? (
        <ListError message={t('common.loadError', { message: errorText(t, settings.error) })} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : settings.isPending ? (
        <div className="grid gap-4" data-testid="decisions-skeleton">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40 w-full" />
          ))}
        </div>
      ) : settings.data.length === 0 ? (
        <EmptyState icon={Scale} title={t('reportsSettings.decisions.emptyTitle')} hint={t('reportsSettings.decisions.emptyHint')} />
      ) : (
        <div className="grid gap-4">
          {settings.data
            .filter((s) => s.key in MOH_SETTINGS)
            .map((s) => (
              <Decision key={s.key} setting={s} canConfigure={canConfigure} />
            ))}
        </div>
      )}
    </section>
  );
}

function Decision({ setting, canConfigure }: { setting: MohSetting; canConfigure: boolean }) {
  const { t } = useTranslation();
  const mutation = useUpdateMohSetting();
  const id = useId();
  const key: MohSettingKey = setting.key;
  const base = `reportsSettings.decisions.settings.${key}`;
  const defaultValue: string = MOH_SETTINGS[key].default;
  // While a change is on its way the choice shows as made (set in the click itself, so the radio never flicks
  // back); once settled the saved value shows, which a refusal leaves as it was.
  const [choosing, setChoosing] = useState<string | null>(null);
  const shown = choosing ?? setting.value;
  const valueLabel = (value: string) => t(`reportsSettings.decisions.settings.${key}.values.${value}.label`, { defaultValue: value });

  const choose = (value: string) => {
    setChoosing(value);
    mutation.mutate(
      { key, value },
      {
        onSettled: () => setChoosing(null),
        onSuccess: () => toast({ title: t('reportsSettings.decisions.savedTitle'), description: t('reportsSettings.decisions.savedBody', { setting: t(`${base}.title`), value: valueLabel(value) }) }),
        onError: (error) => toast({ variant: 'destructive', title: t('reportsSettings.decisions.failedTitle'), description: errorText(t, error) }),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} data-testid="hmis-decision" className="grid gap-3 rounded-lg border p-4 sm:p-5">
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`${id}-title`} className="font-semibold">
            {t(`${base}.title`)}
          </h3>
          <Badge variant="outline">{t(`${base}.where`)}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">{t(`${base}.explanation`)}</p>
      </div>
      {key === 'ageRule' ? <AgeRuleExample /> : null}
      <fieldset aria-describedby={`${id}-changed`} disabled={!canConfigure || mutation.isPending} className="grid gap-2">
        <legend className="sr-only">{t(`${base}.title`)}</legend>
        {setting.values.map((value) => (
          <label
            key={value}
            className={cn(
              'flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-accent/40',
              canConfigure ? 'cursor-pointer' : 'cursor-default',
            )}
          >
            <input
              type="radio"
              name={id}
              value={value}
              checked={shown === value}
              onChange={() => choose(value)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--color-primary)]"
            />
            <span className="grid gap-0.5">
              <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                {valueLabel(value)}
                {value === defaultValue ? (
                  <Badge variant="secondary" data-testid="default-marker">
                    {t('reportsSettings.decisions.default')}
                  </Badge>
                ) : null}
              </span>
              <span className="text-xs text-muted-foreground">{t(`${base}.values.${value}.hint`, { defaultValue: '' })}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p id={`${id}-changed`} className="text-xs text-muted-foreground" data-testid="decision-changed">
        {mutation.isPending
          ? t('reportsSettings.decisions.saving')
          : setting.updatedAt
            ? t('reportsSettings.decisions.changedBy', { name: setting.updatedBy ?? t('reportsSettings.decisions.someone'), date: formatDate(setting.updatedAt), time: formatTime(setting.updatedAt) })
            : t('reportsSettings.decisions.neverChanged')}
      </p>
    </section>
  );
}

/** The age rule by an example: a child who turns five in the middle of the month (age-rule.ts). */
function AgeRuleExample() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2 rounded-md bg-muted p-3 text-sm" data-testid="age-rule-example">
      <p className="font-medium">{t('reportsSettings.decisions.ageExample.title')}</p>
      <p>{t('reportsSettings.decisions.ageExample.story')}</p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[18rem] text-left text-xs">
          <caption className="sr-only">{t('reportsSettings.decisions.ageExample.caption')}</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                {t('reportsSettings.decisions.ageExample.visit')}
              </th>
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                {t('reportsSettings.decisions.settings.ageRule.values.visitDate.label')}
              </th>
              <th scope="col" className="py-1.5 font-semibold">
                {t('reportsSettings.decisions.settings.ageRule.values.endOfMonth.label')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b">
              <th scope="row" className="py-1.5 pr-3 font-normal">
                {t('reportsSettings.decisions.ageExample.before')}
              </th>
              <td className="py-1.5 pr-3">{t('reportsSettings.decisions.ageExample.beforeVisitDate')}</td>
              <td className="py-1.5">{t('reportsSettings.decisions.ageExample.beforeEndOfMonth')}</td>
            </tr>
            <tr>
              <th scope="row" className="py-1.5 pr-3 font-normal">
                {t('reportsSettings.decisions.ageExample.after')}
              </th>
              <td className="py-1.5 pr-3">{t('reportsSettings.decisions.ageExample.afterVisitDate')}</td>
              <td className="py-1.5">{t('reportsSettings.decisions.ageExample.afterEndOfMonth')}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>{t('reportsSettings.decisions.ageExample.advice')}</p>
    </div>
  );
}
