// The 409 of a stale version: someone else saved this section since it was loaded. What was typed stays in the
// form; Reload brings in their change (and drops what was typed, which the reader can then type again).
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

export function StaleNotice({ message, onReload }: { message: string; onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid justify-items-start gap-2 rounded-md border border-destructive p-3 text-sm" data-testid="stale-notice">
      <p className="text-destructive">{message}</p>
      <Button type="button" variant="outline" size="sm" onClick={onReload}>
        {t('system.reload')}
      </Button>
    </div>
  );
}

/** "Version 3, changed 16 Mar 2026 at 09:30 by Margaret Nekesa" (or the defaults, never saved). */
export function versionText(t: (key: string, opts?: Record<string, unknown>) => string, s: { version: number; updatedAt: string | null; updatedByName: string | null }, format: (at: string) => string): string {
  if (s.version === 0 || !s.updatedAt) return t('system.neverSaved');
  return t('system.version', { version: s.version, at: format(s.updatedAt), name: s.updatedByName ?? t('system.someone') });
}
