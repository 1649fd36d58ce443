// Downloading one of an approved run's files (a return, a payment file, a report): fetched through the API client so
// a refusal (a run not approved: 409) shows as a toast with the server's reason instead of a saved error page.
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PayrollReturn } from '../../../shared/payroll';
import { toast } from '../../components/ui/use-toast';
import { apiFile } from '../../lib/api-client';
import { downloadBlob } from '../../lib/download';
import { payrollErrorText } from './payroll-labels';

export function useRunFile() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async ({ runId, kind }: { runId: number; kind: PayrollReturn }) => {
      const file = await apiFile(`/api/payroll/runs/${runId}/returns/${kind}`);
      downloadBlob(file.blob, file.fileName ?? `${kind}-${runId}.csv`);
    },
    onError: (error) => toast({ variant: 'destructive', title: t('payroll.toasts.fileFailed'), description: payrollErrorText(t, error) }),
  });
}
