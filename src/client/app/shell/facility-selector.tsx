import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COUNTY_PROFILE } from '../../../shared/county';
import { COUNTY_WIDE, useSelectedFacility } from '../selected-facility';
import { facilitiesQuery, facilityKind } from '../../features/facilities';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { FacilityIcon } from './facility-icon';

/** SPEC.md §2.4 Current Facility: every facility with its level icon, plus the whole county for those who oversee it. */
export function FacilitySelector() {
  const { t } = useTranslation();
  const { facilityId, setFacilityId } = useSelectedFacility();
  const { data: facilities, isPending, isError } = useQuery(facilitiesQuery);
  return (
    <div className="grid min-w-0 gap-2">
      <label id="current-facility-label" className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {t('shell.currentFacility')}
      </label>
      <Select value={String(facilityId)} onValueChange={(v) => setFacilityId(Number(v))} disabled={isPending || isError}>
        <SelectTrigger aria-labelledby="current-facility-label" data-testid="facility-selector" className="min-w-0 overflow-hidden">
          <SelectValue placeholder={isPending ? t('common.loading') : t('common.unknownFacility')} />
        </SelectTrigger>
        <SelectContent className="max-h-96">
          <SelectItem value={String(COUNTY_WIDE)}>{t('shell.countyWide', { county: COUNTY_PROFILE.name })}</SelectItem>
          {facilities?.map((f) => (
            <SelectItem key={f.id} value={String(f.id)} data-kind={facilityKind(f.level)}>
              <span className="flex items-center gap-2">
                <FacilityIcon level={f.level} />
                {f.name}
              </span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
