// The imported bank and M-Pesa statements ('Pending Review' / 'Reconciled'), a page at a time, each opened to its
// view; Import Statement for those who may post.
import { useQuery } from '@tanstack/react-query';
import { Landmark, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/data/empty-state';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, SkeletonRows } from '../../components/data/table-parts';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { useStaff } from '../../app/use-staff';
import { formatDate, formatNumber } from '../../lib/locale-format';
import type { BooksParams } from './accounting-logic';
import { accountingError, lineAccountName } from './accounting-labels';
import { RECONCILIATIONS_PAGE_SIZE, reconciliationsQuery } from './accounting.api';
import { ImportStatementDialog } from './reconciliation-import-dialog';
import { money, StatusBadge } from './reconciliation-labels';

export function StatementList({ books, onOpen }: { books: BooksParams; onOpen: (id: number) => void }) {
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
                      {lineAccountName(r)}
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
