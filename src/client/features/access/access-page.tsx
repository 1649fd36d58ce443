// Access Control (issue 15): the role × permission table the server enforces (for everyone: it is the rules), and
// for the system administrator and the county director the accounts — role, facility, status — with their sessions
// and passkeys, and the audit trail with its chain verification. The tab is in the address (?tab=).
import './access.strings';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Card, CardContent } from '../../components/ui/card';
import { useStaff } from '../../app/use-staff';
import { cn } from '../../lib/utils';
import { PermissionsMatrix } from './permissions-matrix';
import { UsersTab } from './users-tab';
import { AuditTab } from './audit-tab';

const TABS = ['permissions', 'users', 'audit'] as const;
type AccessTab = (typeof TABS)[number];

export function AccessPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const asked = search.get('tab');
  const tab: AccessTab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as AccessTab) : 'permissions';
  const userId = search.get('userId') ?? '';
  const open = (next: AccessTab, params = '') => navigate(next === 'permissions' ? '/access' : `/access?tab=${next}${params}`, { replace: true });
  const manages = staff.may('access:manage');
  const audits = staff.may('audit:read');

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('access.title')}</h1>
        <p className="text-muted-foreground">{t('access.subtitle')}</p>
      </div>
      {!manages && !audits ? (
        <Card>
          <CardContent className="p-5 text-sm text-muted-foreground">
            <p role="note" data-testid="access-not-for-role">
              {t('access.notForRole')}
            </p>
          </CardContent>
        </Card>
      ) : null}
      <div role="tablist" aria-label={t('access.tabs.label')} className="flex gap-1 overflow-x-auto border-b print:hidden">
        {TABS.filter((name) => name === 'permissions' || (name === 'users' ? manages : audits)).map((name, i, shown) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`access-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`access-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => open(name)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const next = shown[(i + (e.key === 'ArrowRight' ? 1 : shown.length - 1)) % shown.length]!;
              open(next);
              document.getElementById(`access-tab-${next}`)?.focus();
            }}
            className={cn(
              'whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
              tab === name ? 'border-primary text-primary' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t(`access.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`access-panel-${tab}`} aria-labelledby={`access-tab-${tab}`} className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {tab === 'users' && manages ? (
          <UsersTab onActivity={(id, label) => open('audit', `&userId=${id}&who=${encodeURIComponent(label)}`)} />
        ) : tab === 'audit' && audits ? (
          <AuditTab key={userId} initialUserId={userId} initialUserLabel={search.get('who') ?? ''} />
        ) : (
          <PermissionsMatrix />
        )}
      </div>
    </div>
  );
}
