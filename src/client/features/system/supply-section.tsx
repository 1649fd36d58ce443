// Supply (issue 28; domain/PROCUREMENT.md "Stock that comes with it"): how many days before a batch's expiry the
// inventory warns of it, the minimum months of stock below which a line is reordered (a dispensary or health centre;
// a hospital), and how far a supplier's invoice price may differ from the order before the invoice is held.
// Versioned as every section (versioned-save.tsx); inventory and procurement read it.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { supplySettingsSchema, type SystemSettings } from '../../../shared/system';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { when } from './county-section';
import { SectionHeading } from './section-heading';
import { versionText } from './stale-notice';
import { systemValidationText } from './system-labels';
import { SaveFooter, useVersionedSave } from './versioned-save';

type Values = { expiryWarningDays: string; minimumMonthsOfStock: string; minimumMonthsOfStockHospital: string; invoiceTolerancePercent: string };
const FIELDS = ['expiryWarningDays', 'minimumMonthsOfStock', 'minimumMonthsOfStockHospital', 'invoiceTolerancePercent'] as const;
const valuesOf = (v: SystemSettings['supply']['value']): Values => ({
  expiryWarningDays: String(v.expiryWarningDays),
  minimumMonthsOfStock: String(v.minimumMonthsOfStock),
  minimumMonthsOfStockHospital: String(v.minimumMonthsOfStockHospital),
  invoiceTolerancePercent: String(v.invoiceTolerancePercent),
});

export function SupplySection({ data, canConfigure }: { data: SystemSettings['supply']; canConfigure: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useSchemaForm(supplySettingsSchema, () => valuesOf(data.value));
  const { pending, stale, save, reload } = useVersionedSave('supply', data, form, valuesOf, t('system.supply.saved'));
  const onSave = form.submit(save);
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <SectionHeading id={titleId} title={t('system.supply.title')} intro={t('system.supply.intro')} />
      <Card>
        <CardContent className="p-4">
          <form noValidate onSubmit={onSave} className="grid gap-4" aria-label={t('system.supply.title')}>
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map((field) => {
                const id = `supply-${field}`;
                const error = systemValidationText(form.errors[field]);
                return (
                  <FormField key={field} id={id} label={t(`system.supply.${field}`)} error={error} required>
                    <Input
                      {...fieldAria(id, error)}
                      aria-describedby={[error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')}
                      data-field={field}
                      inputMode={field === 'invoiceTolerancePercent' ? 'decimal' : 'numeric'}
                      maxLength={6}
                      value={form.values[field]}
                      readOnly={!canConfigure}
                      disabled={pending}
                      onChange={(e) => form.set(field, e.target.value)}
                    />
                    <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                      {t(`system.supply.hints.${field}`)}
                    </p>
                  </FormField>
                );
              })}
            </div>
            <SaveFooter versionText={versionText(t, data, when)} stale={stale} onReload={reload} canConfigure={canConfigure} pending={pending} dirty={form.dirty} />
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
