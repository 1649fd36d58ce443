// SPEC.md §2.9 Transactions: the journals (GET /api/accounting/journals, newest first, X-Total-Count pages) with a
// search and filters (status, source, account, dates; the books choice above is the facility filter), each
// expandable to its lines. A finance:approve holder approves or rejects (with a reason) a draft someone else
// prepared — maker ≠ checker, which the server enforces (403 maker_checker, shown as it says); a finance:post holder
// reverses a posted journal (with a reason): the reversal is a new draft awaiting approval, never an edit.
import { useQuery } from '@tanstack/react-query';
import { Check, ChevronDown, ChevronRight, NotebookText, Undo2, X } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOURNAL_STATUSES, SOURCE_TYPES, type Journal } from '../../../shared/accounting';
import { formatKesExact, parseTotal } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DateInput } from '../../components/ui/date-input';
import { Label } from '../../components/ui/label';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../../app/auth';
import { useStaff } from '../../app/use-staff';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { journalStatusVariant, type BooksParams } from './accounting-logic';
import { RegionTable } from './region-table';
import { accountingError, accountingMessage, accountName, journalWords, lineAccountName } from './accounting-labels';
import { accountsQuery, journalQuery, JOURNALS_PAGE_SIZE, journalsQuery, useApproveJournal, useRejectJournal, useReverseJournal, type JournalFilters } from './accounting.api';
import { ConfirmDialog } from './confirm-dialog';

const COLUMNS = ['toggle', 'date', 'number', 'description', 'source', 'amount', 'status', 'actions'] as const;
/** On a phone these columns fold into the description cell, so the row fits with its amount, status and actions. */
const WIDE_ONLY = new Set<string>(['date', 'number', 'source', 'amount', 'status']);

type Props = { books: BooksParams; filters: JournalFilters; onFilters: (filters: JournalFilters) => void };

const money = (kes: number) => formatKesExact(parseTotal(kes));

export function TransactionsTab({ books, filters, onFilters }: Props) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState({ key: '', at: 0 });
  const filterKey = JSON.stringify([books, filters]);
  const at = offset.key === filterKey ? offset.at : 0;
  const query = useQuery(journalsQuery({ ...filters, ...books }, at));
  const accounts = useQuery(accountsQuery({}));
  const [search, setSearch] = useState(filters.search ?? '');
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [acting, setActing] = useState<{ kind: 'reject' | 'reverse'; journal: Journal } | null>(null);
  const reject = useRejectJournal();
  const reverse = useReverseJournal();
  const total = query.data?.total;
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== '');
  const patch = (next: Partial<JournalFilters>) => onFilters({ ...filters, ...next });

  return (
    <>
      <FilterBar label={t('accounting.transactions.filters')} onSubmit={() => patch({ search: search.trim() || undefined })} submitLabel={t('accounting.transactions.searchButton')}>
        <SearchField id="journal-search" label={t('accounting.transactions.search')} placeholder={t('accounting.transactions.searchPlaceholder')} maxLength={100} autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
        <FilterSelect
          id="journal-status"
          label={t('accounting.transactions.status')}
          value={filters.status ?? ''}
          onChange={(v) => patch({ status: (v || undefined) as JournalFilters['status'] })}
          allLabel={t('accounting.transactions.allStatuses')}
          options={JOURNAL_STATUSES.map((s) => ({ value: s, label: t(`accounting.statuses.${s}`) }))}
        />
        <FilterSelect
          id="journal-source"
          label={t('accounting.transactions.source')}
          value={filters.sourceType ?? ''}
          onChange={(v) => patch({ sourceType: (v || undefined) as JournalFilters['sourceType'] })}
          allLabel={t('accounting.transactions.allSources')}
          options={SOURCE_TYPES.map((s) => ({ value: s, label: t(`accounting.sources.${s}`) }))}
        />
        <FilterSelect
          id="journal-account"
          label={t('accounting.transactions.account')}
          value={filters.accountCode ?? ''}
          onChange={(v) => patch({ accountCode: v || undefined })}
          allLabel={t('accounting.transactions.allAccounts')}
          options={accounts.data?.map((a) => ({ value: a.code, label: `${a.code} · ${accountName(a)}` }))}
          loadingLabel={t('common.loading')}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="journal-from">{t('accounting.transactions.from')}</Label>
          <DateInput id="journal-from" value={filters.from ?? ''} max={filters.to} onChange={(from) => patch({ from: from || undefined })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="journal-to">{t('accounting.transactions.to')}</Label>
          <DateInput id="journal-to" value={filters.to ?? ''} min={filters.from} onChange={(to) => patch({ to: to || undefined })} />
        </div>
      </FilterBar>

      <ListCard
        title={total === undefined ? t('accounting.transactions.title') : t('accounting.transactions.titleCount', { total: `${formatNumber(total)}${query.data?.capped ? '+' : ''}` })}
        icon={NotebookText}
        actions={
          filtered ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setSearch('');
                onFilters({});
              }}
            >
              {t('accounting.transactions.clearFilters')}
            </Button>
          ) : null
        }
        query={query}
        errorMessage={(error) => t('common.loadError', { message: accountingError(error) })}
        paging={{ label: t('accounting.transactions.pagination'), offset: at, pageSize: JOURNALS_PAGE_SIZE, onOffset: (next) => setOffset({ key: filterKey, at: next }) }}
        empty={<EmptyState icon={NotebookText} title={t('accounting.transactions.emptyTitle')} hint={filtered ? t('accounting.transactions.emptyFiltered') : t('accounting.transactions.emptyNone')} />}
      >
        <Table>
          <caption className="sr-only">{t('accounting.transactions.caption')}</caption>
          <ColumnHeads columns={COLUMNS} label={(c) => (c === 'toggle' ? <span className="sr-only">{t('accounting.transactions.columns.toggle')}</span> : t(`accounting.transactions.columns.${c}`))} className={(c) => (c === 'amount' ? 'hidden text-right md:table-cell' : c === 'actions' ? 'text-right' : WIDE_ONLY.has(c) ? 'hidden md:table-cell' : c === 'toggle' ? 'w-10 px-1' : undefined)} />
          <TableBody>
            {query.isPending ? (
              <SkeletonRows testId="journal-skeleton" rows={5} columns={COLUMNS.length} className="h-4 w-20" />
            ) : (
              query.data?.rows.map((j) => (
                <Fragment key={j.id}>
                  <JournalRow
                    journal={j}
                    expanded={open.has(j.id)}
                    onToggle={() =>
                      setOpen((prev) => {
                        const next = new Set(prev);
                        if (!next.delete(j.id)) next.add(j.id);
                        return next;
                      })
                    }
                    onReject={() => setActing({ kind: 'reject', journal: j })}
                    onReverse={() => setActing({ kind: 'reverse', journal: j })}
                  />
                  {open.has(j.id) ? (
                    <TableRow className="bg-muted/30 hover:bg-muted/30">
                      <TableCell colSpan={COLUMNS.length} className="p-0">
                        <JournalLines journal={j} />
                      </TableCell>
                    </TableRow>
                  ) : null}
                </Fragment>
              ))
            )}
          </TableBody>
        </Table>
      </ListCard>

      {acting ? (
        <ConfirmDialog
          title={acting.kind === 'reject' ? t('accounting.transactions.rejectTitle', { number: acting.journal.number }) : t('accounting.transactions.reverseTitle', { number: acting.journal.number })}
          description={acting.kind === 'reject' ? t('accounting.transactions.rejectHint') : t('accounting.transactions.reverseHint')}
          confirmLabel={acting.kind === 'reject' ? t('accounting.transactions.reject') : t('accounting.transactions.reverse')}
          reason={{ label: t('accounting.transactions.reason'), required: accountingMessage('A reason is required') ?? '' }}
          date={acting.kind === 'reverse' ? { label: t('accounting.transactions.reverseDate'), hint: t('accounting.transactions.reverseDateHint'), min: acting.journal.date } : undefined}
          destructive={acting.kind === 'reject'}
          pending={reject.isPending || reverse.isPending}
          error={reject.error || reverse.error ? accountingError(reject.error ?? reverse.error) : null}
          onClose={() => {
            reject.reset();
            reverse.reset();
            setActing(null);
          }}
          onConfirm={({ reason, date }) => {
            const done = (text: string) => {
              toast({ title: text });
              reject.reset();
              reverse.reset();
              setActing(null);
            };
            if (acting.kind === 'reject') reject.mutate({ id: acting.journal.id, reason }, { onSuccess: (j) => done(t('accounting.transactions.rejected', { number: j.number })) });
            else reverse.mutate({ id: acting.journal.id, reason, date: date || undefined }, { onSuccess: (j) => done(t('accounting.transactions.reversed', { number: j.number })) });
          }}
        />
      ) : null}
    </>
  );
}

type RowProps = { journal: Journal; expanded: boolean; onToggle: () => void; onReject: () => void; onReverse: () => void };

function JournalRow({ journal: j, expanded, onToggle, onReject, onReverse }: RowProps) {
  const { t } = useTranslation();
  const staff = useStaff();
  const auth = useAuth();
  const approve = useApproveJournal();
  const me = auth.status === 'authenticated' ? `${auth.display.firstName} ${auth.display.lastName}` : null;
  // The server decides maker ≠ checker by id; the name lets the screen say so before a click is refused.
  const ownDraft = me !== null && j.preparedByName === me;
  const canApprove = staff.may('finance:approve') && j.status === 'draft';
  const canReverse = staff.may('finance:post') && j.status === 'posted' && j.reversedById === null && j.sourceType !== 'year_close';
  return (
    <TableRow data-testid="journal-row" data-number={j.number}>
      <TableCell className="w-10 px-1">
        <Button variant="ghost" size="icon" aria-expanded={expanded} aria-label={t(expanded ? 'accounting.transactions.hideLines' : 'accounting.transactions.showLines', { number: j.number })} onClick={onToggle}>
          {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
        </Button>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">{formatDate(j.date)}</TableCell>
      <TableCell className="hidden whitespace-nowrap font-mono text-xs md:table-cell">{j.number}</TableCell>
      <TableCell className="min-w-44">
        <p className="text-xs text-muted-foreground md:hidden">
          {formatDate(j.date)} · <span className="font-mono">{j.number}</span> · {t(`accounting.sources.${j.sourceType}`)}
        </p>
        <p className="font-medium">{journalWords(j)}</p>
        <p className="flex flex-wrap items-center gap-2 md:hidden">
          <span className="font-semibold tabular-nums">{money(j.totalDebit)}</span>
          <Badge variant={journalStatusVariant(j.status)}>{t(`accounting.statuses.${j.status}`)}</Badge>
        </p>
        <p className="text-xs text-muted-foreground">
          {[j.reference, j.preparedByName ? t('accounting.transactions.preparedBy', { name: j.preparedByName }) : null].filter(Boolean).join(' · ')}
        </p>
        {j.status === 'rejected' && j.rejectionReason ? <p className="text-xs text-destructive">{t('accounting.transactions.rejectedBecause', { reason: j.rejectionReason })}</p> : null}
        {j.reversedById !== null ? <LinkedJournal id={j.reversedById} textKey="accounting.transactions.reversedBy" /> : null}
        {j.reversesId !== null ? <LinkedJournal id={j.reversesId} textKey="accounting.transactions.reverses" /> : null}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap md:table-cell">{t(`accounting.sources.${j.sourceType}`)}</TableCell>
      <TableCell className="hidden whitespace-nowrap text-right tabular-nums md:table-cell">{money(j.totalDebit)}</TableCell>
      <TableCell className="hidden md:table-cell">
        <Badge variant={journalStatusVariant(j.status)} data-testid="journal-status">{t(`accounting.statuses.${j.status}`)}</Badge>
      </TableCell>
      <TableCell className="text-right">
        {/* On a phone the actions are their icons (each keeps its name for a screen reader), so the row fits. */}
        <div className="flex flex-wrap justify-end gap-1">
          {canApprove ? (
            <>
              <Button
                size="sm"
                disabled={ownDraft || approve.isPending}
                title={ownDraft ? t('accounting.transactions.ownDraft') : undefined}
                onClick={() =>
                  approve.mutate(j.id, {
                    onSuccess: (posted) => toast({ title: t('accounting.transactions.approved', { number: posted.number }) }),
                    onError: (error) => toast({ variant: 'destructive', title: t('accounting.transactions.approveFailed'), description: accountingError(error) }),
                  })
                }
              >
                <Check aria-hidden="true" />
                <span className="sr-only md:not-sr-only">{t('accounting.transactions.approve')}</span>
              </Button>
              <Button size="sm" variant="outline" disabled={ownDraft} title={ownDraft ? t('accounting.transactions.ownDraft') : undefined} onClick={onReject}>
                <X aria-hidden="true" />
                <span className="sr-only md:not-sr-only">{t('accounting.transactions.reject')}</span>
              </Button>
            </>
          ) : null}
          {canReverse ? (
            <Button size="sm" variant="outline" onClick={onReverse}>
              <Undo2 aria-hidden="true" />
              <span className="sr-only md:not-sr-only">{t('accounting.transactions.reverse')}</span>
            </Button>
          ) : null}
        </div>
        {ownDraft && canApprove ? <p className="mt-1 text-xs text-muted-foreground">{t('accounting.transactions.ownDraft')}</p> : null}
      </TableCell>
    </TableRow>
  );
}

/** "Reversed by JNL-…" / "Reverses JNL-…": the other journal's number, read when the row shows. */
function LinkedJournal({ id, textKey }: { id: number; textKey: 'accounting.transactions.reversedBy' | 'accounting.transactions.reverses' }) {
  const { t } = useTranslation();
  const other = useQuery(journalQuery(id));
  return (
    <p className="text-xs text-muted-foreground" data-testid="journal-link">
      {t(textKey, { number: other.data ? `${other.data.number} (${t(`accounting.statuses.${other.data.status}`)})` : '…' })}
    </p>
  );
}

function JournalLines({ journal: j }: { journal: Journal }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2 p-3" data-testid="journal-lines">
      <RegionTable label={t('accounting.transactions.linesCaption', { number: j.number })}>
        <caption className="sr-only">{t('accounting.transactions.linesCaption', { number: j.number })}</caption>
        <ColumnHeads
          columns={['line', 'account', 'facility', 'fund', 'costCentre', 'debit', 'credit'] as const}
          label={(c) => t(`accounting.transactions.lineColumns.${c}`)}
          className={(c) => (c === 'debit' || c === 'credit' ? 'text-right' : undefined)}
        />
        <TableBody>
          {j.lines.map((l) => (
            <TableRow key={l.id}>
              <TableCell>{l.lineNo}</TableCell>
              <TableCell className="min-w-48">
                <span className="mr-2 font-mono text-xs text-muted-foreground">{l.accountCode}</span>
                {lineAccountName(l)}
                {l.memo ? <p className="text-xs text-muted-foreground">{l.memo}</p> : null}
              </TableCell>
              <TableCell>{l.facilityName ?? t('accounting.entry.countyLevel')}</TableCell>
              <TableCell>{t(`accounting.funds.${l.fund}`)}</TableCell>
              <TableCell>{l.costCentre ? t(`accounting.costCentres.${l.costCentre}`, { defaultValue: l.costCentre }) : '—'}</TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">{l.debit ? money(l.debit) : ''}</TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">{l.credit ? money(l.credit) : ''}</TableCell>
            </TableRow>
          ))}
          <TableRow className="font-semibold">
            <TableCell colSpan={5}>{t('accounting.transactions.totals')}</TableCell>
            <TableCell className="whitespace-nowrap text-right tabular-nums">{money(j.totalDebit)}</TableCell>
            <TableCell className="whitespace-nowrap text-right tabular-nums">{money(j.totalCredit)}</TableCell>
          </TableRow>
        </TableBody>
      </RegionTable>
      {j.status !== 'draft' && j.approvedByName ? (
        <p className="text-xs text-muted-foreground">
          {t(j.status === 'posted' ? 'accounting.transactions.approvedBy' : 'accounting.transactions.rejectedBy', { name: j.approvedByName, date: j.approvedAt ? formatDate(j.approvedAt) : '' })}
        </p>
      ) : null}
    </div>
  );
}
