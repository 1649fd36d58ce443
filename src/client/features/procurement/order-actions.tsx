// An order's steps as small dialogs, from its details or the Approvals tab: Submit for Approval and Approve (with the
// e-GP tender reference and the IFMIS PO number, which a competitive method needs before approval), Reject (a reason
// is required) and Cancel (with its reason). A refusal stays in the dialog in words — a budget shortfall's figures,
// the approver who requested or prepared the order (maker ≠ checker) — and nothing is lost.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPETITIVE_METHODS, reasonBody, type PurchaseOrder } from '../../../shared/procurement';
import { formatKES } from '../../../shared/money';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useOrderStep, type OrderStep } from './procurement.api';
import { fieldMessages, orderName, procurementErrorText, procurementMessage } from './procurement-labels';

export type Step = 'submit' | 'approve' | 'reject' | 'cancel' | 'transit';

/** Whether the signed-in user requested or prepared the order: the server refuses them its approval (403). */
export const ownOrder = (order: Pick<PurchaseOrder, 'requestedBy' | 'preparedBy'>, userId: number | null) => userId !== null && (order.requestedBy === userId || order.preparedBy === userId);

export function StepDialog({ order, step, onClose, onDone }: { order: PurchaseOrder; step: Step; onClose: () => void; onDone?: (order: PurchaseOrder) => void }) {
  const { t } = useTranslation();
  const mutation = useOrderStep();
  const [egpReference, setEgp] = useState(order.egpReference ?? '');
  const [ifmisPoNumber, setIfmis] = useState(order.ifmisPoNumber ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const withReason = step === 'reject' || step === 'cancel';
  const pending = mutation.isPending;

  const run = () => {
    setFailure(null);
    if (withReason) {
      const checked = reasonBody.safeParse({ reason });
      if (!checked.success) return setErrors({ reason: procurementMessage(checked.error.issues[0]?.message) ?? '' });
    }
    setErrors({});
    const body: OrderStep =
      step === 'reject' || step === 'cancel'
        ? { id: order.id, action: step, reason: reason.trim() }
        : step === 'transit'
          ? { id: order.id, action: 'in-transit' }
          : { id: order.id, action: step, egpReference: egpReference.trim() || null, ifmisPoNumber: step === 'approve' ? ifmisPoNumber.trim() || null : order.ifmisPoNumber };
    mutation.mutate(body, {
      onSuccess: (done) => {
        toast({ title: t(`procurement.steps.${step}.done`), description: `${orderName(t, done)} · ${done.supplier} · ${formatKES(done.totalAmount)}` });
        onDone?.(done);
        onClose();
      },
      onError: (error) => {
        setErrors(fieldMessages(error));
        setFailure(procurementErrorText(t, error));
      },
    });
  };

  return (
    <FormDialog pending={pending} onClose={onClose} title={t(`procurement.steps.${step}.title`)} description={`${orderName(t, order)} · ${order.supplier} · ${formatKES(order.totalAmount)}`}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive" data-testid="procurement-step-failure">
            {failure}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">{t(`procurement.steps.${step}.body`)}</p>
        {withReason ? (
          <FormField id="po-step-reason" label={t('procurement.steps.reason')} error={errors.reason} required>
            <Textarea maxLength={500} rows={3} aria-required="true" {...fieldAria('po-step-reason', errors.reason)} value={reason} disabled={pending} onChange={(e) => setReason(e.target.value)} />
          </FormField>
        ) : step === 'transit' ? null : (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="po-step-egp" label={t('procurement.create.egpReference')} error={errors.egpReference}>
              <Input maxLength={60} {...fieldAria('po-step-egp', errors.egpReference)} value={egpReference} disabled={pending} onChange={(e) => setEgp(e.target.value)} />
              {COMPETITIVE_METHODS.includes(order.method) ? <p className="text-xs text-muted-foreground">{t('procurement.steps.egpNeeded')}</p> : null}
            </FormField>
            {step === 'approve' ? (
              <FormField id="po-step-ifmis" label={t('procurement.steps.ifmisPoNumber')} error={errors.ifmisPoNumber}>
                <Input maxLength={40} {...fieldAria('po-step-ifmis', errors.ifmisPoNumber)} value={ifmisPoNumber} disabled={pending} onChange={(e) => setIfmis(e.target.value)} />
              </FormField>
            ) : null}
          </div>
        )}
        <FormDialogFooter
          pending={pending}
          onCancel={onClose}
          action={t(`procurement.steps.${step}.action`)}
          running={t('procurement.working')}
          variant={withReason ? 'destructive' : 'default'}
          cancel={step === 'cancel' ? t('procurement.steps.keep') : undefined}
        />
      </form>
    </FormDialog>
  );
}
