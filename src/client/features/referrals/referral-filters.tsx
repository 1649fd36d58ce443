// SPEC.md §2.14 filters: search patients, facility (every facility in the database), status, urgency, and a
// Search button. Typing also filters once it pauses; the button applies the text at once.
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REFERRAL_STATUSES, URGENCY_LEVELS } from '../../../shared/constants';
import type { Facility } from '../../../shared/schemas/facility';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

export type FilterValues = { search: string; facility: string; status: string; urgency: string };

type Props = {
  values: FilterValues;
  facilities: Facility[] | undefined;
  showFacility: boolean;
  onChange: (patch: Partial<FilterValues>) => void;
  onSearch: () => void;
};

export function ReferralFilters({ values, facilities, showFacility, onChange, onSearch }: Props) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <Card>
      <CardContent className="pt-6">
        <form role="search" aria-label={t('referrals.filters.label')} onSubmit={submit} className="grid items-end gap-4 md:grid-cols-2 xl:grid-cols-[1fr_16rem_12rem_12rem_auto]">
          <div className="grid gap-1.5">
            <Label htmlFor="referral-search">{t('referrals.filters.search')}</Label>
            <div className="relative">
              <Search aria-hidden="true" className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" />
              <Input
                id="referral-search"
                type="search"
                className="pl-9"
                maxLength={100}
                autoComplete="off"
                placeholder={t('referrals.filters.searchPlaceholder')}
                value={values.search}
                onChange={(e) => onChange({ search: e.target.value })}
              />
            </div>
          </div>
          {showFacility ? (
            <div className="grid gap-1.5">
              <Label htmlFor="referral-facility-filter">{t('referrals.filters.facility')}</Label>
              <NativeSelect id="referral-facility-filter" value={values.facility} onChange={(e) => onChange({ facility: e.target.value })}>
                <option value="">{t('common.allFacilities')}</option>
                {facilities?.map((f) => (
                  <option key={f.id} value={String(f.id)}>
                    {f.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor="referral-status-filter">{t('referrals.filters.status')}</Label>
            <NativeSelect id="referral-status-filter" value={values.status} onChange={(e) => onChange({ status: e.target.value })}>
              <option value="">{t('referrals.filters.allStatuses')}</option>
              {REFERRAL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`referrals.status.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="referral-urgency-filter">{t('referrals.filters.urgency')}</Label>
            <NativeSelect id="referral-urgency-filter" value={values.urgency} onChange={(e) => onChange({ urgency: e.target.value })}>
              <option value="">{t('referrals.filters.allUrgencies')}</option>
              {URGENCY_LEVELS.map((u) => (
                <option key={u} value={u}>
                  {t(`referrals.urgency.${u}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit">
            <Search aria-hidden="true" />
            {t('referrals.filters.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
