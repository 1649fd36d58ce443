import type { TFunction } from 'i18next';
import { Activity as ActivityIcon, AlertTriangle, Banknote, FileText, Siren, PackagePlus, Receipt, UserPlus, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ActivityAction, ActivityKind, ActivityParams } from '../../../shared/activities';
import { relativeTimeParts } from '../../../shared/format';
import { cents, formatKES, toKes } from '../../../shared/money';
import type { Activity } from './dashboard.api';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { idsrConditionsText } from '../notifications';

const ICONS: Record<ActivityAction, { icon: LucideIcon; tone: string }> = {
  patient_registered: { icon: UserPlus, tone: 'bg-teal-100 text-teal-800' },
  billing_record_created: { icon: Receipt, tone: 'bg-blue-100 text-blue-800' },
  medical_record_created: { icon: FileText, tone: 'bg-purple-100 text-purple-800' },
  stock_received: { icon: PackagePlus, tone: 'bg-green-100 text-green-800' },
  payment_received: { icon: Banknote, tone: 'bg-emerald-100 text-emerald-800' },
  emergency_alert: { icon: AlertTriangle, tone: 'bg-red-100 text-red-800' },
  idsr_alert: { icon: Siren, tone: 'bg-red-100 text-red-800' },
};

/** The facts each kind's sentence needs. */
const FACTS: Record<ActivityKind, readonly (keyof ActivityParams)[]> = {
  'patient.registered': ['facility'],
  'record.created': ['facility'],
  'invoice.created': ['facility', 'invoice', 'service', 'amountCents'],
  'payment.received': ['facility', 'invoice', 'method', 'amountCents'],
  'claim.approved': ['facility', 'provider', 'claim', 'invoice', 'amountCents'],
  'stock.received': ['facility', 'item', 'quantity', 'unit'],
  'emergency.alert': ['facility'],
  'idsr.alert': ['facility', 'conditions'],
};

/** SPEC.md §4 activity relative time ('Just now', 'N minutes ago', 'N hours ago', 'N days ago'), in either language. */
export function relativeTimeText(t: TFunction, at: Date, now: Date): string {
  const { unit, count } = relativeTimeParts(at, now);
  return unit === 'now' ? t('activity.justNow') : t(`activity.${unit}Ago`, { count });
}

/**
 * What happened, worded in the reader's language from the line's kind and facts (issue 12 item 6): amounts through
 * formatKES, numbers in the language's grouping, codes (service, method, insurer, unit) translated. A line from
 * before kinds existed whose facts were not recovered keeps its English sentence.
 */
export function activityText(t: TFunction, a: Pick<Activity, 'kind' | 'params' | 'description'>): string {
  const p = a.params;
  const code = (group: string, value: string | undefined) => (value === undefined ? '' : t(`${group}.${value}`, { defaultValue: value }));
  if (a.description && FACTS[a.kind].some((fact) => p[fact] === undefined)) return a.description;
  return t(`activity.kinds.${a.kind}`, {
    facility: p.facility ?? t('common.unknownFacility'),
    invoice: p.invoice ?? '',
    claim: p.claim ?? '',
    item: p.item ?? '',
    amount: p.amountCents === undefined ? '' : formatKES(toKes(cents(p.amountCents))),
    quantity: p.quantity === undefined ? '' : formatNumber(p.quantity),
    service: code('activity.services', p.service),
    method: code('activity.methods', p.method),
    provider: code('activity.providers', p.provider),
    unit: code('units', p.unit),
    conditions: p.conditions === undefined ? '' : idsrConditionsText(t, p.conditions.split(', ')),
    defaultValue: a.description ?? a.kind,
  });
}

/** One entry of the feed: what kind of thing happened, then what exactly, both in the reader's language. */
export function ActivityItem({ activity, now }: { activity: Activity; now: Date }) {
  const { t } = useTranslation();
  const { icon: Icon, tone } = ICONS[activity.action as ActivityAction] ?? { icon: ActivityIcon, tone: 'bg-muted text-foreground' };
  const at = new Date(activity.createdAt);
  return (
    <li className="flex items-start gap-3" data-testid="activity-item" data-action={activity.action}>
      <span className={`mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${tone}`}>
        <Icon aria-hidden="true" className="h-4 w-4" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-medium">{t(`activity.actions.${activity.action}`, { defaultValue: activity.action })}</p>
        <p className="text-sm">{activityText(t, activity)}</p>
        <p className="text-xs text-muted-foreground">
          {activity.userName ? `${activity.userName} · ` : ''}
          <time dateTime={activity.createdAt} title={formatDate(at)}>
            {relativeTimeText(t, at, now)}
          </time>
        </p>
      </div>
    </li>
  );
}
