// The Emergency Alert button's confirmation (issue 12 item 7): a mis-tap on a phone must not page the county, so
// the alert goes only once the user confirms which facility it is for. The spec's toast (SPEC.md §2.4) follows the
// server's 201; a refusal says the alert was not sent and claims nothing.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTY_WIDE, useSelectedFacility } from '../selected-facility';
import { useStaff } from '../use-staff';
import { useRaiseAlert } from '../../features/alerts';
import { facilitiesQuery } from '../../features/facilities';
import { ApiError } from '../../lib/api-client';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { FormField } from '../../components/forms/form-field';
import { Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The facility the alert is for: the one chosen in the shell when the user may raise an alert there, else their
 * own (the county-wide view names no facility).
 */
function useAlertFacility() {
  const { facilityId: selected } = useSelectedFacility();
  const staff = useStaff();
  const { data: facilities } = useQuery(facilitiesQuery);
  const chosen = selected === COUNTY_WIDE ? undefined : facilities?.find((f) => f.id === selected);
  if (chosen && staff.reaches('alerts:raise', chosen)) return chosen;
  return facilities?.find((f) => f.id === staff.facilityId);
}

export function EmergencyAlertDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const facility = useAlertFacility();
  const raise = useRaiseAlert();
  const [message, setMessage] = useState('');

  const send = () => {
    if (!facility) return;
    raise.mutate(
      { facilityId: facility.id, message: message.trim() || null },
      {
        onSuccess: () => {
          onOpenChange(false);
          setMessage('');
          toast({ variant: 'destructive', title: t('shell.emergencyToastTitle'), description: t('shell.emergencyToastBody') });
        },
        onError: (error) => {
          const status = error instanceof ApiError ? error.status : 0;
          const description = status === 429 ? t('shell.emergencyTooSoon') : status === 403 ? t('shell.emergencyOutOfScope') : t('shell.emergencyFailedBody', { message: error.message });
          toast({ variant: 'destructive', title: t('shell.emergencyFailedTitle'), description });
        },
      },
    );
  };

  return (
    <FormDialog open={open} pending={raise.isPending} onClose={() => onOpenChange(false)} title={facility ? t('shell.emergencyConfirmTitle', { facility: facility.name }) : t('shell.emergencyAlert')} description={facility ? t('shell.emergencyConfirmBody') : t('shell.emergencyNoFacility')}>
      {facility ? (
        <FormField id="emergency-message" label={t('shell.emergencyMessage')}>
          <Textarea id="emergency-message" maxLength={200} value={message} placeholder={t('shell.emergencyMessagePlaceholder')} onChange={(e) => setMessage(e.target.value)} />
        </FormField>
      ) : null}
      <FormDialogFooter
        pending={raise.isPending}
        onCancel={() => onOpenChange(false)}
        action={t('shell.emergencySend')}
        running={t('shell.emergencySending')}
        disabled={!facility}
        variant="destructive"
        onAction={send}
      />
    </FormDialog>
  );
}
