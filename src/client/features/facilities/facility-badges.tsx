import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { Badge } from '../../components/ui/badge';
import { facilityStatusName } from '../../lib/labels';
import { servicesOf } from './facility-list';

const STATUS_VARIANT = { operational: 'success', limited: 'warning', maintenance: 'danger' } as const;

export function FacilityStatusBadge({ status }: { status: Facility['status'] }) {
  const { t } = useTranslation();
  return <Badge variant={STATUS_VARIANT[status]}>{facilityStatusName(t, status)}</Badge>;
}

export function FacilityServiceBadges({ level }: { level: number }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('facilities.table.services')}>
      {servicesOf(level).map((s) => (
        <li key={s}>
          <Badge variant="outline">{t(`facilities.services.${s}`)}</Badge>
        </li>
      ))}
    </ul>
  );
}
