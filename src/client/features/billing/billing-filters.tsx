// SPEC.md §2.8 filter row: search by patient name or ID (and invoice number), payment method, status, and a Search
// button; plus the facility, which starts at the shell's Current Facility. Nothing is sent until Search.
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BILLING_STATUSES, PAYMENT_METHODS } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { facilitiesQuery } from '../facilities/facilities.api';
import { methodName, statusName } from './billing-labels';

export type FilterValues = { search: string; status: string; paymentMethod: string; facility: string };

export function BillingFilters({ initial, onSearch }: { initial: FilterValues; onSearch: (values: FilterValues) => void }) {
  const { t } = useTranslation();
  const facilities = useQuery(facilitiesQuery);
  const [values, setValues] = useState(initial);
  const set = (key: keyof FilterValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch({ ...values, search: values.search.trim() });
  };
  return (
    <Card>
      <CardContent className="pt-6">
        <form role="search" aria-label={t('billing.filters.label')} onSubmit={submit} className="grid gap-4 md:grid-cols-2 xl:grid-cols-[1fr_11rem_11rem_16rem_auto] xl:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="billing-search">{t('billing.filters.search')}</Label>
            <div className="relative">
              <Search aria-hidden="true" className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" />
              <Input id="billing-search" type="search" className="pl-9" maxLength={100} autoComplete="off" placeholder={t('billing.filters.searchPlaceholder')} value={values.search} onChange={set('search')} />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="billing-method">{t('billing.filters.paymentMethod')}</Label>
            <NativeSelect id="billing-method" value={values.paymentMethod} onChange={set('paymentMethod')}>
              <option value="">{t('billing.filters.allMethods')}</option>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {methodName(t, m)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="billing-status">{t('billing.filters.status')}</Label>
            <NativeSelect id="billing-status" value={values.status} onChange={set('status')}>
              <option value="">{t('billing.filters.allStatuses')}</option>
              {BILLING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusName(t, s)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="billing-facility">{t('billing.filters.facility')}</Label>
            <NativeSelect id="billing-facility" value={values.facility} onChange={set('facility')}>
              <option value="">{t('common.allFacilities')}</option>
              {facilities.data?.map((f) => (
                <option key={f.id} value={String(f.id)}>
                  {f.name}
                </option>
              ))}
              {/* The chosen facility shows by number until the list arrives. */}
              {!facilities.data && values.facility ? <option value={values.facility}>{t('common.loading')}</option> : null}
            </NativeSelect>
          </div>
          <Button type="submit">
            <Search aria-hidden="true" />
            {t('billing.filters.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
