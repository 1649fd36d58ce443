// A statement's view: its lines matched or not, the unmatched lines of the cash book, matching by hand (sums equal
// to the cent), auto-match, undo, the reconciliation statement (the Treasury's FO 30), Complete once the difference
// is nil, and Print.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Link2, Unlink, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookLine, ReconciliationDetail, StatementLine, StatementPosting } from '../../../shared/accounting';
import { compare, formatKesExact, isZero, parseTotal, subtract, totalOf } from '../../../shared/money';
import { ListError } from '../../components/data/list-error';
import { ColumnHeads } from '../../components/data/table-parts';
import { PrintLink } from '../../components/print-link';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { cn } from '../../lib/utils';
import { RegionTable } from './region-table';
import { accountingError, journalWords, lineAccountName } from './accounting-labels';
import { reconciliationPdfPath, reconciliationQuery, useAutoMatch, useCompleteReconciliation, useCreateMatch, usePostStatementLine, useUndoMatch } from './accounting.api';
import { StartingPointCard } from './reconciliation-start';
import { money, StatusBadge } from './reconciliation-labels';

export function StatementView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const query = useQuery(reconciliationQuery(id));
  const auto = useAutoMatch();
  const complete = useCompleteReconciliation();
  const [picked, setPicked] = useState<{ statement: number[]; book: number[] }>({ statement: [], book: [] });
  const match = useCreateMatch();
  const undo = useUndoMatch();
  const postLine = usePostStatementLine();
  const d = query.data;
  const canPost = staff.may('finance:post');
  const open = d?.statement.status === 'pending_review';
  const failure = auto.error ?? complete.error ?? match.error ?? undo.error ?? postLine.error;

  if (query.error) return <ListError message={t('common.loadError', { message: accountingError(query.error) })} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!d) return <Skeleton className="h-96 w-full" />;

  const s = d.statement;
  const statementSum = totalOf(d.lines.filter((l) => picked.statement.includes(l.id)).map((l) => parseTotal(l.amount)));
  const bookSum = totalOf(d.bookLines.filter((l) => picked.book.includes(l.id)).map((l) => parseTotal(l.amount)));
  const some = picked.statement.length > 0 && picked.book.length > 0;
  const shape = picked.statement.length === 1 || picked.book.length === 1;
  const equal = compare(statementSum, bookSum) === 0;
  const toggle = (side: 'statement' | 'book', lineId: number) =>
    setPicked((prev) => ({ ...prev, [side]: prev[side].includes(lineId) ? prev[side].filter((x) => x !== lineId) : [...prev[side], lineId] }));
  const differenceNil = s.difference !== null && isZero(parseTotal(s.difference));

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6" data-testid="recon-view">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <Button variant="ghost" size="sm" className="justify-self-start" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
            {t('accounting.recon.back')}
          </Button>
          <h2 className="text-xl font-semibold">
            {t(`accounting.recon.kinds.${s.kind}`)} · {s.accountCode} {lineAccountName(s)}
          </h2>
          <p className="text-sm text-muted-foreground">
            {s.facilityName ?? t('accounting.entry.countyLevel')} · {formatDate(s.periodStart)} – {formatDate(s.periodEnd)} · {s.filename}
          </p>
          <div>
            <StatusBadge status={s.status} />
            {s.reconciledAt ? <span className="ml-2 text-xs text-muted-foreground">{t('accounting.recon.reconciledBy', { name: s.reconciledByName ?? '', date: formatDate(s.reconciledAt) })}</span> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          {canPost && open ? (
            <>
              <Button variant="outline" disabled={auto.isPending} onClick={() => auto.mutate(id, { onSuccess: (r) => toast({ title: t('accounting.recon.autoMatched', { matched: formatNumber(r.matched) }) }) })}>
                <Wand2 aria-hidden="true" />
                {t('accounting.recon.autoMatch')}
              </Button>
              <Button
                disabled={!differenceNil || complete.isPending}
                title={differenceNil ? undefined : t('accounting.recon.completeHint')}
                onClick={() => complete.mutate(id, { onSuccess: () => toast({ title: t('accounting.recon.completed') }) })}
              >
                {t('accounting.recon.complete')}
              </Button>
            </>
          ) : null}
          <PrintLink href={(lang) => reconciliationPdfPath(id, lang)} label={t('accounting.recon.print')} />
        </div>
      </div>
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          {accountingError(failure)}
        </p>
      ) : null}

      <StartingPointCard detail={d} canAgree={canPost && open} />

      <Fo30Card detail={d} />

      {canPost && open ? (
        <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-md border bg-background p-3 text-sm shadow-sm" aria-live="polite" data-testid="recon-selection">
          <p>
            {t('accounting.recon.selection', { statement: formatKesExact(statementSum), book: formatKesExact(bookSum) })}{' '}
            <span className={cn('font-semibold', some && equal && shape ? 'text-green-700' : 'text-muted-foreground')}>
              {!some ? t('accounting.recon.pickBoth') : !shape ? t('accounting.recon.oneSide') : equal ? t('accounting.recon.sumsEqual') : t('accounting.recon.sumsDiffer', { difference: formatKesExact(subtract(statementSum, bookSum)) })}
            </span>
          </p>
          <Button
            size="sm"
            disabled={!some || !shape || !equal || match.isPending}
            onClick={() =>
              match.mutate(
                // A book item is one journal's lines on the account: the match names every line.
                { id, input: { statementLineIds: picked.statement, journalLineIds: d.bookLines.filter((b) => picked.book.includes(b.id)).flatMap((b) => b.lineIds) } },
                {
                  onSuccess: () => {
                    setPicked({ statement: [], book: [] });
                    toast({ title: t('accounting.recon.matched') });
                  },
                },
              )
            }
          >
            <Link2 aria-hidden="true" />
            {t('accounting.recon.match')}
          </Button>
        </div>
      ) : null}

      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('accounting.recon.statementLines')}</CardTitle>
            <CardDescription>{t('accounting.recon.statementLinesHint', { matched: formatNumber(s.matchedCount), total: formatNumber(s.lineCount) })}</CardDescription>
          </CardHeader>
          <CardContent>
            <LineTable
              label={t('accounting.recon.statementLines')}
              rows={d.lines}
              pickable={canPost && open}
              picked={picked.statement}
              onPick={(lineId) => toggle('statement', lineId)}
              onUndo={canPost && open ? (matchId) => undo.mutate(matchId, { onSuccess: () => toast({ title: t('accounting.recon.undone') }) }) : undefined}
              onPost={canPost && open && !postLine.isPending ? (lineId, kind) => postLine.mutate({ lineId, kind }, { onSuccess: () => toast({ title: t('accounting.recon.post.posted') }) }) : undefined}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('accounting.recon.bookLines')}</CardTitle>
            <CardDescription>{t('accounting.recon.bookLinesHint')}</CardDescription>
          </CardHeader>
          <CardContent>
            {d.bookLines.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('accounting.recon.noBookLines')}</p>
            ) : (
              <LineTable label={t('accounting.recon.bookLines')} rows={d.bookLines} pickable={canPost && open} picked={picked.book} onPick={(lineId) => toggle('book', lineId)} />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

type AnyLine = StatementLine | BookLine;
const isBook = (l: AnyLine): l is BookLine => 'journalNumber' in l;

function LineTable({
  label,
  rows,
  pickable,
  picked,
  onPick,
  onUndo,
  onPost,
}: {
  label: string;
  rows: AnyLine[];
  pickable: boolean;
  picked: number[];
  onPick: (id: number) => void;
  onUndo?: (matchId: number) => void;
  onPost?: (lineId: number, kind: StatementPosting) => void;
}) {
  const { t } = useTranslation();
  return (
    <RegionTable label={label} tall>
      <ColumnHeads columns={['pick', 'date', 'details', 'amount', 'state'] as const} label={(c) => (c === 'pick' ? <span className="sr-only">{t('accounting.recon.columns.pick')}</span> : t(`accounting.recon.columns.${c}`))} className={(c) => (c === 'amount' ? 'text-right' : undefined)} />
      <TableBody>
        {rows.map((l) => {
          const matched = l.matchId !== null;
          const details = isBook(l) ? journalWords(l) : l.description;
          const lineLabel = `${formatDate(l.date)} ${details} ${money(l.amount)}`;
          return (
            <TableRow key={l.id} className={cn(matched && 'text-muted-foreground', picked.includes(l.id) && 'bg-primary/10')} data-testid={isBook(l) ? 'book-line' : 'statement-line'}>
              <TableCell className="w-8">
                {pickable && !matched ? <input type="checkbox" className="h-4 w-4" aria-label={t('accounting.recon.pickLine', { line: lineLabel })} checked={picked.includes(l.id)} onChange={() => onPick(l.id)} /> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(l.date)}</TableCell>
              <TableCell className="min-w-40">
                <p>{details}</p>
                <p className="text-xs text-muted-foreground">{[isBook(l) ? l.journalNumber : null, l.reference].filter(Boolean).join(' · ')}</p>
              </TableCell>
              <TableCell className={cn('whitespace-nowrap text-right tabular-nums', l.amount < 0 && 'text-red-700')}>{money(l.amount)}</TableCell>
              <TableCell className="whitespace-nowrap">
                {matched ? (
                  <span className="flex items-center gap-1">
                    <Badge variant="success">{'rule' in l && l.rule ? t(`accounting.recon.rules.${l.rule}`) : t('accounting.recon.matchedState')}</Badge>
                    {onUndo ? (
                      <Button variant="ghost" size="icon" aria-label={t('accounting.recon.undoOf', { line: lineLabel })} title={t('accounting.recon.undo')} onClick={() => onUndo(l.matchId!)}>
                        <Unlink aria-hidden="true" />
                      </Button>
                    ) : null}
                  </span>
                ) : (
                  <span className="flex flex-wrap items-center gap-1">
                    <Badge variant="warning">{t('accounting.recon.unmatched')}</Badge>
                    {isBook(l) && l.broughtForward ? <Badge variant="outline">{t('accounting.recon.broughtForward')}</Badge> : null}
                    {onPost && !isBook(l) ? <PostButton kind={l.amount < 0 ? 'bank_charges' : 'interest'} line={lineLabel} onPost={() => onPost(l.id, l.amount < 0 ? 'bank_charges' : 'interest')} /> : null}
                  </span>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </RegionTable>
  );
}

/** Posts a statement line the books lack as what it is: a bank charge (money out) or interest (money in). */
function PostButton({ kind, line, onPost }: { kind: StatementPosting; line: string; onPost: () => void }) {
  const { t } = useTranslation();
  const action = t(`accounting.recon.post.${kind}`);
  return (
    <Button variant="outline" size="sm" className="h-7 px-2 text-xs" aria-label={t('accounting.recon.post.ofLine', { action, line })} onClick={onPost} data-testid={`post-${kind}`}>
      {action}
    </Button>
  );
}

function Fo30Card({ detail }: { detail: ReconciliationDetail }) {
  const { t } = useTranslation();
  const f = detail.fo30;
  const line = (key: string, value: number | null, strong = false, sign = '') => (
    <div className={cn('flex items-center justify-between gap-4', strong && 'border-t pt-2 font-semibold')}>
      <dt>{t(`accounting.recon.fo30.${key}`)}</dt>
      <dd className="whitespace-nowrap tabular-nums" data-testid={`fo30-${key}`}>
        {/* An addition of a negative figure reads as a deduction. */}
        {sign === '+ ' && value !== null && value < 0 ? `− ${money(-value)}` : `${sign}${money(value)}`}
      </dd>
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('accounting.recon.fo30.title')}</CardTitle>
        <CardDescription>{t('accounting.recon.fo30.asAt', { date: formatDate(f.asAt) })}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid max-w-2xl gap-2 text-sm">
          <div className="flex items-center justify-between gap-4 text-muted-foreground">
            <dt>{t('accounting.recon.fo30.statementOpening', { date: formatDate(f.openingDate) })}</dt>
            <dd className="whitespace-nowrap tabular-nums">{money(f.statementOpening)}</dd>
          </div>
          <div className="flex items-center justify-between gap-4 border-b pb-2 text-muted-foreground">
            <dt>{t('accounting.recon.fo30.bookOpening')}</dt>
            <dd className="whitespace-nowrap tabular-nums">{money(f.bookOpening)}</dd>
          </div>
          {line('bookBalance', f.bookBalance)}
          {line('uncreditedReceipts', f.uncreditedReceipts.total, false, '− ')}
          {line('unpresentedPayments', f.unpresentedPayments.total, false, '+ ')}
          {line('statementReceiptsNotInBooks', f.statementReceiptsNotInBooks.total, false, '+ ')}
          {/* The statement's payments are negative (as the statement shows them): shown as a deduction. */}
          {line('statementPaymentsNotInBooks', -f.statementPaymentsNotInBooks.total, false, '− ')}
          {f.agreedDifference !== 0 ? line('agreedDifference', f.agreedDifference, false, '+ ') : null}
          {line('reconciledBalance', f.reconciledBalance, true)}
          {line('statementBalance', f.statementBalance)}
          {line('difference', f.difference, true)}
        </dl>
      </CardContent>
    </Card>
  );
}
