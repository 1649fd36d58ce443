// Filling a form's KHIS identifiers without typing them (issue 29 item 2): "Fetch from KHIS" reads the typed dataSet
// from KHIS and opens its proposal for review; "Import CSV" takes a filled-in mapping file; "Export CSV" downloads the
// saved one. A button that cannot be used says why beside it (KHIS not connected, changes not saved yet); those who
// may only read the identifiers get the export alone. Both dialogs load when they open.
import { CloudDownload, FileDown, FileUp, Loader2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DHIS2_UID, type KhisForm, type KhisProposal, type KhisSettings } from '../../../../shared/moh';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import type { KhisValues } from './khis-form';
import { khisCsvPath, useFetchKhisProposal } from './reports-settings.api';
import { errorText } from './settings-labels';

const KhisProposalDialog = lazy(() => import('./khis-proposal-dialog').then((m) => ({ default: m.KhisProposalDialog })));
const KhisImportDialog = lazy(() => import('./khis-import-dialog').then((m) => ({ default: m.KhisImportDialog })));

/** The server's words for a dataSet not typed yet (the proposal's contract), shown under the dataSet box. */
export const DATA_SET_FIRST = "Type the form's dataSet first: KHIS is read by it";

type Props = {
  form: KhisForm;
  /** The KHIS server the county connected (its host), or null. */
  server: string | null;
  canConfigure: boolean;
  /** What the form shows now, typed or saved. */
  values: KhisValues;
  dirty: boolean;
  /** The form is saving: nothing else starts meanwhile. */
  busy: boolean;
  /** A message for the dataSet box (the server's English; the box says it in the reader's language). */
  onDataSetError: (message: string) => void;
  /** The saved identifiers changed under the form (confirmed or imported): it starts again from them. */
  onReplaced: (saved?: KhisSettings) => void;
};

export function KhisTools({ form, server, canConfigure, values, dirty, busy, onDataSetError, onReplaced }: Props) {
  const { t } = useTranslation();
  const fetchMutation = useFetchKhisProposal();
  const [proposal, setProposal] = useState<KhisProposal | null>(null);
  const [importing, setImporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fetching = fetchMutation.isPending;

  const fetchFromKhis = () => {
    setFailure(null);
    const dataSet = values.dataSet.trim();
    if (!DHIS2_UID.test(dataSet)) return onDataSetError(dataSet === '' ? DATA_SET_FIRST : 'The dataSet is a DHIS2 identifier: a letter and ten letters or digits');
    fetchMutation.mutate(
      { form, dataSet },
      {
        onSuccess: setProposal,
        onError: (error) => {
          const onBox = error instanceof ApiError ? error.fieldErrors().dataSet : undefined;
          if (onBox) onDataSetError(onBox);
          else setFailure(errorText(t, error));
        },
      },
    );
  };

  return (
    <div className="grid gap-2 rounded-md border p-3" data-testid="khis-tools">
      <div className="flex flex-wrap gap-2">
        {canConfigure ? (
          <>
            <Button size="sm" onClick={fetchFromKhis} disabled={!server || fetching || busy} aria-describedby="khis-fetch-hint">
              {fetching ? <Loader2 aria-hidden="true" className="animate-spin" /> : <CloudDownload aria-hidden="true" />}
              {fetching ? t('reportsSettings.khis.tools.fetching') : t('reportsSettings.khis.tools.fetch')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setImporting(true)} disabled={dirty || busy} aria-describedby={dirty ? 'khis-import-hint' : undefined}>
              <FileUp aria-hidden="true" />
              {t('reportsSettings.khis.tools.import')}
            </Button>
          </>
        ) : null}
        <Button size="sm" variant="outline" asChild>
          <a href={khisCsvPath(form)} download aria-describedby="khis-export-hint">
            <FileDown aria-hidden="true" />
            {t('reportsSettings.khis.tools.export')}
          </a>
        </Button>
      </div>
      {canConfigure ? (
        <p id="khis-fetch-hint" className="text-xs text-muted-foreground">
          {server ? t('reportsSettings.khis.tools.fetchHint', { server }) : t('reportsSettings.khis.tools.notConnected')}
        </p>
      ) : null}
      {canConfigure && dirty ? (
        <p id="khis-import-hint" className="text-xs text-muted-foreground">
          {t('reportsSettings.khis.tools.importBlocked')}
        </p>
      ) : null}
      <p id="khis-export-hint" className="text-xs text-muted-foreground">
        {t('reportsSettings.khis.tools.exportHint', { form })}
      </p>
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive p-2 text-sm text-destructive">
          {failure}
        </p>
      ) : null}

      <Suspense fallback={null}>
        {proposal ? (
          <KhisProposalDialog
            proposal={proposal}
            current={values}
            server={server ?? ''}
            onClose={() => setProposal(null)}
            onSaved={(saved) => {
              setProposal(null);
              onReplaced(saved);
            }}
          />
        ) : null}
        {importing ? <KhisImportDialog form={form} onImported={() => onReplaced()} onClose={() => setImporting(false)} /> : null}
      </Suspense>
    </div>
  );
}
