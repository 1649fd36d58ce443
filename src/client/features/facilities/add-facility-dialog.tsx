import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';

/**
 * There is no create endpoint on purpose: the county's facilities are those of the national Kenya Master Facility
 * List (KMHFL), each with its MFL code. A new facility is registered there first, so this dialog says so
 * instead of offering a form that would fork the county list from the national register.
 */
export function AddFacilityDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('facilities.add.title')}</DialogTitle>
          <DialogDescription>{t('facilities.add.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 text-sm">
          <p>{t('facilities.add.register')}</p>
          <p>{t('facilities.add.mflCode')}</p>
        </div>
        <DialogFooter>
          <Button asChild variant="outline">
            <a href="https://kmhfl.health.go.ke" target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {t('facilities.add.openKmhfl')}{' '}
              <span className="sr-only">{t('facilities.add.newTab')}</span>
            </a>
          </Button>
          <DialogClose asChild>
            <Button>{t('common.close')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
