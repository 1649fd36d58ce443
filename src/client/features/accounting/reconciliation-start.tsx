// The first statement of an account: agreeing its starting point (the statement's opening balance against the cash
// book the day before; earlier book lines cleared in one step, a note when the balances still differ), and, once
// agreed, who agreed it and what it cleared.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReconciliationDetail } from '../../../shared/accounting';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { useAgreeStartingPoint } from './accounting.api';
import { accountingError } from './accounting-labels';
import { money } from './reconciliation-labels';

export function StartingPointCard({ detail, canAgree }: { detail: ReconciliationDetail; canAgree: boolean }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const agree = useAgreeStartingPoint();
  const p = detail.startingPointProposal;
  const a = detail.startingPoint;
  if (a && a.date === detail.fo30.openingDate) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="starting-point">
        {t('accounting.recon.start.summary', {
          date: formatDate(a.date),
          name: a.agreedByName ?? '',
          on: formatDate(a.agreedAt),
          count: formatNumber(a.clearedCount),
          net: money(a.clearedNet),
          difference: money(a.difference),
        })}
      </p>
    );
  }
  if (!p || !canAgree) return null;
  const differs = p.difference !== 0;
  return (
    <Card className="border-amber-300 print:hidden" data-testid="starting-point-proposal">
      <CardHeader>
        <CardTitle>{t('accounting.recon.start.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          {t('accounting.recon.start.proposal', {
            account: detail.statement.accountCode,
            date: formatDate(p.date),
            statement: money(p.statementOpening),
            book: money(p.bookOpening),
            count: formatNumber(p.earlierCount),
            net: money(p.earlierNet),
          })}
        </p>
        <p className={differs ? 'font-semibold text-amber-800' : undefined}>{differs ? t('accounting.recon.start.difference', { difference: money(p.difference) }) : t('accounting.recon.start.noDifference')}</p>
        {differs ? (
          <div className="grid max-w-xl gap-1">
            <Label htmlFor="starting-point-note">{t('accounting.recon.start.note')}</Label>
            <Textarea id="starting-point-note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </div>
        ) : null}
        {agree.error ? (
          <p role="alert" className="text-destructive">
            {accountingError(agree.error)}
          </p>
        ) : null}
        <div>
          <Button disabled={agree.isPending || (differs && note.trim() === '')} onClick={() => agree.mutate({ id: detail.statement.id, note }, { onSuccess: () => toast({ title: t('accounting.recon.start.agreed') }) })}>
            {t('accounting.recon.start.agree')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
