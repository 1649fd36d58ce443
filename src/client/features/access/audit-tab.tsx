// The audit trail (audit:read): who did what to which record, filtered by who, what, patient, outcome and dates,
// and the chain recomputed from its first event, its seals checked with the server's key (GET /api/audit-events/verify).
import { useQuery } from '@tanstack/react-query';
import { ScrollText, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/data/empty-state';
import { FilterBar } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, ScrollTable, SkeletonRows } from '../../components/data/table-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DateInput } from '../../components/ui/date-input';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { formatDate, formatNumber, formatTime } from '../../lib/locale-format';
import { ACCESS_PAGE_SIZE, auditQuery, NO_AUDIT_FILTERS, useVerifyChain, type AuditFilters } from './access.api';
import { auditActionLabel } from './audit-labels';

const COLUMNS = ['at', 'who', 'action', 'record', 'outcome', 'detail'] as const;
const ACTION_PREFIXES = ['patient.', 'access.', 'session.', 'passkey.', 'auth.', 'billing.', 'accounting.', 'staff.', 'appointment.', 'system.'] as const;
const OUTCOME_VARIANT = { success: 'success', denied: 'warning', failure: 'danger' } as const;

export function AuditTab({ initialUserId, initialUserLabel }: { initialUserId: string; initialUserLabel: string }) {
  const { t } = useTranslation();
  const start = { ...NO_AUDIT_FILTERS, userId: initialUserId, userLabel: initialUserLabel };
  // What is typed, and what was applied (the Apply button, or Enter): a half-typed date asks nothing of the server.
  const [draft, setDraft] = useState<AuditFilters>(start);
  const [applied, setApplied] = useState<AuditFilters>(start);
  const [offset, setOffset] = useState(0);
  const query = useQuery(auditQuery(applied, offset));
  const verify = useVerifyChain();
  const apply = (next = draft) => {
    setApplied(next);
    setOffset(0);
  };
  const total = query.data?.total;
  const title =
    total === undefined ? t('access.audit.title') : query.data?.capped ? t('access.audit.titleCapped', { total: formatNumber(total) }) : t('access.audit.titleCount', { total: formatNumber(total) });
  const report = verify.data;

  return (
    <>
      <FilterBar label={t('access.audit.filters')} onSubmit={() => apply()} submitLabel={t('access.audit.apply')}>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-who">{t('access.audit.who')}</Label>
          {draft.userId ? (
            // One account, chosen from the Users tab's Activity: its name, and a way back to everyone.
            <div className="flex items-center gap-2">
              <Input id="audit-who" readOnly value={draft.userLabel || `#${draft.userId}`} />
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={t('access.audit.clearWho')}
                onClick={() => {
                  const next = { ...draft, userId: '', userLabel: '' };
                  setDraft(next);
                  apply(next);
                }}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          ) : (
            <Input id="audit-who" maxLength={100} placeholder={t('access.audit.whoPlaceholder')} value={draft.who} onChange={(e) => setDraft({ ...draft, who: e.target.value })} />
          )}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">{t('access.audit.action')}</Label>
          <Input id="audit-action" list="audit-actions" maxLength={60} placeholder={t('access.audit.actionPlaceholder')} value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })} />
          <datalist id="audit-actions">
            {ACTION_PREFIXES.map((a) => (
              <option key={a} value={a}>
                {t(`access.audit.actions.${a.replace('.', '')}`, { defaultValue: a })}
              </option>
            ))}
          </datalist>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-patient">{t('access.audit.patient')}</Label>
          <Input id="audit-patient" inputMode="numeric" maxLength={10} value={draft.patientId} onChange={(e) => setDraft({ ...draft, patientId: e.target.value.replace(/\D/g, '') })} />
        </div>
        <FilterSelect
          id="audit-outcome"
          label={t('access.audit.outcome')}
          allLabel={t('access.audit.anyOutcome')}
          value={draft.outcome}
          onChange={(outcome) => setDraft({ ...draft, outcome })}
          options={(['success', 'denied', 'failure'] as const).map((o) => ({ value: o, label: t(`access.audit.outcomes.${o}`) }))}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">{t('access.audit.from')}</Label>
          <DateInput id="audit-from" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">{t('access.audit.to')}</Label>
          <DateInput id="audit-to" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        </div>
      </FilterBar>
      <ListCard
        title={title}
        icon={ScrollText}
        query={query}
        actions={
          <Button variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending}>
            <ShieldCheck aria-hidden="true" />
            {verify.isPending ? t('access.audit.verifying') : t('access.audit.verify')}
          </Button>
        }
        description={
          report ? (
            <span role="status" className={report.intact ? 'text-green-800' : 'text-destructive'} data-testid="audit-chain">
              {report.intact
                ? [
                    t('access.audit.intact', { count: formatNumber(report.checked), hash: report.last?.hash.slice(0, 12) ?? '—' }),
                    report.sealed ? t('access.audit.sealed', { seq: formatNumber(report.sealed.seq) }) : '',
                    report.unsealed > 0 ? t('access.audit.unsealed', { count: formatNumber(report.unsealed) }) : '',
                  ]
                    .filter(Boolean)
                    .join(' ')
                : t('access.audit.broken', { at: report.firstBroken?.seq ?? report.firstBroken?.eventId ?? '?', message: report.firstBroken?.message ?? '' })}
            </span>
          ) : verify.error ? (
            <span role="alert" className="text-destructive">
              {t('access.audit.verifyFailed', { message: verify.error.message })}
            </span>
          ) : undefined
        }
        errorMessage={(e) => t('access.audit.error', { message: e.message })}
        empty={<EmptyState icon={ScrollText} title={t('access.audit.empty')} hint="" />}
        paging={{ label: t('access.audit.title'), offset, pageSize: ACCESS_PAGE_SIZE, onOffset: setOffset }}
      >
        <ScrollTable label={t('access.audit.caption')}>
          <caption className="sr-only">{t('access.audit.caption')}</caption>
          <ColumnHeads columns={COLUMNS} label={(c) => t(`access.audit.columns.${c}`)} />
          <TableBody>
            {!query.data ? (
              <SkeletonRows rows={5} columns={COLUMNS.length} testId="audit-skeleton" />
            ) : (
              query.data.rows.map((e) => (
                <TableRow key={e.id}>
                  <TableCell className="whitespace-nowrap">
                    {formatDate(e.at)} {formatTime(e.at)}
                  </TableCell>
                  <TableCell className="break-all">{e.userEmail ?? t('access.audit.system')}</TableCell>
                  <TableCell className="min-w-40">
                    <ActionCell code={e.action} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap font-mono text-xs">
                    {e.entity}
                    {e.entityId ? ` #${e.entityId}` : ''}
                  </TableCell>
                  <TableCell>
                    <Badge variant={OUTCOME_VARIANT[e.outcome]}>{t(`access.audit.outcomes.${e.outcome}`)}</Badge>
                  </TableCell>
                  <TableCell className="max-w-[24rem] break-words text-xs text-muted-foreground">{e.detail}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </ScrollTable>
      </ListCard>
    </>
  );
}

/** What was done, in words, with the recorded code under it in small type (an unknown code: the code alone). */
function ActionCell({ code }: { code: string }) {
  const label = auditActionLabel(code);
  if (!label) return <span className="font-mono text-xs">{code}</span>;
  return (
    <>
      <span className="block">{label}</span>
      <span className="block font-mono text-xs text-muted-foreground">{code}</span>
    </>
  );
}
