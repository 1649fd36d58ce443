// The "for whom" fields of the Generate and Schedule dialogs: facility, sub-county or county, offered as far as the
// role's grant reaches; a grant that reaches one facility shows that facility, not a choice of one.
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { FieldError } from '../../components/forms/form-field';
import { NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import type { ScopeChoice, ScopeValues } from './report-scope';

type Props = {
  idPrefix: string;
  value: ScopeValues;
  onChange: (patch: Partial<ScopeValues>) => void;
  choices: readonly ScopeChoice[];
  facilities: readonly Facility[];
  facilitiesLoading: boolean;
  subcounties: readonly string[];
  error?: string;
};

export function ScopeFields({ idPrefix, value, onChange, choices, facilities, facilitiesLoading, subcounties, error }: Props) {
  const { t } = useTranslation();
  const errorId = `${idPrefix}-scope`;
  const described = error ? `${errorId}-error` : undefined;
  const only = facilities.length === 1 && choices.length === 1 ? facilities[0] : undefined;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">{t('reports.scope.legend')}</legend>
      {choices.length > 1 ? (
        <div role="radiogroup" aria-label={t('reports.scope.legend')} className="flex flex-wrap gap-x-4 gap-y-2">
          {choices.map((choice) => (
            <label key={choice} className="flex min-h-10 items-center gap-2 text-sm sm:min-h-0">
              <input type="radio" name={`${idPrefix}-scope`} value={choice} checked={value.scope === choice} onChange={() => onChange({ scope: choice })} className="h-4 w-4 accent-primary" />
              {t(`reports.scope.${choice}`)}
            </label>
          ))}
        </div>
      ) : null}
      {value.scope === 'facility' ? (
        only ? (
          <p className="text-sm" data-testid={`${idPrefix}-own-facility`}>
            <span className="text-muted-foreground">{t('reports.scope.facility')}: </span>
            <span className="font-medium">{only.name}</span>
          </p>
        ) : (
          <div className="grid gap-1.5">
            <Label htmlFor={`${idPrefix}-facility`}>{t('reports.scope.facility')}</Label>
            <NativeSelect id={`${idPrefix}-facility`} value={value.facilityId} onChange={(e) => onChange({ facilityId: e.target.value })} aria-invalid={error ? true : undefined} aria-describedby={described}>
              <option value="">{facilitiesLoading ? t('common.loading') : t('reports.scope.chooseFacility')}</option>
              {facilities.map((f) => (
                <option key={f.id} value={String(f.id)}>
                  {f.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )
      ) : null}
      {value.scope === 'subcounty' ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-subcounty`}>{t('reports.scope.subcounty')}</Label>
          <NativeSelect id={`${idPrefix}-subcounty`} value={value.subcounty} onChange={(e) => onChange({ subcounty: e.target.value })} aria-invalid={error ? true : undefined} aria-describedby={described}>
            <option value="">{t('reports.scope.chooseSubcounty')}</option>
            {subcounties.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {value.scope === 'county' ? <p className="text-sm text-muted-foreground">{t('reports.scope.countyHint')}</p> : null}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
