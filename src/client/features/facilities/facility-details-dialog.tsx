import { DetailField } from '../../components/data/detail-field';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Facility } from '../../../shared/facilities';
import { FacilityIcon } from '../../app/shell/facility-icon';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { levelName } from '../../lib/labels';
import { FacilityServiceBadges, FacilityStatusBadge } from './facility-badges';

/** The Master Facility List's words ("Sub-County Hospital", "Faith Based Organization") as locale keys. */
const codeOf = (value: string) => value.toLowerCase().replace(/[^a-z]+/g, '_');

export type DetailsMode = 'view' | 'settings';

/**
 * Every field the API gives for one facility. Opened from "settings" it is the same dialog, read-only: the
 * facility's record belongs to the Kenya Master Facility List and is changed there.
 */
export function FacilityDetailsDialog({ facility, mode, onClose }: { facility: Facility | null; mode: DetailsMode; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={facility !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        {facility ? (
          <>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2 pr-6">
                <FacilityIcon level={facility.level} className="h-5 w-5 text-primary" />
                {facility.name}
              </DialogTitle>
              <DialogDescription>
                {mode === 'settings' ? t('facilities.details.settingsDescription') : t('facilities.details.description')}
              </DialogDescription>
            </DialogHeader>
            {mode === 'settings' ? (
              <p className="flex items-start gap-2 rounded-md border bg-muted/60 p-3 text-sm" data-testid="read-only-note">
                <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                {t('facilities.details.readOnly')}
              </p>
            ) : null}
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <DetailField label={t('facilities.details.mflCode')}>{facility.mflCode}</DetailField>
              <DetailField label={t('facilities.details.level')}>
                {t('facilityLevels.level', { level: facility.level })} · {levelName(t, facility.level)}
              </DetailField>
              <DetailField label={t('facilities.details.type')}>{t(`facilities.types.${codeOf(facility.type)}`, { defaultValue: facility.type })}</DetailField>
              <DetailField label={t('facilities.details.owner')}>{t(`facilities.owners.${codeOf(facility.owner)}`, { defaultValue: facility.owner })}</DetailField>
              <DetailField label={t('facilities.details.subcounty')}>{facility.subcounty}</DetailField>
              <DetailField label={t('facilities.details.healthSubcounty')}>{facility.healthSubcounty ?? t('common.notSpecified')}</DetailField>
              <DetailField label={t('facilities.details.ward')}>{facility.ward ?? t('common.notSpecified')}</DetailField>
              <DetailField label={t('facilities.details.location')}>{facility.location}</DetailField>
              <DetailField label={t('facilities.details.capacity')}>
                {facility.capacity === null ? t('common.notSpecified') : t('facilities.table.beds', { count: facility.capacity })}
              </DetailField>
              <DetailField label={t('facilities.details.status')}>
                <FacilityStatusBadge status={facility.status} />
              </DetailField>
              <DetailField label={t('facilities.details.coordinates')}>
                {facility.latitude === null || facility.longitude === null
                  ? t('common.notSpecified')
                  : `${facility.latitude.toFixed(5)}, ${facility.longitude.toFixed(5)}`}
              </DetailField>
              <DetailField label={t('facilities.details.services')}>
                <FacilityServiceBadges level={facility.level} />
              </DetailField>
            </dl>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
