// What the Expiring, Reorder and Write-offs tabs share: their facility filter, which starts from the stock tab's
// choice and sends the list back to its first page when changed.
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { FilterSelect, facilityOptions } from '../../components/data/filter-select';

export function ViewFacilityFilter({ id, value, onChange, facilities }: { id: string; value: string; onChange: (facilityId: string) => void; facilities: Facility[] | undefined }) {
  const { t } = useTranslation();
  return <FilterSelect id={id} label={t('inventory.filters.facility')} value={value} onChange={onChange} allLabel={t('common.allFacilities')} options={facilityOptions(facilities)} loadingLabel={t('common.loading')} />;
}
