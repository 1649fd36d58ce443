// Procurement's words in the reader's language: an order's status and priority as badges, its number (or "Draft"
// before the LPO is numbered), and the server's messages (the shared schemas and the server speak English; the known
// ones are translated through the `procurement.messages` map in Kiswahili).
import type { TFunction } from 'i18next';
import { fiscalYearOf } from '../../../shared/county-time';
import type { OrderStatus, Priority, PurchaseOrder } from '../../../shared/procurement';
import { formatKES, formatKesExact, tryParseKes } from '../../../shared/money';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { ApiError } from '../../lib/api-client';
import { knownMessage } from '../../lib/known-message';

type Tone = NonNullable<BadgeProps['variant']>;
const STATUS_TONE: Record<OrderStatus, Tone> = {
  draft: 'secondary',
  pending_approval: 'warning',
  approved: 'info',
  rejected: 'danger',
  in_transit: 'info',
  partially_delivered: 'warning',
  delivered: 'success',
  invoiced: 'success',
  paid: 'success',
  cancelled: 'outline',
};
const PRIORITY_TONE: Record<Priority, Tone> = { high: 'danger', medium: 'warning', low: 'secondary' };

export function StatusBadge({ t, status }: { t: TFunction; status: OrderStatus }) {
  return (
    <Badge variant={STATUS_TONE[status]} data-testid="procurement-status">
      {t(`procurement.status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ t, priority }: { t: TFunction; priority: Priority }) {
  return <Badge variant={PRIORITY_TONE[priority]}>{t(`procurement.priority.${priority}`)}</Badge>;
}

/** The LPO/LSO number once approved; before, the order is a draft document with its id. */
export const orderName = (t: TFunction, o: Pick<PurchaseOrder, 'id' | 'number'>) => o.number ?? t('procurement.orders.draftNumber', { id: o.id });

export const procurementMessage = (message: string | undefined): string | undefined => (message ? knownMessage('procurement.messages', message) : message);

/** An error as SPEC.md §8 shows it ("status: text"), the text translated when it is a known message. */
export function procurementErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `${prefix}${procurementMessage(text) ?? text}`;
  }
  return error instanceof Error && error.message ? error.message : t('common.error');
}

/** The per-field messages of a refusal (400), translated; none for another refusal. */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors()).map(([k, v]) => [k, procurementMessage(v) ?? v]));
}

/** A rating out of 5 to one decimal ("4.2 / 5"), or a dash before any delivery. */
export const ratingText = (rating: number | null) => (rating === null ? '—' : `${rating.toFixed(1)} / 5`);

/** A unit price: whole shillings as every amount (SPEC.md §9), to the cent when it has cents (a tablet at 0.85). */
export function formatPrice(n: number): string {
  const exact = Number.isInteger(n) ? null : tryParseKes(n);
  return exact === null ? formatKES(n) : formatKesExact(exact);
}

/** The server's fiscal year ('2025/26') and the two before it, for the Reports and Plan tabs' year filters. */
export function recentYears(current: string | undefined): string[] | undefined {
  if (!current) return undefined;
  const first = Number(current.slice(0, 4));
  return [0, 1, 2].map((n) => fiscalYearOf(`${first - n}-07-01`).label);
}
