// The Settings tab: the county's MOH reporting settings (the MOH 705 mapping, the HMIS choices, the KHIS identifiers),
// a screen of its own (settings/reports-settings.tsx), loaded only when the tab is opened.
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton';

const ReportsSettings = lazy(() => import('./settings/reports-settings').then((m) => ({ default: m.ReportsSettings })));

export function ReportsSettingsTab() {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <ReportsSettings />
    </Suspense>
  );
}
