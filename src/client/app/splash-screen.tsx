import { HeartPulse } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** SPEC.md §2.1: shown while the authentication check loads and no demo user is stored. */
export function SplashScreen() {
  const { t } = useTranslation();
  // index.html's page is still up (main.tsx removes it when a screen draws): it already says the same or more.
  if (document.getElementById('boot')) return null;
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <HeartPulse aria-hidden="true" className="h-12 w-12 animate-pulse text-primary" />
      <p className="text-lg text-muted-foreground">{t('splash.loading')}</p>
    </div>
  );
}
