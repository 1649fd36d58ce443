// Importing a bank or M-Pesa statement: its kind, account, facility and file (CSV or XLSX as the bank gives it, or
// pasted CSV), the balances it states. Choosing a file previews it: read with the saved profile its header fits
// ("Read with the KCB profile"), or with columns the officer chooses from its header row — which the import can keep
// as a profile for the bank's next file. Every problem is listed by its line, and nothing is imported while one
// stands; the import auto-matches what it can.
import { useQuery } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BANK_COLUMN_FIELDS,
  MAX_XLSX_BYTES,
  RECONCILABLE_ACCOUNTS,
  STATEMENT_KINDS,
  type BankStatementKind,
  type DateOrder,
  type ImportStatementForm,
  type StatementPreview,
} from '../../../shared/accounting';
import { scopeOf, reaches } from '../../../shared/access';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { FormDialog } from '../../components/ui/form-dialog';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { useStaff } from '../../app/use-staff';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { accountingError, accountName } from './accounting-labels';
import { accountsQuery, useImportStatement, usePreviewStatement } from './accounting.api';
import { emptyColumns, StatementColumns, type ColumnsDraft } from './reconciliation-columns';
import { money } from './reconciliation-labels';

/** The lines the preview lists (a statement may hold 20,000; their totals above count every one). */
const LISTED = 100;

type Source = { csv: string } | { xlsx: string; size: number };

const isXlsx = (file: File) => /\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook's bytes as base64, in chunks (a spread of 700 KB of bytes would overflow the call stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

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
  const [source, setSource] = useState<Source>({ csv: '' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [opening, setOpening] = useState('');
  const [closing, setClosing] = useState('');
  // The columns: found by the server (null), or chosen here from the header row it found.
  const [own, setOwn] = useState<ColumnsDraft | null>(null);
  const [dateOrder, setDateOrder] = useState<DateOrder>('dmy');
  const [saveAs, setSaveAs] = useState('');
  const [headers, setHeaders] = useState<string[]>([]);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const previewing = usePreviewStatement();
  const importing = useImportStatement();
  const pending = previewing.isPending || importing.isPending;
  const error = previewing.error ?? importing.error;
  const csv = 'csv' in source ? source.csv : '';
  const hasFile = 'xlsx' in source || csv.trim() !== '';

  const bodyOf = (from: Source, columns: ColumnsDraft | null): ImportStatementForm => ({
    kind,
    accountCode,
    facilityId: facilityId === '' ? null : Number(facilityId),
    filename: filename || ('xlsx' in from ? 'statement.xlsx' : 'statement.csv'),
    ...('xlsx' in from ? { xlsx: from.xlsx } : { csv: from.csv }),
    openingBalance: opening,
    closingBalance: closing,
    ...(columns
      ? { columns: Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== '')) as ImportStatementForm['columns'], dateOrder, saveProfileAs: saveAs }
      : // The profile the preview read the file with, so the import reads it the same way.
        preview?.profile && !own
        ? { profileId: preview.profile.id }
        : {}),
  });
  const reset = () => {
    setPreview(null);
    previewing.reset();
    importing.reset();
  };
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    reset();
  };
  const runPreview = (from: Source, columns: ColumnsDraft | null) =>
    previewing.mutate(bodyOf(from, columns), {
      onSuccess: (p) => {
        setPreview(p);
        if (p.headers.length) setHeaders(p.headers);
        // No profile fits: the officer chooses the columns from the header row the server found.
        if (!columns && p.issues.some((i) => i.path === 'columns')) setOwn(emptyColumns());
      },
    });
  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    reset();
    setFileError(null);
    setFilename(file.name);
    setOwn(null);
    setHeaders([]);
    if (isXlsx(file)) {
      if (file.size > MAX_XLSX_BYTES) {
        setSource({ csv: '' });
        setFileError(t('accounting.recon.profile.xlsxTooBig', { kb: formatNumber(MAX_XLSX_BYTES / 1000) }));
        return;
      }
      const next = { xlsx: await base64Of(file), size: file.size };
      setSource(next);
      runPreview(next, null);
    } else {
      const next = { csv: await file.text() };
      setSource(next);
      runPreview(next, null);
    }
  };
  const changeColumns = () => {
    const used = preview?.columns;
    setOwn(Object.fromEntries(BANK_COLUMN_FIELDS.map((f) => [f, used?.[f] ?? ''])) as ColumnsDraft);
    if (preview?.dateOrder) setDateOrder(preview.dateOrder);
    reset();
  };
  const nameOf = (code: string) => {
    const a = accounts.data?.find((x) => x.code === code);
    return a ? accountName(a) : '';
  };
  const ready = preview !== null && preview.issues.length === 0 && preview.lines.length > 0;
  const blocked = preview === null ? t('accounting.import.previewFirst') : ready ? null : t('accounting.recon.profile.blocked', { count: preview.issues.length, formatted: formatNumber(preview.issues.length) });

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
              setOwn(null);
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
                {code} {nameOf(code)}
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
        <div className="grid gap-1.5 sm:col-span-3">
          <Label htmlFor="recon-file">{t('accounting.recon.profile.file')}</Label>
          <Input
            id="recon-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={pending}
            aria-describedby="recon-file-hint"
            onChange={(e) => void chooseFile(e.target.files?.[0])}
          />
          <p id="recon-file-hint" className="text-xs text-muted-foreground">
            {'xlsx' in source ? t('accounting.recon.profile.xlsxChosen', { name: filename, kb: formatNumber(Math.ceil(source.size / 1000)) }) : t('accounting.recon.profile.fileHint')}
          </p>
          {fileError ? (
            <p role="alert" className="text-sm text-destructive">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1.5 sm:col-span-3">
          <Label htmlFor="recon-csv">{t('common.csv.paste')}</Label>
          <Textarea
            id="recon-csv"
            rows={4}
            className="font-mono text-xs"
            spellCheck={false}
            value={csv}
            disabled={pending}
            onChange={(e) => {
              changed(setSource)({ csv: e.target.value });
              if ('xlsx' in source) setFilename('');
            }}
          />
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
      {preview?.profile && !own ? (
        <p className="flex flex-wrap items-center gap-x-3 text-sm" data-testid="recon-profile">
          <span>{t('accounting.recon.profile.readWith', { name: preview.profile.name })}</span>
          <Button variant="link" size="sm" className="h-auto px-0" disabled={pending} onClick={changeColumns}>
            {t('accounting.recon.profile.change')}
          </Button>
        </p>
      ) : null}
      {own ? (
        <StatementColumns
          kind={kind}
          headers={headers}
          columns={own}
          dateOrder={dateOrder}
          saveAs={saveAs}
          disabled={pending}
          onColumns={changed(setOwn)}
          onDateOrder={changed(setDateOrder)}
          onSaveAs={changed(setSaveAs)}
        />
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          {accountingError(error)}
        </p>
      ) : null}
      {preview ? <StatementPreviewView preview={preview} /> : null}
      {blocked && hasFile ? (
        <p id="recon-blocked" className="text-sm text-muted-foreground">
          {blocked}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant="outline" disabled={pending || !hasFile} onClick={() => runPreview(source, own)}>
          {t('accounting.import.preview')}
        </Button>
        <Button
          disabled={pending || !ready}
          title={blocked ?? undefined}
          aria-describedby={blocked && hasFile ? 'recon-blocked' : undefined}
          onClick={() =>
            importing.mutate(bodyOf(source, own), {
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
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Fig label={t('accounting.recon.period')} value={p.periodStart && p.periodEnd ? `${formatDate(p.periodStart)} – ${formatDate(p.periodEnd)}` : '—'} />
        <Fig label={t('accounting.recon.lines')} value={formatNumber(p.lines.length)} />
        <Fig label={t('accounting.recon.moneyIn')} value={money(p.totalIn)} />
        <Fig label={t('accounting.recon.moneyOut')} value={money(p.totalOut)} />
        <Fig label={t('accounting.recon.opening')} value={money(p.openingBalance)} />
        <Fig label={t('accounting.recon.closing')} value={money(p.closingBalance)} />
      </dl>
      {p.lines.length > 0 ? (
        <div role="region" aria-label={t('accounting.recon.profile.linesCaption')} tabIndex={0} className="max-h-72 overflow-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <table className="w-full text-xs">
            <caption className="sr-only">{t('accounting.recon.profile.linesCaption')}</caption>
            <thead className="sticky top-0 bg-background">
              <tr className="border-b text-left text-muted-foreground">
                <th className="px-2 py-1.5 font-medium">{t('accounting.import.columnsTable.line')}</th>
                <th className="px-2 py-1.5 font-medium">{t('accounting.recon.columns.date')}</th>
                <th className="px-2 py-1.5 font-medium">{t('accounting.recon.columns.details')}</th>
                <th className="px-2 py-1.5 font-medium">{t('accounting.recon.profile.fields.reference')}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t('accounting.recon.columns.amount')}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t('accounting.recon.profile.fields.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {p.lines.slice(0, LISTED).map((l) => (
                <tr key={l.lineNo} className="border-b last:border-0">
                  <td className="px-2 py-1 tabular-nums">{l.lineNo}</td>
                  <td className="whitespace-nowrap px-2 py-1">{formatDate(l.date)}</td>
                  <td className="min-w-40 px-2 py-1">{l.description}</td>
                  <td className="px-2 py-1">{l.reference ?? '—'}</td>
                  <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">{money(l.amount)}</td>
                  <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">{money(l.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {p.lines.length > LISTED ? <p className="p-2 text-xs text-muted-foreground">{t('accounting.recon.profile.more', { formatted: formatNumber(p.lines.length - LISTED) })}</p> : null}
        </div>
      ) : null}
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
