import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, HeartPulse, Menu, UserPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { COUNTY_PROFILE } from '../../../shared/county';
import type { AuthState } from '../auth';
import { COUNTY_WIDE, useSelectedFacility } from '../selected-facility';
import { facilitiesQuery } from '../../features/facilities';
import '../../lib/i18n-app';
import { levelName } from '../../lib/labels';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { OfflineBanner } from '../../components/offline-banner';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '../../components/ui/tooltip';
import { FacilityIcon } from './facility-icon';
import { NotificationsBell } from './notifications-bell';
import { OutboxIndicator } from './outbox-indicator';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';
import { useStaff } from '../use-staff';
import { SCREENS } from '../modules';

// Opened by a tap, never on the way to a screen: its code loads then, not with every screen's.
const EmergencyAlertDialog = lazy(() => import('./emergency-alert-dialog').then((m) => ({ default: m.EmergencyAlertDialog })));
const RegisterPatientDialog = lazy(() => import('../../features/patients/register-patient-dialog').then((m) => ({ default: m.RegisterPatientDialog })));

type Props = { auth: Extract<AuthState, { status: 'authenticated' }>; children: ReactNode };

/** The page shell of every authenticated screen (SPEC.md §2.4). */
/**
 * The browser tab and history say which screen this is (issue 12, item 8): its sidebar name, then the system's,
 * in the chosen language.
 */
function useScreenTitle(): void {
  const { t, i18n } = useTranslation();
  const [location] = useLocation();
  const key = SCREENS.find((s) => s.path === location)?.nav?.key;
  const title = key ? `${t(`nav.${key}`)} · AfyaKaunti` : 'AfyaKaunti';
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
}

export function AppShell({ auth, children }: Props) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [registering, setRegistering] = useState(false);
  const [alerting, setAlerting] = useState(false);
  const mayRegister = useStaff().may('patients:register');
  useScreenTitle();
  return (
    <TooltipProvider>
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2">
        {t('shell.skipToContent')}
      </a>
      {/* The header and, with the network gone, the offline banner under it stay at the top while the screen scrolls. */}
      {/* Printed, a screen is its content only (print:hidden): no header, sidebar or floating buttons. */}
      <div className="sticky top-0 z-40 print:hidden">
        <header className="flex h-16 items-center gap-3 border-b bg-background px-4">
          <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('shell.openMenu')} aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
            <Menu />
          </Button>
          <div className="flex items-center gap-2">
            <HeartPulse aria-hidden="true" className="h-7 w-7 text-primary" />
            <div>
              <p className="text-lg font-bold leading-tight">AfyaKaunti</p>
              <p className="hidden text-xs text-muted-foreground sm:block">{t('shell.subtitle', { county: COUNTY_PROFILE.name })}</p>
            </div>
          </div>
          <SelectedFacilityBadge />
          <div className="ml-auto flex items-center gap-1">
            {/* Below the desktop width the shell's two actions live here, never over the screen's content. */}
            <ShellActions inHeader mayRegister={mayRegister} onRegister={() => setRegistering(true)} onAlert={() => setAlerting(true)} />
            <OutboxIndicator />
            <NotificationsBell />
            <UserMenu auth={auth} />
          </div>
        </header>
        <OfflineBanner />
        <OutboxIndicator bar />
      </div>
      <div className="flex">
        <aside className={`${menuOpen ? 'block' : 'hidden'} print:hidden fixed inset-y-16 left-0 z-30 w-72 border-r bg-background lg:sticky lg:top-16 lg:block lg:h-[calc(100vh-4rem)]`}>
          <Sidebar onNavigate={() => setMenuOpen(false)} />
        </aside>
        {/* At desktop width the floating buttons keep a gutter of their own at the right (lg:pr-24): they never cover
            a total, a search button or a field (issue 29 item 6). */}
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6 lg:pr-24 print:p-0">
          {children}
        </main>
      </div>
      <div className="fixed bottom-6 right-6 z-30 hidden flex-col gap-3 print:hidden lg:flex">
        <ShellActions mayRegister={mayRegister} onRegister={() => setRegistering(true)} onAlert={() => setAlerting(true)} />
      </div>
      {/* Emergency Alert (issue 12 item 7): confirmed, then sent to the server; the spec's toast follows its answer. */}
      {alerting ? (
        <Suspense fallback={null}>
          <EmergencyAlertDialog open={alerting} onOpenChange={setAlerting} />
        </Suspense>
      ) : null}
      {registering ? (
        <Suspense fallback={null}>
          <RegisterPatientDialog open={registering} onOpenChange={setRegistering} />
        </Suspense>
      ) : null}
    </div>
    </TooltipProvider>
  );
}

/**
 * SPEC.md §2.4's floating buttons: Quick Patient Registration (only for those who may register patients — issue 12:
 * not offered, then refused) and Emergency Alert. Floating in their own gutter at desktop width; in the header, as
 * smaller icon buttons, below it.
 */
function ShellActions({ inHeader = false, mayRegister, onRegister, onAlert }: { inHeader?: boolean; mayRegister: boolean; onRegister: () => void; onAlert: () => void }) {
  const { t } = useTranslation();
  const size = inHeader ? 'h-10 w-10' : 'h-14 w-14 rounded-full shadow-lg';
  const side = inHeader ? 'bottom' : 'left';
  return (
    <div className={inHeader ? 'flex items-center gap-1 lg:hidden print:hidden' : 'contents'}>
      {mayRegister && (
        <Tooltip>
          <TooltipTrigger asChild>
            <Button size="icon" variant={inHeader ? 'ghost' : 'default'} className={size} aria-label={t('shell.quickRegistration')} onClick={onRegister}>
              <UserPlus />
            </Button>
          </TooltipTrigger>
          <TooltipContent side={side}>{t('shell.quickRegistration')}</TooltipContent>
        </Tooltip>
      )}
      <Tooltip>
        <TooltipTrigger asChild>
          <Button size="icon" variant={inHeader ? 'ghost' : 'destructive'} className={inHeader ? `${size} text-destructive hover:text-destructive` : size} aria-label={t('shell.emergencyAlert')} onClick={onAlert}>
            <AlertTriangle />
          </Button>
        </TooltipTrigger>
        <TooltipContent side={side}>{t('shell.emergencyAlert')}</TooltipContent>
      </Tooltip>
    </div>
  );
}

function SelectedFacilityBadge() {
  const { t } = useTranslation();
  const { facilityId } = useSelectedFacility();
  const { data: facilities } = useQuery(facilitiesQuery);
  if (facilityId === COUNTY_WIDE) {
    return <Badge variant="secondary" className="hidden md:inline-flex">{t('shell.countyWide', { county: COUNTY_PROFILE.name })}</Badge>;
  }
  const facility = facilities?.find((f) => f.id === facilityId);
  if (!facility) return null;
  return (
    <Badge variant="secondary" className="hidden gap-1 md:inline-flex" data-testid="facility-badge">
      <FacilityIcon level={facility.level} className="h-3.5 w-3.5" />
      {facility.name} · {t('facilityLevels.level', { level: facility.level })} {levelName(t, facility.level)}
    </Badge>
  );
}
