// The SMS outbox (issue 29 item 7): every message the system sent, newest first, filtered by number, status, kind,
// facility and days, each with its delivery, gateway, attempts and the reason it failed; a failed one sent again
// (a new attempt of the same message, the failure kept in the audit trail) and a test message to a number. For the
// system administrator and the county director (sms:read, sms:send); a patient's number is masked for whoever may
// not read patients, by the server. Loaded when its tab is first opened; the test dialog when it is asked for.
import { useQuery } from '@tanstack/react-query';
import { MessageSquare, Send } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_KINDS, SMS_STATUSES, type SmsMessage, type SmsStatus } from '../../../shared/appointments';
import { useStaff } from '../../app/use-staff';
import { EmptyState } from '../../components/data/empty-state';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { facilityOptions, FilterSelect } from '../../components/data/filter-select';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, ScrollTable, SkeletonRows } from '../../components/data/table-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { DateInput } from '../../components/ui/date-input';
import { Label } from '../../components/ui/label';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { formatDate, formatNumber, formatTime } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { SectionHeading } from './section-heading';
import { NO_OUTBOX_FILTERS, OUTBOX_PAGE_SIZE, smsOutboxQuery, useResendSms, type OutboxFilters } from './system.api';
import { systemErrorText } from './system-labels';

const SmsTestDialog = lazy(() => import('./sms-test-dialog').then((m) => ({ default: m.SmsTestDialog })));

// Five columns, so the table fits a laptop beside the sidebar: the gateway, attempts and failure sit under the status.
const COLUMNS = ['at', 'message', 'to', 'status', 'action'] as const;
const STATUS_VARIANT: Record<SmsStatus, 'secondary' | 'info' | 'success' | 'danger'> = { queued: 'secondary', sent: 'info', delivered: 'success', failed: 'danger' };

export function SmsOutboxSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const staff = useStaff();
  const [testing, setTesting] = useState(false);
  const canSend = staff.may('sms:send');
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <SectionHeading id={titleId} title={t('system.outbox.title')} intro={t('system.outbox.intro')}>
        {canSend ? (
          <Button variant="outline" onClick={() => setTesting(true)}>
            <Send aria-hidden="true" />
            {t('system.outbox.test.open')}
          </Button>
        ) : null}
      </SectionHeading>
      {staff.may('sms:read') ? (
        <Outbox canSend={canSend} />
      ) : (
        <Card>
          <CardContent className="p-4 text-sm text-muted-foreground" data-testid="outbox-forbidden">
            <p role="note">{t('system.outbox.forbidden')}</p>
          </CardContent>
        </Card>
      )}
      {testing ? (
        <Suspense fallback={null}>
          <SmsTestDialog onClose={() => setTesting(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

function Outbox({ canSend }: { canSend: boolean }) {
  const { t } = useTranslation();
  // What is typed, and what was applied (Apply, or Enter): a half-typed number or date asks nothing of the server.
  const [draft, setDraft] = useState<OutboxFilters>(NO_OUTBOX_FILTERS);
  const [applied, setApplied] = useState<OutboxFilters>(NO_OUTBOX_FILTERS);
  const [offset, setOffset] = useState(0);
  const query = useQuery(smsOutboxQuery(applied, offset));
  const facilities = useQuery(facilitiesQuery);
  const set = (k: keyof OutboxFilters) => (value: string) => setDraft({ ...draft, [k]: value });
  const total = query.data?.total;

  return (
    <>
      <FilterBar
        label={t('system.outbox.filters')}
        submitLabel={t('system.outbox.apply')}
        onSubmit={() => {
          setApplied(draft);
          setOffset(0);
        }}
      >
        <SearchField id="outbox-phone" label={t('system.outbox.phone')} inputMode="tel" autoComplete="off" maxLength={20} placeholder={t('system.outbox.phonePlaceholder')} value={draft.phone} onChange={(e) => set('phone')(e.target.value)} />
        <FilterSelect id="outbox-status" label={t('system.outbox.status')} allLabel={t('system.outbox.anyStatus')} value={draft.status} onChange={set('status')} options={SMS_STATUSES.map((s) => ({ value: s, label: t(`system.outbox.statuses.${s}`) }))} />
        <FilterSelect id="outbox-kind" label={t('system.outbox.kind')} allLabel={t('system.outbox.anyKind')} value={draft.kind} onChange={set('kind')} options={SMS_KINDS.map((k) => ({ value: k, label: t(`system.outbox.kinds.${k}`) }))} />
        <FilterSelect
          id="outbox-facility"
          label={t('system.outbox.facility')}
          allLabel={t('system.outbox.anyFacility')}
          value={draft.facilityId}
          onChange={set('facilityId')}
          options={facilityOptions(facilities.data)}
          loadingLabel={t('system.outbox.loading')}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="outbox-from">{t('system.outbox.from')}</Label>
          <DateInput id="outbox-from" value={draft.from} onChange={set('from')} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="outbox-to">{t('system.outbox.to')}</Label>
          <DateInput id="outbox-to" value={draft.to} onChange={set('to')} />
        </div>
      </FilterBar>
      <ListCard
        title={total === undefined ? t('system.outbox.listTitle') : t('system.outbox.listTitleCount', { total: formatNumber(total) })}
        icon={MessageSquare}
        query={query}
        errorMessage={(e) => t('system.outbox.error', { message: systemErrorText(t, e) })}
        empty={<EmptyState icon={MessageSquare} title={t('system.outbox.emptyTitle')} hint={t('system.outbox.emptyHint')} />}
        paging={{ label: t('system.outbox.pages'), offset, pageSize: OUTBOX_PAGE_SIZE, onOffset: setOffset }}
      >
        <ScrollTable label={t('system.outbox.caption')}>
          <caption className="sr-only">{t('system.outbox.caption')}</caption>
          <ColumnHeads columns={COLUMNS} label={(c) => (c === 'action' ? <span className="sr-only">{t('system.outbox.columns.action')}</span> : t(`system.outbox.columns.${c}`))} />
          <TableBody>{!query.data ? <SkeletonRows rows={5} columns={COLUMNS.length} testId="outbox-skeleton" /> : query.data.rows.map((m) => <MessageRow key={m.id} m={m} canSend={canSend} />)}</TableBody>
        </ScrollTable>
      </ListCard>
    </>
  );
}

function MessageRow({ m, canSend }: { m: SmsMessage; canSend: boolean }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const resend = useResendSms();
  const none = t('system.outbox.none');
  // Why a row has no working Resend: only a failed message goes again, and a temporary password is never kept.
  const why = !canSend ? t('system.outbox.why.noPermission') : m.status !== 'failed' ? t(`system.outbox.why.${m.status}`) : m.kind === 'account' ? t('system.outbox.why.account') : null;
  const onResend = () =>
    resend.mutate(m.id, {
      onSuccess: (sent) =>
        sent.status === 'failed'
          ? toast({ variant: 'destructive', title: t('system.outbox.failedAgain'), description: sent.error ?? none })
          : toast({ title: t('system.outbox.resent'), description: t(`system.outbox.statuses.${sent.status}`) }),
      onError: (e) => toast({ variant: 'destructive', title: t('system.outbox.resendFailed'), description: systemErrorText(t, e) }),
    });
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">
        {formatDate(m.createdAt)} {formatTime(m.createdAt)}
      </TableCell>
      <TableCell className="min-w-[10rem]">
        <div>{t(`system.outbox.kinds.${m.kind}`, { defaultValue: m.kind })}</div>
        <div className="text-xs text-muted-foreground">{m.facilityName ?? none}</div>
      </TableCell>
      <TableCell className="whitespace-nowrap font-mono text-xs">{m.phone}</TableCell>
      <TableCell className="min-w-[11rem] max-w-[18rem]">
        <div className="grid justify-items-start gap-1">
          <Badge variant={STATUS_VARIANT[m.status]}>{t(`system.outbox.statuses.${m.status}`)}</Badge>
          <span className="text-xs text-muted-foreground">
            {t(`system.outbox.gateways.${m.gateway}`)} · {t('system.outbox.attempts', { count: m.attempts, n: formatNumber(m.attempts) })}
          </span>
          {m.error ? (
            <span className="break-words text-xs text-destructive">
              <span className="sr-only">{t('system.outbox.reason')} </span>
              {m.error}
            </span>
          ) : null}
        </div>
      </TableCell>
      <TableCell className="min-w-[9rem] max-w-[12rem]">
        <div className="grid justify-items-start gap-1">
          <Button size="sm" variant="outline" disabled={why !== null || resend.isPending} aria-describedby={why ? reasonId : undefined} onClick={onResend}>
            {resend.isPending ? t('system.outbox.resending') : t('system.outbox.resend')}
          </Button>
          {why ? (
            <span id={reasonId} className="text-xs text-muted-foreground">
              {why}
            </span>
          ) : null}
        </div>
      </TableCell>
    </TableRow>
  );
}
