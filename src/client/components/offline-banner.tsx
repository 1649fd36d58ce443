// Issue 12, item 3: with the network gone the shell and the screens already opened still load (the service
// worker), but API answers never come from a cache. This says so while the browser is offline: what is on screen
// may be old, and nothing can be saved. It sits in the signed-in shell's header and above the public pages.
import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  // The live region is always there, so a screen reader announces the banner when it appears.
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className="flex items-start gap-2 border-b border-yellow-300 bg-yellow-50 px-4 py-2 text-sm text-yellow-900" data-testid="offline-banner">
          <WifiOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {t('common.offline')}
        </p>
      )}
    </div>
  );
}
