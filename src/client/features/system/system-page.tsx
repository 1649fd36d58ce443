// System Settings (issue 15): the county profile, the facilities' details, the appointment services, supply (issue
// 28), the SMS gateway and its outbox (issue 29), the payment and KHIS statuses, the fiscal year, and every change with who and when. Every signed-in
// user may look; the system administrator and the county director (system:configure) change the settings, and
// the other roles are told so once, at the top, instead of seeing buttons that would be refused.
import './system.strings';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../components/data/list-error';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useStaff } from '../../app/use-staff';
import { AppointmentServicesSection } from './appointment-services-section';
import { CountySection } from './county-section';
import { FacilitiesSection } from './facilities-section';
import { HistorySection } from './history-section';
import { SectionTabs, type Section } from '../../components/ui/section-tabs';
import { SmsSection } from './sms-section';
import { SupplySection } from './supply-section';
import { BackupsSection, FiscalYearSection, KhisSection, PaymentsSection } from './status-sections';
import { systemSettingsQuery } from './system.api';
import { systemErrorText } from './system-labels';

// The outbox's table and filters load when its tab is first opened: most visits to System Settings never open it.
const SmsOutboxSection = lazy(() => import('./sms-outbox-section').then((m) => ({ default: m.SmsOutboxSection })));

type SectionId = 'county' | 'facilities' | 'appointments' | 'supply' | 'sms' | 'outbox' | 'payments' | 'khis' | 'fiscalYear' | 'backups' | 'history';

export function SystemPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const canConfigure = staff.may('system:configure');
  const settings = useQuery(systemSettingsQuery);

  const body = settings.error ? (
    <ListError message={t('common.loadError', { message: systemErrorText(t, settings.error) })} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
  ) : !settings.data ? (
    <div className="grid gap-3" data-testid="system-skeleton">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  ) : (
    <SectionTabs<SectionId>
      scroll
      label={t('system.tabs.label')}
      initial="county"
      sections={
        [
          { id: 'county', label: t('system.tabs.county'), content: () => <CountySection data={settings.data.county} canConfigure={canConfigure} /> },
          { id: 'facilities', label: t('system.tabs.facilities'), content: () => <FacilitiesSection /> },
          { id: 'appointments', label: t('system.tabs.appointments'), content: () => <AppointmentServicesSection settings={settings.data.appointments} canConfigure={canConfigure} /> },
          { id: 'supply', label: t('system.tabs.supply'), content: () => <SupplySection data={settings.data.supply} canConfigure={canConfigure} /> },
          { id: 'sms', label: t('system.tabs.sms'), content: () => <SmsSection settings={settings.data} canConfigure={canConfigure} /> },
          {
            id: 'outbox',
            label: t('system.tabs.outbox'),
            content: () => (
              <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <SmsOutboxSection />
              </Suspense>
            ),
          },
          { id: 'payments', label: t('system.tabs.payments'), content: () => <PaymentsSection status={settings.data.status.payments} /> },
          { id: 'khis', label: t('system.tabs.khis'), content: () => <KhisSection status={settings.data.status.khis} /> },
          { id: 'fiscalYear', label: t('system.tabs.fiscalYear'), content: () => <FiscalYearSection status={settings.data.status.fiscalYear} /> },
          { id: 'backups', label: t('system.tabs.backups'), content: () => <BackupsSection status={settings.data.status.backups} /> },
          { id: 'history', label: t('system.tabs.history'), content: () => <HistorySection canConfigure={canConfigure} /> },
        ] satisfies Section<SectionId>[]
      }
    />
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{t('system.title')}</h1>
        <p className="text-muted-foreground">{t('system.subtitle')}</p>
      </div>
      {canConfigure ? null : (
        <Card>
          <CardContent className="flex items-start gap-3 p-4 text-sm" data-testid="system-read-only">
            <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
            <p role="note">{t('system.readOnly')}</p>
          </CardContent>
        </Card>
      )}
      {body}
    </div>
  );
}
