// SPEC.md §2.9 Bank Reconciliation: the imported bank and M-Pesa statements ('Pending Review' / 'Reconciled'),
// importing one (preview with every problem by its line, then import, which auto-matches), and a statement's view:
// its lines matched or not, the unmatched lines of the cash book, matching by hand (sums equal to the cent), auto-
// match, undo, the reconciliation statement (the Treasury's FO 30), Complete once the difference is nil, and Print.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Landmark, Link2, Unlink, Upload, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BANK_CSV_COLUMNS,
  MPESA_CSV_COLUMNS,
  RECONCILABLE_ACCOUNTS,
  STATEMENT_KINDS,
  type BankStatementKind,
  type BookLine,
  type ReconciliationDetail,
  type ReconciliationSummary,
  type StatementLine,
  type StatementPreview,
} from '../../../shared/accounting';
import { scopeOf, reaches } from '../../../shared/access';
import { compare, formatKesExact, isZero, parseTotal, subtract, totalOf } from '../../../shared/money';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { ListError } from '../../components/data/list-error';
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { PrintLink } from '../../components/print-link';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { cn } from '../../lib/utils';
import { facilitiesQuery } from '../facilities';
import type { BooksParams } from './accounting-logic';
import { RegionTable } from './region-table';
import { accountingError } from './accounting-labels';
import {
  accountsQuery,
  RECONCILIATIONS_PAGE_SIZE,
  reconciliationPdfPath,
  reconciliationQuery,
  reconciliationsQuery,
  useAutoMatch,
  useCompleteReconciliation,
  useCreateMatch,
  useImportStatement,
  usePreviewStatement,
  useUndoMatch,
} from './accounting.api';

const money = (kes: number | null) => (kes === null ? '—' : formatKesExact(parseTotal(kes)));

export function ReconciliationTab({ books }: { books: BooksParams }) {
  const [viewing, setViewing] = useState<number | null>(null);
  if (viewing !== null) return <StatementView id={viewing} onBack={() => setViewing(null)} />;
  return <StatementList books={books} onOpen={setViewing} />;
}

function StatementList({ books, onOpen }: { books: BooksParams; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [offset, setOffset] = useState(0);
  const query = useQuery(reconciliationsQuery(books.facilityId, offset));
  const [importing, setImporting] = useState(false);
  const canPost = staff.may('finance:post');
  const total = query.data?.total;
  return (
    <>
      <ListCard
        title={total === undefined ? t('accounting.recon.title') : t('accounting.recon.titleCount', { total: formatNumber(total) })}
        icon={Landmark}
        description={t('accounting.recon.hint')}
        actions={
          canPost ? (
            <Button onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" />
              {t('accounting.recon.import')}
            </Button>
          ) : null
        }
        query={query}
        errorMessage={(error) => t('common.loadError', { message: accountingError(error) })}
        paging={{ label: t('accounting.recon.pagination'), offset, pageSize: RECONCILIATIONS_PAGE_SIZE, onOffset: setOffset }}
        empty={<EmptyState icon={Landmark} title={t('accounting.recon.emptyTitle')} hint={t('accounting.recon.emptyHint')} />}
      >
        <Table>
          <caption className="sr-only">{t('accounting.recon.caption')}</caption>
          <ColumnHeads
            columns={['statement', 'account', 'period', 'lines', 'difference', 'status', 'actions'] as const}
            label={(c) => t(`accounting.recon.columns.${c}`)}
            className={(c) => (c === 'lines' || c === 'difference' || c === 'actions' ? 'text-right' : undefined)}
          />
          <TableBody>
            {query.isPending ? (
              <SkeletonRows testId="recon-skeleton" rows={4} columns={7} className="h-4 w-20" />
            ) : (
              query.data?.rows.map((r) => (
                <TableRow key={r.id} data-testid="recon-row">
                  <TableCell className="min-w-40">
                    <p className="font-medium">{t(`accounting.recon.kinds.${r.kind}`)}</p>
                    <p className="break-all text-xs text-muted-foreground">{r.filename}</p>
                  </TableCell>
                  <TableCell className="min-w-40">
                    <p>
                      <span className="mr-1 font-mono text-xs">{r.accountCode}</span>
                      {r.accountName}
                    </p>
                    <p className="text-xs text-muted-foreground">{r.facilityName ?? t('accounting.entry.countyLevel')}</p>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {formatDate(r.periodStart)} – {formatDate(r.periodEnd)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right">{t('accounting.recon.matchedOf', { matched: formatNumber(r.matchedCount), total: formatNumber(r.lineCount) })}</TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">{money(r.difference)}</TableCell>
                  <TableCell>
                    <StatusBadge status={r.status} />
                  </TableCell>
                  <TableCell className="text-right">
                    <Button size="sm" variant="outline" onClick={() => onOpen(r.id)} aria-label={t('accounting.recon.openOf', { name: r.filename })}>
                      {t('accounting.recon.open')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </ListCard>
      {importing ? (
        <ImportStatementDialog
          onClose={() => setImporting(false)}
          onImported={(id) => {
            setImporting(false);
            onOpen(id);
          }}
        />
      ) : null}
    </>
  );
}

function StatusBadge({ status }: { status: ReconciliationSummary['status'] }) {
  const { t } = useTranslation();
  return <Badge variant={status === 'reconciled' ? 'success' : 'warning'}>{t(`accounting.recon.statuses.${status}`)}</Badge>;
}

function ImportStatementDialog({ onClose, onImported }: { onClose: () => void; onImported: (id: number) => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const facilities = useQuery(facilitiesQuery);
  const accounts = useQuery(accountsQuery({}));
  const scope = scopeOf(staff.role, 'finance:post');
  const place = { facilityId: staff.facilityId, subcounty: staff.subcounty };
  const mine = facilities.data?.filter((f) => reaches(scope, place, f));
  const [kind, setKind] = useState<BankStatementKind>('bank');
  const [accountCode, setAccountCode] = useState(RECONCILABLE_ACCOUNTS.bank[0]!);
  const [facilityId, setFacilityId] = useState(scope === 'county' ? '' : String(staff.facilityId ?? ''));
  const [filename, setFilename] = useState('');
  const [csv, setCsv] = useState('');
  const [opening, setOpening] = useState('');
  const [closing, setClosing] = useState('');
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const previewing = usePreviewStatement();
  const importing = useImportStatement();
  const pending = previewing.isPending || importing.isPending;
  const error = previewing.error ?? importing.error;
  const body = { kind, accountCode, facilityId: facilityId === '' ? null : Number(facilityId), filename: filename || 'statement.csv', csv, openingBalance: opening, closingBalance: closing };
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPreview(null);
    previewing.reset();
    importing.reset();
  };
  const accountName = (code: string) => accounts.data?.find((a) => a.code === code)?.name ?? '';
  const ready = preview !== null && preview.issues.length === 0 && preview.lines.length > 0;

  return (
    <Dialog open onOpenChange={(open) => (open || pending ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('accounting.recon.importTitle')}</DialogTitle>
          <DialogDescription>{t('accounting.recon.importHint')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor="recon-kind">{t('accounting.recon.kind')}</Label>
            <NativeSelect
              id="recon-kind"
              value={kind}
              disabled={pending}
              onChange={(e) => {
                const next = e.target.value as BankStatementKind;
                changed(setKind)(next);
                setAccountCode(RECONCILABLE_ACCOUNTS[next][0]!);
              }}
            >
              {STATEMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`accounting.recon.kinds.${k}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="recon-account">{t('accounting.recon.account')}</Label>
            <NativeSelect id="recon-account" value={accountCode} disabled={pending} onChange={(e) => changed(setAccountCode)(e.target.value)}>
              {RECONCILABLE_ACCOUNTS[kind].map((code) => (
                <option key={code} value={code}>
                  {code} {accountName(code)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="recon-facility">{t('accounting.entry.facility')}</Label>
            <NativeSelect id="recon-facility" value={facilityId} disabled={pending} onChange={(e) => changed(setFacilityId)(e.target.value)}>
              {scope === 'county' ? <option value="">{t('accounting.entry.countyLevel')}</option> : null}
              {!mine && facilityId ? <option value={facilityId}>{t('common.loading')}</option> : null}
              {mine?.map((f) => (
                <option key={f.id} value={String(f.id)}>
                  {f.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <p className="text-sm sm:col-span-3">
            {t('accounting.import.columns')} <code className="break-all rounded bg-muted px-1 text-xs">{(kind === 'bank' ? BANK_CSV_COLUMNS : MPESA_CSV_COLUMNS).join(',')}</code>
          </p>
          <div className="grid gap-1.5 sm:col-span-3">
            <Label htmlFor="recon-file">{t('accounting.import.file')}</Label>
            <Input
              id="recon-file"
              type="file"
              accept=".csv,text/csv"
              disabled={pending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                setFilename(file.name);
                void file.text().then(changed(setCsv));
              }}
            />
          </div>
          <div className="grid gap-1.5 sm:col-span-3">
            <Label htmlFor="recon-csv">{t('accounting.import.paste')}</Label>
            <Textarea id="recon-csv" rows={5} className="font-mono text-xs" spellCheck={false} value={csv} disabled={pending} onChange={(e) => changed(setCsv)(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="recon-opening">{t('accounting.recon.opening')}</Label>
            <Input id="recon-opening" type="number" step="0.01" inputMode="decimal" value={opening} disabled={pending} onChange={(e) => changed(setOpening)(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="recon-closing">{t('accounting.recon.closing')}</Label>
            <Input id="recon-closing" type="number" step="0.01" inputMode="decimal" value={closing} disabled={pending} onChange={(e) => changed(setClosing)(e.target.value)} />
          </div>
          <p className="self-end text-xs text-muted-foreground">{t('accounting.recon.balancesHint')}</p>
        </div>
        {error ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {accountingError(error)}
          </p>
        ) : null}
        {preview ? <StatementPreviewView preview={preview} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button variant="outline" disabled={pending || csv.trim() === ''} onClick={() => previewing.mutate(body, { onSuccess: setPreview })}>
            {t('accounting.import.preview')}
          </Button>
          <Button
            disabled={pending || !ready}
            title={ready ? undefined : t('accounting.import.previewFirst')}
            onClick={() =>
              importing.mutate(body, {
                onSuccess: (result) => {
                  toast({ title: t('accounting.recon.imported', { matched: formatNumber(result.matched) }) });
                  onImported(result.detail.statement.id);
                },
              })
            }
          >
            <Upload aria-hidden="true" />
            {pending ? t('accounting.working') : t('accounting.recon.importSubmit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function StatementPreviewView({ preview: p }: { preview: StatementPreview }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 text-sm" data-testid="recon-preview" aria-live="polite">
      {p.issues.length > 0 ? (
        <div role="alert" className="grid gap-1 rounded-md border border-destructive p-3">
          <p className="font-semibold text-destructive">{t('accounting.import.issues', { count: p.issues.length, formatted: formatNumber(p.issues.length) })}</p>
          <ul className="grid max-h-48 list-disc gap-0.5 overflow-y-auto pl-5 text-destructive">
            {p.issues.map((issue, i) => (
              <li key={`${issue.path}-${i}`}>{issue.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="grid gap-2 sm:grid-cols-4">
        <Fig label={t('accounting.recon.period')} value={p.periodStart && p.periodEnd ? `${formatDate(p.periodStart)} – ${formatDate(p.periodEnd)}` : '—'} />
        <Fig label={t('accounting.recon.lines')} value={formatNumber(p.lines.length)} />
        <Fig label={t('accounting.recon.moneyIn')} value={money(p.totalIn)} />
        <Fig label={t('accounting.recon.moneyOut')} value={money(p.totalOut)} />
        <Fig label={t('accounting.recon.opening')} value={money(p.openingBalance)} />
        <Fig label={t('accounting.recon.closing')} value={money(p.closingBalance)} />
      </dl>
      {p.skipped.length > 0 ? (
        <ul className="list-disc pl-5 text-xs text-muted-foreground">
          {p.skipped.map((s) => (
            <li key={s.lineNo}>{t('accounting.recon.skipped', { line: s.lineNo, reason: s.reason })}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Fig({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function StatementView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const query = useQuery(reconciliationQuery(id));
  const auto = useAutoMatch();
  const complete = useCompleteReconciliation();
  const [picked, setPicked] = useState<{ statement: number[]; book: number[] }>({ statement: [], book: [] });
  const match = useCreateMatch();
  const undo = useUndoMatch();
  const d = query.data;
  const canPost = staff.may('finance:post');
  const open = d?.statement.status === 'pending_review';
  const failure = auto.error ?? complete.error ?? match.error ?? undo.error;

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
            {t(`accounting.recon.kinds.${s.kind}`)} · {s.accountCode} {s.accountName}
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
                { id, input: { statementLineIds: picked.statement, journalLineIds: picked.book } },
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

function LineTable({ label, rows, pickable, picked, onPick, onUndo }: { label: string; rows: AnyLine[]; pickable: boolean; picked: number[]; onPick: (id: number) => void; onUndo?: (matchId: number) => void }) {
  const { t } = useTranslation();
  return (
    <RegionTable label={label} tall>
      <ColumnHeads columns={['pick', 'date', 'details', 'amount', 'state'] as const} label={(c) => (c === 'pick' ? <span className="sr-only">{t('accounting.recon.columns.pick')}</span> : t(`accounting.recon.columns.${c}`))} className={(c) => (c === 'amount' ? 'text-right' : undefined)} />
      <TableBody>
        {rows.map((l) => {
          const matched = l.matchId !== null;
          const lineLabel = `${formatDate(l.date)} ${l.description} ${money(l.amount)}`;
          return (
            <TableRow key={l.id} className={cn(matched && 'text-muted-foreground', picked.includes(l.id) && 'bg-primary/10')} data-testid={isBook(l) ? 'book-line' : 'statement-line'}>
              <TableCell className="w-8">
                {pickable && !matched ? <input type="checkbox" className="h-4 w-4" aria-label={t('accounting.recon.pickLine', { line: lineLabel })} checked={picked.includes(l.id)} onChange={() => onPick(l.id)} /> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(l.date)}</TableCell>
              <TableCell className="min-w-40">
                <p>{l.description}</p>
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
                  <Badge variant="warning">{t('accounting.recon.unmatched')}</Badge>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </RegionTable>
  );
}

function Fo30Card({ detail }: { detail: ReconciliationDetail }) {
  const { t } = useTranslation();
  const f = detail.fo30;
  const line = (key: string, value: number | null, strong = false, sign = '') => (
    <div className={cn('flex items-center justify-between gap-4', strong && 'border-t pt-2 font-semibold')}>
      <dt>{t(`accounting.recon.fo30.${key}`)}</dt>
      <dd className="tabular-nums" data-testid={`fo30-${key}`}>
        {sign}
        {money(value)}
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
          {line('bookBalance', f.bookBalance)}
          {line('uncreditedReceipts', f.uncreditedReceipts.total, false, '− ')}
          {line('unpresentedPayments', f.unpresentedPayments.total, false, '+ ')}
          {line('statementReceiptsNotInBooks', f.statementReceiptsNotInBooks.total, false, '+ ')}
          {/* The statement's payments are negative (as the statement shows them): shown as a deduction. */}
          {line('statementPaymentsNotInBooks', -f.statementPaymentsNotInBooks.total, false, '− ')}
          {line('reconciledBalance', f.reconciledBalance, true)}
          {line('statementBalance', f.statementBalance)}
          {line('difference', f.difference, true)}
        </dl>
      </CardContent>
    </Card>
  );
}
