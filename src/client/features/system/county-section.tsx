// The county profile: name, code, headquarters, population and contacts, versioned. The sub-counties and their
// wards are gazetted (src/shared/county.ts) and every address is checked against them: shown, not edited.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { countySettingsSchema, type SystemSettings } from '../../../shared/system';
import { SUBCOUNTY_ALIASES, SUBCOUNTY_WARDS } from '../../../shared/county';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { formatDate, formatNumber, formatTime } from '../../lib/locale-format';
import { SectionHeading } from './section-heading';
import { versionText } from './stale-notice';
import { systemValidationText } from './system-labels';
import { SaveFooter, useVersionedSave } from './versioned-save';

type Values = { name: string; code: string; headquarters: string; population: string; email: string; phone: string };
const valuesOf = (v: SystemSettings['county']['value']): Values => ({ ...v, code: String(v.code), population: String(v.population) });

export const when = (at: string) => `${formatDate(at)} ${formatTime(at)}`;

export function CountySection({ data, canConfigure }: { data: SystemSettings['county']; canConfigure: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useSchemaForm(countySettingsSchema, () => valuesOf(data.value));
  const { pending, stale, save, reload } = useVersionedSave('county', data, form, valuesOf, t('system.county.saved'));
  const error = (k: keyof Values) => systemValidationText(form.errors[k]);
  const readOnly = !canConfigure;
  const onSave = form.submit(save);

  const field = (k: keyof Values, label: string, props: Record<string, unknown> = {}) => (
    <FormField id={`county-${k}`} label={label} error={error(k)} required={['name', 'code', 'headquarters', 'population'].includes(k)}>
      <Input {...fieldAria(`county-${k}`, error(k))} data-field={k} value={form.values[k]} readOnly={readOnly} onChange={(e) => form.set(k, e.target.value)} {...props} />
    </FormField>
  );

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <SectionHeading id={titleId} title={t('system.county.title')} intro={t('system.county.intro')} />
      <Card>
        <CardContent className="p-4">
          <form noValidate onSubmit={onSave} className="grid gap-4" aria-label={t('system.county.title')}>
            <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
              {field('name', t('system.county.name'), { maxLength: 60, autoComplete: 'off' })}
              {field('code', t('system.county.code'), { inputMode: 'numeric', maxLength: 2 })}
              {field('headquarters', t('system.county.headquarters'), { maxLength: 60 })}
              {field('population', t('system.county.population'), { inputMode: 'numeric', maxLength: 9 })}
              {field('email', t('system.county.email'), { type: 'email', maxLength: 254 })}
              {field('phone', t('system.county.phone'), { type: 'tel', maxLength: 20 })}
            </fieldset>
            <SaveFooter versionText={versionText(t, data, when)} stale={stale} onReload={reload} canConfigure={canConfigure} pending={pending} dirty={form.dirty} onDiscard={() => form.reset()} />
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('system.county.subcounties', { count: Object.keys(SUBCOUNTY_WARDS).length })}</CardTitle>
          <CardDescription>{t('system.county.gazetted')}</CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0">
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="subcounties">
            {Object.entries(SUBCOUNTY_WARDS).map(([name, wards]) => {
              const aliases = Object.entries(SUBCOUNTY_ALIASES)
                .filter(([, official]) => official === name)
                .map(([alias]) => alias[0]!.toUpperCase() + alias.slice(1));
              return (
                <li key={name} className="rounded-md border p-3 text-sm">
                  <p className="font-medium">
                    {name}
                    {aliases.length > 0 ? <span className="font-normal text-muted-foreground"> · {t('system.county.mohName', { names: aliases.join(', ') })}</span> : null}
                  </p>
                  <p className="text-muted-foreground">{t('system.county.wards', { count: wards.length, wards: wards.join(', '), n: formatNumber(wards.length) })}</p>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
