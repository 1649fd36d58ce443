// What the reconciliation screens share: an amount as the statements show it (to the cent, a negative in brackets;
// '—' for none) and a statement's status badge.
import { useTranslation } from 'react-i18next';
import type { ReconciliationSummary } from '../../../shared/accounting';
import { formatKesExact, parseTotal } from '../../../shared/money';
import { Badge } from '../../components/ui/badge';

export const money = (kes: number | null) => (kes === null ? '—' : kes < 0 ? `(${formatKesExact(parseTotal(-kes))})` : formatKesExact(parseTotal(kes)));

export function StatusBadge({ status }: { status: ReconciliationSummary['status'] }) {
  const { t } = useTranslation();
  return <Badge variant={status === 'reconciled' ? 'success' : 'warning'}>{t(`accounting.recon.statuses.${status}`)}</Badge>;
}
