// "Fetch from KHIS", reviewed (issue 29 item 2): each row of the form with what KHIS's dataSet proposes for it — by
// code, by name, or nothing — for the officer to untick or change before anything is saved. Confirming saves the
// form whole with the mapping's own save (PUT /api/moh/khis, source "khis"): the ticked rows as chosen, the others as
// the form shows them, and the dataSet KHIS was read by. Loaded when a proposal arrives, not with the screen.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateKhisMappingSchema, type KhisMatch, type KhisProposal, type KhisSettings } from '../../../../shared/moh';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { FormDialog, FormDialogFooter } from '../../../components/ui/form-dialog';
import { NativeSelect } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { formatNumber } from '../../../lib/locale-format';
import { cn } from '../../../lib/utils';
import { khisValuesOf, rowsSent, type KhisValues } from './khis-form';
import { changedRows, clashes, confirmedValues, initialPicks, type Pick } from './khis-proposal';
import { useSaveKhisMapping } from './reports-settings.api';
import { errorText } from './settings-labels';

type Props = {
  proposal: KhisProposal;
  /** What the form shows now (saved or typed): the rows left unticked keep it. */
  current: KhisValues;
  /** The KHIS server read (its host). */
  server: string;
  onClose: () => void;
  onSaved: (saved: KhisSettings) => void;
};

const MATCH_BADGE: Record<KhisMatch | 'chosen', NonNullable<BadgeProps['variant']>> = { code: 'success', name: 'info', none: 'outline', chosen: 'secondary' };

export function KhisProposalDialog({ proposal, current, server, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const mutation = useSaveKhisMapping();
  const [picks, setPicks] = useState<Pick[]>(() => initialPicks(proposal, current));
  const [failure, setFailure] = useState<string | null>(null);
  const pending = mutation.isPending;
  const refs = proposal.rows.map((r) => ({ key: r.key, label: r.label }));

  const next = confirmedValues(proposal, current, picks);
  const clashing = clashes(next, proposal.defaultCategoryOptionCombo);
  const ticked = picks.filter((p) => p.ticked && p.choice >= 0).length;
  const count = (m: KhisMatch) => formatNumber(proposal.rows.filter((r) => r.match === m).length);
  const blocked = ticked === 0 ? t('reportsSettings.khis.proposal.nothing') : clashing.size > 0 ? t('reportsSettings.khis.proposal.clashes') : null;

  // One list of KHIS's values for every row's select (React reuses the elements).
  const options = useMemo(
    () =>
      proposal.candidates.map((c, i) => (
        <option key={`${c.dataElement}/${c.categoryOptionCombo ?? ''}`} value={i}>
          {`${c.name} · ${c.dataElement}${c.categoryOptionCombo ? `/${c.categoryOptionCombo}` : ''}`}
        </option>
      )),
    [proposal.candidates],
  );

  const pick = (i: number, change: Partial<Pick>) => setPicks((prev) => prev.map((p, j) => (j === i ? { ...p, ...change } : p)));

  const save = () => {
    setFailure(null);
    // The rows left unticked are saved as the form shows them: a box typed wrong there stops the save here.
    const input = updateKhisMappingSchema.safeParse({ ...next, source: 'khis' });
    if (!input.success) return setFailure(t('reportsSettings.khis.proposal.invalid'));
    mutation.mutate(input.data, {
      onSuccess: (saved) => {
        toast({
          title: t('reportsSettings.khis.proposal.savedTitle'),
          description: t('reportsSettings.khis.savedBody', { form: saved.form, sent: formatNumber(rowsSent(khisValuesOf(saved).rows)), total: formatNumber(saved.rows.length) }),
        });
        onSaved(saved);
      },
      onError: (error) => setFailure(errorText(t, error, refs)),
    });
  };

  return (
    <FormDialog
      pending={pending}
      onClose={onClose}
      className="max-w-4xl"
      title={t('reportsSettings.khis.proposal.title', { form: proposal.form })}
      description={t('reportsSettings.khis.proposal.description', {
        name: proposal.dataSetName,
        dataSet: proposal.dataSet,
        server,
        code: count('code'),
        byName: count('name'),
        none: count('none'),
      })}
    >
      <div className="grid min-w-0 gap-3">
        <p className="text-sm text-muted-foreground">{t('reportsSettings.khis.proposal.keep', { dataSet: proposal.dataSet, changed: formatNumber(changedRows(current, next)) })}</p>
        <div role="region" aria-label={t('reportsSettings.khis.proposal.caption', { form: proposal.form })} tabIndex={0} className="max-h-[55vh] overflow-auto rounded-md border">
          <table className="w-full min-w-[36rem] text-sm">
            <thead className="sticky top-0 z-10 bg-muted text-left text-xs">
              <tr>
                <th scope="col" className="w-12 px-2 py-2 font-semibold">
                  {t('reportsSettings.khis.proposal.use')}
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  {t('reportsSettings.khis.row')}
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  {t('reportsSettings.khis.proposal.match')}
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  {t('reportsSettings.khis.proposal.value')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {proposal.rows.map((row, i) => {
                const p = picks[i]!;
                const proposed = proposal.candidates.findIndex((c) => row.proposed && c.dataElement === row.proposed.dataElement && (c.categoryOptionCombo ?? '') === (row.proposed.categoryOptionCombo ?? ''));
                const match = p.choice !== proposed ? 'chosen' : row.match;
                const now = current.rows[i];
                const clash = p.ticked && clashing.has(i);
                return (
                  <tr key={row.key} data-testid="khis-proposal-row" className={cn(!p.ticked && 'text-muted-foreground')}>
                    <td className="px-2 py-1.5 align-top">
                      <input
                        type="checkbox"
                        className="mt-2 h-4 w-4"
                        checked={p.ticked && p.choice >= 0}
                        disabled={pending || p.choice < 0}
                        aria-label={t('reportsSettings.khis.proposal.useFor', { label: row.label })}
                        onChange={(e) => pick(i, { ticked: e.target.checked })}
                      />
                    </td>
                    <th scope="row" className="px-2 py-1.5 text-left align-top font-normal">
                      <span className="text-foreground">{row.label}</span>
                      <span className="block font-mono text-xs text-muted-foreground">
                        {now?.dataElement.trim() ? t('reportsSettings.khis.proposal.now', { value: now.dataElement.trim() }) : t('reportsSettings.khis.proposal.nowBlank')}
                      </span>
                    </th>
                    <td className="px-2 py-1.5 align-top">
                      <Badge variant={MATCH_BADGE[match]}>{t(`reportsSettings.khis.proposal.matches.${match}`)}</Badge>
                    </td>
                    <td className="px-2 py-1.5 align-top">
                      <NativeSelect
                        className="h-9 w-full min-w-[14rem] text-xs"
                        value={p.choice}
                        disabled={pending}
                        aria-label={t('reportsSettings.khis.proposal.valueFor', { label: row.label })}
                        aria-invalid={clash || undefined}
                        onChange={(e) => {
                          const choice = Number(e.target.value);
                          pick(i, { choice, ticked: choice >= 0 });
                        }}
                      >
                        <option value={-1}>{t('reportsSettings.khis.proposal.none')}</option>
                        {options}
                      </NativeSelect>
                      {clash ? <p className="mt-1 text-xs text-destructive">{t('reportsSettings.khis.proposal.clash')}</p> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        {blocked ? (
          <p className="text-sm text-muted-foreground" id="khis-proposal-blocked">
            {blocked}
          </p>
        ) : null}
      </div>
      <FormDialogFooter
        pending={pending}
        onCancel={onClose}
        onAction={save}
        disabled={blocked !== null}
        action={t('reportsSettings.khis.proposal.confirm', { count: ticked, n: formatNumber(ticked), form: proposal.form })}
        running={t('reportsSettings.khis.saving')}
      />
    </FormDialog>
  );
}
