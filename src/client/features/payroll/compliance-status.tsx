// A return's state as a badge: remitted (the ledger's payable is cleared), due, overdue, or nothing owed.
import { useTranslation } from 'react-i18next';
import type { ComplianceStatus } from '../../../shared/payroll';
import { Badge } from '../../components/ui/badge';

const TONE: Record<ComplianceStatus, 'success' | 'warning' | 'danger' | 'secondary'> = { remitted: 'success', due: 'warning', overdue: 'danger', none: 'secondary' };

export function ComplianceStatusBadge({ status }: { status: ComplianceStatus }) {
  const { t } = useTranslation();
  return <Badge variant={TONE[status]}>{t(`payroll.compliance.status.${status}`)}</Badge>;
}
