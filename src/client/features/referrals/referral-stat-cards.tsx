// SPEC.md §2.14 cards: Pending, In Transit, Received, Emergency — counted by the server for the shell's facility
// (referrals out of it or into it) or the whole county.
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Clock, Truck, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { COUNTY_WIDE, scopeOf, useSelectedFacility } from '../../app/selected-facility';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { facilitiesQuery, facilityName } from '../facilities/facilities.api';
import { referralErrorText } from './referral-labels';
import { referralStatsQuery } from './referrals.api';

const CARDS: { key: 'pending' | 'inTransit' | 'received' | 'emergency'; icon: LucideIcon; tone: string }[] = [
  { key: 'pending', icon: Clock, tone: 'text-yellow-700' },
  { key: 'inTransit', icon: Truck, tone: 'text-blue-700' },
  { key: 'received', icon: CheckCircle2, tone: 'text-green-700' },
  { key: 'emergency', icon: AlertTriangle, tone: 'text-red-700' },
];

export function ReferralStatCards() {
  const { t } = useTranslation();
  const { facilityId } = useSelectedFacility();
  const facilities = useQuery(facilitiesQuery);
  const stats = useQuery(referralStatsQuery(scopeOf(facilityId)));
  const scope = facilityId === COUNTY_WIDE ? t('referrals.cards.county') : facilityName(facilities.data, facilityId, t('common.unknownFacility'));

  return (
    <section aria-labelledby="referral-cards-heading" className="grid gap-2">
      <h2 id="referral-cards-heading" className="sr-only">
        {t('referrals.cards.label')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('referrals.cards.scope', { scope })}</p>
      {stats.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-md border border-destructive p-3 text-sm">
          <p className="text-destructive">{t('common.loadError', { message: referralErrorText(t, stats.error) })}</p>
          <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {CARDS.map((c) => (
            <li key={c.key}>
              <Card className="h-full" role="group" aria-label={t(`referrals.cards.${c.key}`)} data-testid={`card-${c.key}`}>
                <CardHeader className="flex-row items-center justify-between space-y-0 pb-2">
                  <h3 className="text-sm font-medium">{t(`referrals.cards.${c.key}`)}</h3>
                  <c.icon aria-hidden="true" className={`h-4 w-4 ${c.tone}`} />
                </CardHeader>
                <CardContent>
                  {stats.data ? (
                    <>
                      <p className="text-2xl font-bold" data-testid="stat-value">
                        {stats.data[c.key].toLocaleString('en-KE')}
                      </p>
                      <p className="text-xs text-muted-foreground">{t(`referrals.cards.${c.key}Hint`)}</p>
                    </>
                  ) : (
                    <>
                      <Skeleton className="h-8 w-16" />
                      <Skeleton className="mt-2 h-3 w-24" />
                    </>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
