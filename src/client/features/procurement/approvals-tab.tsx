// Approvals (SPEC.md §2.11: Approve, Reject, View Details — working here): the orders awaiting the accounting
// officer's decision, each with its supplier, facility, requester, method, total and any split-order warning. Approve
// asks for the e-GP reference and the IFMIS PO number; Reject for its reason. An approver never decides an order they
// requested or prepared (maker ≠ checker): the row says so instead of offering the buttons.
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, ClipboardCheck, Eye, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrder } from '../../../shared/procurement';
import { formatKES } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { Button } from '../../components/ui/button';
import { useStaff } from '../../app/use-staff';
import { formatDate } from '../../lib/locale-format';
import { ownOrder, StepDialog, type Step } from './order-actions';
import { pendingOrdersQuery } from './procurement.api';
import { orderName, PriorityBadge, procurementErrorText } from './procurement-labels';

export function ApprovalsTab({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const approver = staff.may('procurement:approve');
  const list = useQuery(pendingOrdersQuery);
  const [deciding, setDeciding] = useState<{ order: PurchaseOrder; step: Step } | null>(null);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {approver ? null : (
        <p role="note" className="rounded-md bg-muted p-3 text-sm text-muted-foreground" data-testid="procurement-not-approver">
          {t('procurement.approvals.notApprover')}
        </p>
      )}
      <ListCard
        title={list.data ? t('procurement.approvals.titleCount', { n: list.data.total }) : t('procurement.approvals.title')}
        icon={ClipboardCheck}
        query={list}
        errorMessage={(error) => t('common.loadError', { message: procurementErrorText(t, error) })}
        empty={<EmptyState icon={ClipboardCheck} title={t('procurement.overview.noPending')} hint={t('procurement.overview.noPendingHint')} />}
      >
        <ul className="grid gap-3" data-testid="procurement-approvals">
          {list.data?.rows.map((o) => {
            const own = ownOrder(o, staff.id);
            const name = orderName(t, o);
            return (
              <li key={o.id} className="grid gap-3 rounded-md border p-4 text-sm sm:grid-cols-[1fr_auto] sm:items-center" aria-label={`${name} · ${o.supplier}`}>
                <div className="grid gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {name} · {o.supplier} <PriorityBadge t={t} priority={o.priority} />
                  </p>
                  <p className="text-muted-foreground">
                    {o.facility} · {t('procurement.approvals.requestedBy', { name: o.requestedByName })} · {t(`procurement.methods.${o.method}`)} · {t(`procurement.funds.${o.fund}`)}
                  </p>
                  <p>
                    <span className="font-semibold tabular-nums">{formatKES(o.totalAmount)}</span>
                    {o.submittedAt ? <span className="text-muted-foreground"> · {t('procurement.approvals.submitted', { date: formatDate(o.submittedAt) })}</span> : null}
                  </p>
                  {o.splitWarning ? (
                    <p className="flex items-start gap-1 text-yellow-900">
                      <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                      {o.splitWarning}
                    </p>
                  ) : null}
                  {approver && own ? <p className="text-muted-foreground">{t('procurement.approvals.ownOrder')}</p> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  {approver && !own ? (
                    <>
                      <Button size="sm" onClick={() => setDeciding({ order: o, step: 'approve' })} aria-label={t('procurement.approvals.approveNamed', { name })}>
                        <CheckCircle2 aria-hidden="true" />
                        {t('procurement.steps.approve.action')}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setDeciding({ order: o, step: 'reject' })} aria-label={t('procurement.approvals.rejectNamed', { name })}>
                        <XCircle aria-hidden="true" />
                        {t('procurement.steps.reject.action')}
                      </Button>
                    </>
                  ) : null}
                  <Button size="sm" variant="ghost" onClick={() => onOpen(o.id)} aria-label={t('procurement.approvals.viewNamed', { name })}>
                    <Eye aria-hidden="true" />
                    {t('procurement.approvals.view')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </ListCard>
      {deciding ? <StepDialog order={deciding.order} step={deciding.step} onClose={() => setDeciding(null)} /> : null}
    </div>
  );
}
