// The Settings tab: the county's MOH reporting settings (the MOH 705 mapping, the HMIS choices, the KHIS identifiers),
// a screen of its own (settings/reports-settings.tsx), loaded only when the tab is opened. Until that screen is in
// the build, the tab says so rather than fail.
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';

// A glob, not an import: the build holds the settings screen when its file is there, and an empty map when not.
const found = import.meta.glob<{ ReportsSettings: ComponentType }>('./settings/reports-settings.tsx');
const load = Object.values(found)[0];
const ReportsSettings = load ? lazy(() => load().then((m) => ({ default: m.ReportsSettings }))) : null;

export function ReportsSettingsTab() {
  const { t } = useTranslation();
  if (!ReportsSettings) {
    return (
      <p role="note" className="rounded-md border bg-muted/60 p-4 text-sm" data-testid="reports-settings-missing">
        {t('reports.tabs.settingsMissing')}
      </p>
    );
  }
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <ReportsSettings />
    </Suspense>
  );
}
