import { useQuery } from '@tanstack/react-query';
import { CloudUpload, Download, Languages, LogOut, Settings, User } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthState } from '../auth';
import { logOut } from '../../features/auth';
import { facilitiesQuery, facilityName } from '../../features/facilities';
import { fileLanguage } from '../../lib/download';
import { setLanguage, type Language } from '../../lib/i18n';
import { roleName } from '../../lib/labels';
import { initials } from '../../lib/utils';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useOutboxCounts } from '../../lib/offline-gate';
import { useLocation } from 'wouter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';

type Props = { auth: Extract<AuthState, { status: 'authenticated' }> };

/** The profile's Passkeys section, with the WebAuthn code, loads when the profile opens (the shell stays small). */
const PasskeysSection = lazy(() => import('../../features/auth/passkeys-section'));

export function UserMenu({ auth }: Props) {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<'profile' | 'settings' | 'signOut' | null>(null);
  const [, navigate] = useLocation();
  const counts = useOutboxCounts();
  // Work saved offline and not yet sent goes with the sign-out (issue 34): asked first, never silently.
  const unsent = counts.pending + counts.failed;
  const firstName = auth.display.firstName || t('shell.defaultUser');
  const fullName = auth.display.firstName ? `${auth.display.firstName} ${auth.display.lastName}` : t('shell.defaultUser');
  const role = roleName(t, auth.display.role);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          {/* Named by what it shows (WCAG 2.5.3, axe's label-content-name-mismatch): the name and role, shown from md
              up and read out on a phone too, then what the button opens ("… Account menu"). */}
          <Button variant="ghost" className="h-auto gap-2 px-2 py-1" data-testid="user-menu">
            <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground" aria-hidden="true">
              {initials(auth.display.firstName, auth.display.lastName)}
            </span>
            <span className="sr-only text-left md:not-sr-only md:grid">
              <span className="text-sm font-medium">{fullName}</span>
              <span className="text-xs text-muted-foreground">{role}</span>
            </span>
            <span className="sr-only">{t('shell.userMenu')}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel>
            <span className="block">{fullName}</span>
            <span className="block text-xs font-normal text-muted-foreground">{role}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setDialog('profile')}>
            <User aria-hidden="true" className="h-4 w-4" /> {t('shell.profile')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('settings')}>
            <Settings aria-hidden="true" className="h-4 w-4" /> {t('shell.settings')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="flex items-center gap-2 text-xs font-normal text-muted-foreground">
            <Languages aria-hidden="true" className="h-4 w-4" /> {t('shell.language')}
          </DropdownMenuLabel>
          <DropdownMenuRadioGroup value={i18n.language} onValueChange={(v) => void setLanguage(v as Language)}>
            <DropdownMenuRadioItem value="en">English</DropdownMenuRadioItem>
            <DropdownMenuRadioItem value="sw">Kiswahili</DropdownMenuRadioItem>
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => navigate('/sync')}>
            <CloudUpload aria-hidden="true" className="h-4 w-4" /> {t('offline.syncLink')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => (unsent > 0 ? setDialog('signOut') : logOut())}>
            <LogOut aria-hidden="true" className="h-4 w-4" /> {t('shell.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={dialog === 'signOut'}
        title={t('offlineWork.signOutTitle')}
        description={t('offlineWork.signOutBody', { count: unsent })}
        action={t('shell.logout')}
        running={t('shell.logout')}
        pending={false}
        variant="destructive"
        onClose={() => setDialog(null)}
        onConfirm={logOut}
      />
      <ProfileDialog open={dialog === 'profile'} onOpenChange={(o) => setDialog(o ? 'profile' : null)} auth={auth} fullName={fullName} role={role} />
      <Dialog open={dialog === 'settings'} onOpenChange={(o) => setDialog(o ? 'settings' : null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('shell.settings')}</DialogTitle>
            <DialogDescription>{t('shell.settingsHint', { name: firstName })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <p className="text-sm font-medium">{t('shell.language')}</p>
            <div className="flex gap-2">
              {(['en', 'sw'] as const).map((lng) => (
                <Button key={lng} variant={i18n.language === lng ? 'default' : 'outline'} onClick={() => void setLanguage(lng)} aria-pressed={i18n.language === lng}>
                  {lng === 'en' ? 'English' : 'Kiswahili'}
                </Button>
              ))}
            </div>
          </div>
          <Button variant="outline" asChild>
            <a href={`/api/activities/mine.csv?lang=${fileLanguage(i18n.resolvedLanguage)}`} download>
              <Download aria-hidden="true" /> {t('shell.downloadMyActivity')}
            </a>
          </Button>
        </DialogContent>
      </Dialog>
    </>
  );
}

function ProfileDialog({ open, onOpenChange, auth, fullName, role }: { open: boolean; onOpenChange: (open: boolean) => void; auth: Props['auth']; fullName: string; role: string }) {
  const { t } = useTranslation();
  const facilities = useQuery({ ...facilitiesQuery, enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('shell.profile')}</DialogTitle>
          <DialogDescription>{fullName}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
          <dt className="text-muted-foreground">{t('shell.role')}</dt>
          <dd>{role}</dd>
          <dt className="text-muted-foreground">{t('shell.email')}</dt>
          <dd>{auth.user?.email ?? '—'}</dd>
          <dt className="text-muted-foreground">{t('shell.facility')}</dt>
          <dd>{facilityName(facilities.data, auth.user?.facilityId, t('common.unknownFacility'))}</dd>
        </dl>
        {open ? (
          <Suspense fallback={<p className="border-t pt-4 text-sm text-muted-foreground">{t('common.loading')}</p>}>
            <PasskeysSection />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
