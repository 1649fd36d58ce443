import type { TFunction } from 'i18next';
import { Activity as ActivityIcon, Banknote, FileText, PackagePlus, Receipt, UserPlus, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ActivityAction } from '../../../shared/activities';
import { formatDate, relativeTimeParts } from '../../../shared/format';
import type { Activity } from './dashboard.api';

const ICONS: Record<ActivityAction, { icon: LucideIcon; tone: string }> = {
  patient_registered: { icon: UserPlus, tone: 'bg-teal-100 text-teal-800' },
  billing_record_created: { icon: Receipt, tone: 'bg-blue-100 text-blue-800' },
  medical_record_created: { icon: FileText, tone: 'bg-purple-100 text-purple-800' },
  stock_received: { icon: PackagePlus, tone: 'bg-green-100 text-green-800' },
  payment_received: { icon: Banknote, tone: 'bg-emerald-100 text-emerald-800' },
};

/** SPEC.md §4 activity relative time ('Just now', 'N minutes ago', 'N hours ago', 'N days ago'), in either language. */
export function relativeTimeText(t: TFunction, at: Date, now: Date): string {
  const { unit, count } = relativeTimeParts(at, now);
  return unit === 'now' ? t('activity.justNow') : t(`activity.${unit}Ago`, { count });
}

/** One entry of the feed: what happened, in the reader's language, then the server's own (English) sentence. */
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
        <p className="text-sm">{activity.description}</p>
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
