// Importing a bank or M-Pesa statement: its kind, account, facility and CSV (a file or pasted), the balances it
// states; a preview with every problem by its line, then the import, which auto-matches what it can.
import { useQuery } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_CSV_COLUMNS, MPESA_CSV_COLUMNS, RECONCILABLE_ACCOUNTS, STATEMENT_KINDS, type BankStatementKind, type StatementPreview } from '../../../shared/accounting';
import { scopeOf, reaches } from '../../../shared/access';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { Input, NativeSelect } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { CsvSourceField } from '../../components/forms/csv-source-field';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { accountingError } from './accounting-labels';
import { accountsQuery, useImportStatement, usePreviewStatement } from './accounting.api';
import { money } from './reconciliation-labels';

export function ImportStatementDialog({ onClose, onImported }: { onClose: () => void; onImported: (id: number) => void }) {
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
    <FormDialog pending={pending} onClose={onClose} title={t('accounting.recon.importTitle')} description={t('accounting.recon.importHint')} className="max-w-3xl">
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
        <CsvSourceField
          id="recon"
          className="grid gap-4 sm:col-span-3"
          rows={5}
          columns={kind === 'bank' ? BANK_CSV_COLUMNS : MPESA_CSV_COLUMNS}
          csv={csv}
          disabled={pending}
          onChange={(text, name) => {
            if (name !== null) setFilename(name);
            changed(setCsv)(text);
          }}
        />
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
    </FormDialog>
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
