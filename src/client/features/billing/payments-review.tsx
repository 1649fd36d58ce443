// Payments held for review (issue 30 item 1): M-Pesa said it took the money but its callback's amount did not check
// out, so nothing was settled. Finance (payments:resolve) reads the M-Pesa statement and proposes to accept the
// payment at the statement's amount, refund it or reject it; another officer approves or declines. The list names
// the invoice and the facility, never the patient, and the payer's number only in part.
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESOLUTION_ACTIONS, resolvePaymentSchema, type PaymentReview, type ResolvePaymentInput } from '../../../shared/billing';
import { formatKES } from '../../../shared/money';
import { FormField, fieldAria } from '../../components/forms/form-field';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, NativeSelect, SelectOptions, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatTime } from '../../lib/locale-format';
import { paymentReviewsQuery, useResolvePayment } from './billing.api';
import { billingError, billingMessage } from './billing-labels';

const HELD = /^M-Pesa payment needs review: the callback reported (.+), the push asked (.+)$/;

/** Why a payment is held, in the reader's language (the server writes it in English). */
function heldBecause(t: ReturnType<typeof useTranslation>['t'], reason: string | null): string {
  const m = reason ? HELD.exec(reason) : null;
  if (!m) return reason ?? '';
  const said = m[1] === 'no readable amount' ? t('billing.review.noAmount') : m[1]!;
  return t('billing.review.heldBecause', { said, asked: m[2] });
}

export function PaymentsReview() {
  const { t } = useTranslation();
  const query = useQuery(paymentReviewsQuery);
  const rows = query.data ?? [];
  if (query.isPending || (rows.length === 0 && !query.isError)) return null;
  return (
    <Card data-testid="payments-review">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShieldAlert className="size-5 text-amber-600" aria-hidden="true" />
          {t('billing.review.title', { count: rows.length })}
        </CardTitle>
        <CardDescription>{t('billing.review.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {query.isError ? <p className="text-sm text-destructive">{billingError(query.error, t('common.error'))}</p> : null}
        {rows.map((r) => (
          <ReviewItem key={r.paymentId} review={r} />
        ))}
      </CardContent>
    </Card>
  );
}

function ReviewItem({ review: r }: { review: PaymentReview }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [resolving, setResolving] = useState(false);
  const [declining, setDeclining] = useState(false);
  const mutation = useResolvePayment();
  const proposal = r.resolution;
  const mine = proposal !== null && proposal.preparedBy === staff.id;
  const act = (step: Parameters<typeof mutation.mutate>[0], title: string) =>
    mutation.mutate(step, {
      onSuccess: () => {
        toast({ title, description: r.invoiceNumber });
        setDeclining(false);
      },
      onError: (error) => toast({ variant: 'destructive', title: t('billing.review.failed'), description: billingError(error, t('common.error')) }),
    });
  return (
    <article className="grid gap-2 rounded-md border p-3 text-sm" data-testid="review-item" aria-label={t('billing.review.itemLabel', { invoice: r.invoiceNumber })}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">
          <span className="font-mono">{r.invoiceNumber}</span> · {r.facilityName}
        </p>
        <Badge variant="warning">{t('billing.paymentStatus.review')}</Badge>
      </div>
      <p className="text-muted-foreground">
        {t('billing.review.pushed', { amount: formatKES(r.amount), phone: r.phone ?? '—', receipt: r.receiptNumber ?? '—', at: r.heldAt ? `${formatDate(r.heldAt)} ${formatTime(r.heldAt)}` : '—' })}
      </p>
      <p>{heldBecause(t, r.reason)}</p>
      <p className="text-muted-foreground">{t('billing.review.owed', { amount: formatKES(r.owed) })}</p>
      {proposal ? (
        <div className="grid gap-2 rounded-md bg-muted/40 p-2" data-testid="review-proposal">
          <p>
            {t(`billing.review.proposed.${proposal.action}`, { name: proposal.preparedByName ?? '—', amount: proposal.amount === null ? '' : formatKES(proposal.amount), reference: proposal.reference ?? '—' })}
            {proposal.reason ? ` — ${proposal.reason}` : ''}
          </p>
          {declining ? (
            <DeclineForm pending={mutation.isPending} onCancel={() => setDeclining(false)} onDecline={(reason) => act({ kind: 'decline', id: proposal.id, reason }, t('billing.review.declined'))} />
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              {mine ? (
                <span className="text-xs text-muted-foreground">{t('billing.review.waitingForAnother')}</span>
              ) : (
                <Button size="sm" disabled={mutation.isPending} onClick={() => act({ kind: 'approve', id: proposal.id }, t(`billing.review.approved.${proposal.action}`))}>
                  {t('billing.review.approve')}
                </Button>
              )}
              <Button size="sm" variant="outline" disabled={mutation.isPending} onClick={() => setDeclining(true)}>
                {mine ? t('billing.review.withdraw') : t('billing.review.decline')}
              </Button>
            </div>
          )}
        </div>
      ) : resolving ? (
        <ResolveForm review={r} onDone={() => setResolving(false)} />
      ) : (
        <div>
          <Button size="sm" variant="outline" onClick={() => setResolving(true)}>
            {t('billing.review.resolve')}
          </Button>
        </div>
      )}
    </article>
  );
}

function DeclineForm({ pending, onCancel, onDecline }: { pending: boolean; onCancel: () => void; onDecline: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && reason.trim() === '';
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (reason.trim() !== '') onDecline(reason.trim());
      }}
    >
      <FormField id="review-decline" label={t('billing.review.declineReason')} error={missing ? t('billing.review.reasonRequired') : undefined}>
        <Textarea maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} {...fieldAria('review-decline', missing ? 'x' : undefined)} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="outline" disabled={pending}>
          {t('billing.review.decline')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ResolveForm({ review: r, onDone }: { review: PaymentReview; onDone: () => void }) {
  const { t } = useTranslation();
  const mutation = useResolvePayment();
  const form = useSchemaForm(resolvePaymentSchema, () => ({ action: 'accept' as string, amount: String(r.amount), reference: r.receiptNumber ?? '', reason: '' }), (v) => ({
    action: v.action,
    amount: v.action === 'reject' ? undefined : v.amount,
    reference: v.reference,
    reason: v.reason,
  }));
  const { values, errors, set } = form;
  const base = `resolve-${r.paymentId}`;
  const onValid = (input: ResolvePaymentInput) =>
    mutation.mutate(
      { kind: 'propose', paymentId: r.paymentId, input },
      {
        onSuccess: () => {
          toast({ title: t('billing.review.proposedToast'), description: r.invoiceNumber });
          onDone();
        },
        onError: (error) => (error instanceof ApiError ? form.addErrors(error.fieldErrors()) : undefined),
      },
    );
  return (
    <form noValidate onSubmit={form.submit(onValid)} className="grid gap-3 rounded-md bg-muted/40 p-3" data-testid="resolve-form">
      <fieldset disabled={mutation.isPending} className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${base}-action`} label={t('billing.review.action')} error={billingMessage(errors.action)}>
          <NativeSelect data-field="action" value={values.action} onChange={(e) => set('action', e.target.value)} {...fieldAria(`${base}-action`, errors.action)}>
            <SelectOptions options={RESOLUTION_ACTIONS.map((a) => ({ value: a, label: t(`billing.review.actions.${a}`) }))} />
          </NativeSelect>
        </FormField>
        {values.action === 'reject' ? null : (
          <FormField id={`${base}-amount`} label={t('billing.review.amount')} error={billingMessage(errors.amount)}>
            <Input inputMode="numeric" data-field="amount" value={values.amount} onChange={(e) => set('amount', e.target.value)} {...fieldAria(`${base}-amount`, errors.amount)} />
          </FormField>
        )}
        <FormField id={`${base}-reference`} label={t('billing.review.reference')} error={billingMessage(errors.reference)}>
          <Input maxLength={40} data-field="reference" value={values.reference} onChange={(e) => set('reference', e.target.value)} {...fieldAria(`${base}-reference`, errors.reference)} />
        </FormField>
        <FormField id={`${base}-reason`} label={t('billing.review.reason')} error={billingMessage(errors.reason)} className="sm:col-span-2">
          <Textarea maxLength={500} data-field="reason" value={values.reason} onChange={(e) => set('reason', e.target.value)} {...fieldAria(`${base}-reason`, errors.reason)} />
        </FormField>
      </fieldset>
      <p className="text-xs text-muted-foreground">{t(`billing.review.hints.${values.action}`)}</p>
      {mutation.isError && !(mutation.error instanceof ApiError && Object.keys(mutation.error.fieldErrors()).length > 0) ? (
        <p className="text-sm text-destructive">{billingError(mutation.error, t('common.error'))}</p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={mutation.isPending}>
          {t('billing.review.propose')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
