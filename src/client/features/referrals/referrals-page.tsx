// SPEC.md §2.14 Referrals: header with Create Referral, the cards, the filters and the table, all from the
// database; plus an Incoming view, where the user's own facility sees the referrals coming to it. The facility
// filter starts at the shell's Current Facility, and the cards count the same facility (or county) as the table. Filters live in
// component state, never in the URL: a patient's name must not end up in browser history (DESIGN.md §1.4).
import './referrals.strings';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListReferralsQuery } from '../../../shared/referrals';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { facilitiesQuery, facilityName } from '../facilities';
import { scopeOf, useSelectedFacility } from '../../app/selected-facility';
import { useStaff } from '../../app/use-staff';
import { CreateReferralDialog } from './create-referral-dialog';
import { ReferralDetailsDialog } from './referral-details-dialog';
import { ReferralFilters, type FilterValues } from './referral-filters';
import { referralErrorText } from './referral-labels';
import { ReferralStatCards } from './referral-stat-cards';
import { REFERRAL_PAGE_SIZE, referralsQuery } from './referrals.api';
import { ReferralsTable } from './referrals-table';
import { formatNumber } from '../../lib/locale-format';

type View = 'all' | 'incoming';
const startingAt = (shell: number): FilterValues => ({ search: '', facility: scopeOf(shell)?.toString() ?? '', status: '', urgency: '' });
const SEARCH_PAUSE_MS = 300;

export function ReferralsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const [view, setView] = useState<View>('all');
  const { facilityId: shell } = useSelectedFacility();
  // The filters start again at the shell's facility when that choice changes.
  const [stored, setStored] = useState({ shell, values: startingAt(shell) });
  const values = stored.shell === shell ? stored.values : startingAt(shell);
  const [appliedSearch, setAppliedSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);

  // Live filtering: the typed text applies once typing pauses; the Search button applies it at once.
  useEffect(() => {
    const timer = setTimeout(() => setAppliedSearch(values.search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [values.search]);

  const ownFacility = staff.facilityId;
  const incoming = view === 'incoming' && ownFacility !== null;
  const ownName = facilityName(facilities.data, ownFacility, t('common.unknownFacility'));
  const canRead = staff.may('referrals:read');
  const listedFacility = incoming ? ownFacility : values.facility ? Number(values.facility) : undefined;
  const direction = incoming ? 'incoming' : undefined;
  const query = useQuery({
    ...referralsQuery({
      search: appliedSearch,
      facilityId: listedFacility,
      direction,
      status: (values.status || undefined) as ListReferralsQuery['status'],
      urgencyLevel: (values.urgency || undefined) as ListReferralsQuery['urgencyLevel'],
      offset,
    }),
    enabled: canRead,
  });
  const canCreate = staff.may('referrals:write');
  const filtered = appliedSearch !== '' || values.status !== '' || values.urgency !== '' || (!incoming && values.facility !== '');
  const total = query.data?.total;
  const heading = incoming ? t('referrals.page.incomingHeading', { facility: ownName }) : t('referrals.page.listHeading');

  const change = (patch: Partial<FilterValues>) => {
    setStored({ shell, values: { ...values, ...patch } });
    setOffset(0);
  };
  const switchView = (next: View) => {
    setView(next);
    setOffset(0);
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('referrals.title')}</h1>
          <p className="text-muted-foreground">{t('referrals.page.subtitle')}</p>
        </div>
        {canCreate ? (
          <Button onClick={() => setCreating(true)}>
            <Send aria-hidden="true" />
            {t('referrals.page.create')}
          </Button>
        ) : null}
      </div>

      {canRead ? (
        <ReferralStatCards facilityId={listedFacility} direction={direction} />
      ) : (
        // DESIGN.md §7: referrals name patients, so a role that may not read them sees why, not two 403s.
        <p role="status" className="rounded-md border p-4 text-sm text-muted-foreground">
          {t('referrals.page.forbidden')}
        </p>
      )}

      {canRead && ownFacility !== null ? <ViewTabs view={view} ownName={ownName} onView={switchView} /> : null}

      {canRead ? (
        <div id="referrals-panel" role={ownFacility !== null ? 'tabpanel' : undefined} aria-labelledby={ownFacility !== null ? `referrals-tab-${view}` : undefined} className="grid gap-6">
          <ReferralFilters values={values} facilities={facilities.data} showFacility={!incoming} onChange={change} onSearch={() => setAppliedSearch(values.search.trim())} />

          <ListCard
            title={total === undefined ? heading : t('referrals.page.headingCount', { heading, total: formatNumber(total) })}
            query={query}
            errorMessage={(error) => t('common.loadError', { message: referralErrorText(t, error) })}
            paging={{ label: t('referrals.page.pagination'), offset, pageSize: REFERRAL_PAGE_SIZE, onOffset: setOffset }}
            empty={
              <EmptyState
                icon={Send}
                title={t('referrals.page.emptyTitle')}
                hint={filtered ? t('referrals.page.emptyFiltered') : incoming ? t('referrals.page.emptyIncoming', { facility: ownName }) : t('referrals.page.emptyNone')}
                action={
                  canCreate && !incoming ? (
                    <Button onClick={() => setCreating(true)}>
                      <Send aria-hidden="true" />
                      {t('referrals.page.createFirst')}
                    </Button>
                  ) : null
                }
              />
            }
          >
            <ReferralsTable rows={query.data?.rows} loading={query.isPending} caption={heading} onView={(r) => setViewing(r.id)} />
          </ListCard>
        </div>
      ) : null}

      {canCreate ? <CreateReferralDialog open={creating} onOpenChange={setCreating} /> : null}
      <ReferralDetailsDialog referralId={viewing} onOpenChange={(open) => (open ? undefined : setViewing(null))} />
    </div>
  );
}

const VIEWS: View[] = ['all', 'incoming'];

/** Two views of the same list (WAI-ARIA tabs: arrow keys move between them). */
function ViewTabs({ view, ownName, onView }: { view: View; ownName: string; onView: (v: View) => void }) {
  const { t } = useTranslation();
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = VIEWS[(VIEWS.indexOf(view) + 1) % VIEWS.length]!;
    onView(next);
    document.getElementById(`referrals-tab-${next}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('referrals.tabs.label')} className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
      {VIEWS.map((v) => (
        <button
          key={v}
          id={`referrals-tab-${v}`}
          type="button"
          role="tab"
          aria-selected={view === v}
          aria-controls="referrals-panel"
          tabIndex={view === v ? 0 : -1}
          title={v === 'incoming' ? t('referrals.tabs.incomingHint', { facility: ownName }) : undefined}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            view === v ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
          onClick={() => onView(v)}
          onKeyDown={onKeyDown}
        >
          {t(`referrals.tabs.${v}`)}
        </button>
      ))}
    </div>
  );
}
