// A payment under way settles while someone watches (seen by polling): the list and the cards refresh, and a
// failure says so (SPEC.md §8 'Payment Failed').
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingDetail } from '../../../shared/billing';
import { toast } from '../../components/ui/use-toast';

export function useSettlementNotices(detail: BillingDetail | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const waiting = useRef<Set<number>>(new Set());
  useEffect(() => {
    if (!detail) return;
    let settled = false;
    for (const p of detail.payments) {
      if (p.status === 'processing') waiting.current.add(p.id);
      else if (waiting.current.delete(p.id)) {
        settled = true;
        if (p.status === 'failed') toast({ variant: 'destructive', title: t('billing.pay.failedTitle'), description: t('billing.pay.failedBody') });
      }
    }
    if (settled) {
      void queryClient.invalidateQueries({ queryKey: ['billing', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['billing', 'summary'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['activities'] });
    }
  }, [detail, queryClient, t]);
}

