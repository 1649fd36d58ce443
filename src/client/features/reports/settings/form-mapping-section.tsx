// The MOH 705A/705B rows in the form's order, each with where its count comes from and the ICD-11 codes that feed
// it (domain/REPORTING.md: the code → row mapping is the county's data). A search finds a row by number or name,
// or by a code in it, or by a code its prefix covers. An HMIS role adds a code to a row and removes one (saying why).
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ListTree, Plus, SearchX, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOH_FORMS, type MappingRow, type MohForm, type RowCode } from '../../../../shared/moh';
import { EmptyState } from '../../../components/data/empty-state';
import { SearchField } from '../../../components/data/filter-bar';
import { ListError } from '../../../components/data/list-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/locale-format';
import { cn } from '../../../lib/utils';
import { AddCodeDialog } from './add-code-dialog';
import { FormSwitch } from './form-switch';
import { RemoveCodeDialog } from './remove-code-dialog';
import { mappingsQuery } from './reports-settings.api';
import { codeText, codeTitle, errorText, filterRows, SOURCE_BADGE, takesCodes, type RowMatch } from './settings-labels';

/** Codes a closed row shows before "+N more": most rows have one to four. */
const CHIPS_SHOWN = 6;
/** Extension codes a chip names before "+N". */
const EXTENSIONS_SHOWN = 3;

export function FormMappingSection({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<MohForm>('705A');
  const [search, setSearch] = useState('');
  const rows = useQuery(mappingsQuery(form));
  const matches = useMemo(() => filterRows(rows.data ?? [], search), [rows.data, search]);
  const [adding, setAdding] = useState<MappingRow | null>(null);
  const [removing, setRemoving] = useState<{ row: MappingRow; code: RowCode } | null>(null);
  const searchId = useId();

  return (
    <section aria-labelledby={`${searchId}-title`} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-1">
        <h2 id={`${searchId}-title`} className="text-lg font-semibold">
          {t('reportsSettings.mapping.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('reportsSettings.mapping.intro')}</p>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <FormSwitch label={t('reportsSettings.mapping.formSwitch')} forms={MOH_FORMS} value={form} onChange={setForm} />
        <SearchField
          id={searchId}
          label={t('reportsSettings.mapping.search')}
          className="grid min-w-0 flex-[1_1_16rem] gap-1.5"
          placeholder={t('reportsSettings.mapping.searchPlaceholder')}
          autoComplete="off"
          maxLength={100}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>

      {rows.error ? (
        <ListError message={t('common.loadError', { message: errorText(t, rows.error) })} onRetry={() => void rows.refetch()} retrying={rows.isFetching} />
      ) : rows.isPending ? (
        <MappingSkeleton />
      ) : rows.data.length === 0 ? (
        <EmptyState icon={ListTree} title={t('reportsSettings.mapping.emptyTitle')} hint={t('reportsSettings.mapping.emptyHint', { form })} />
      ) : matches.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={t('reportsSettings.mapping.noMatchTitle')}
          hint={t('reportsSettings.mapping.noMatchHint', { search: search.trim(), form })}
          action={
            <Button variant="outline" onClick={() => setSearch('')}>
              {t('reportsSettings.mapping.clearSearch')}
            </Button>
          }
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {search.trim()
              ? t('reportsSettings.mapping.countFiltered', { shown: formatNumber(matches.length), total: formatNumber(rows.data.length), form })
              : t('reportsSettings.mapping.count', { total: formatNumber(rows.data.length), form })}
          </p>
          <ol className="grid grid-cols-[minmax(0,1fr)] divide-y rounded-md border" aria-label={t('reportsSettings.mapping.rowsLabel', { form })}>
            {matches.map((m) => (
              <MappingRowItem
                key={m.row.key}
                match={m}
                searching={search.trim() !== ''}
                canConfigure={canConfigure}
                onAdd={() => setAdding(m.row)}
                onRemove={(code) => setRemoving({ row: m.row, code })}
              />
            ))}
          </ol>
        </>
      )}

      <AddCodeDialog form={form} row={adding} rows={rows.data ?? []} onClose={() => setAdding(null)} />
      <RemoveCodeDialog form={form} target={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

type RowProps = { match: RowMatch; searching: boolean; canConfigure: boolean; onAdd: () => void; onRemove: (code: RowCode) => void };

function MappingRowItem({ match: { row, codes: matched }, searching, canConfigure, onAdd, onRemove }: RowProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  // While searching, every code of a found row shows, so a matching code is never behind "+N more".
  const all = open || searching;
  const shown = all ? row.codes : row.codes.slice(0, CHIPS_SHOWN);
  const hidden = row.codes.length - shown.length;
  const expandable = Boolean(row.note) || row.codes.length > CHIPS_SHOWN;
  const label = `${row.row}. ${row.label}`;

  return (
    <li data-testid="mapping-row" aria-label={label} className="px-2 py-2.5 sm:px-4">
      <div className="flex items-start gap-2 sm:gap-3">
        <span className="w-7 shrink-0 pt-0.5 text-right font-mono text-sm tabular-nums text-muted-foreground" aria-hidden="true">
          {row.row}
        </span>
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-2">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="text-sm font-semibold">
              <span className="sr-only">{t('reportsSettings.mapping.rowNumber', { row: row.row })} </span>
              {row.label}
            </h3>
            <Badge variant={SOURCE_BADGE[row.source]} data-testid="row-source">
              {t(`reportsSettings.sources.${row.source}`)}
            </Badge>
          </div>
          {row.codes.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label={t('reportsSettings.mapping.codesOf', { label: row.label })}>
              {shown.map((code) => (
                <CodeChip key={code.id} code={code} highlighted={matched?.has(code.id) ?? false} removable={canConfigure} rowLabel={row.label} onRemove={() => onRemove(code)} />
              ))}
              {hidden > 0 ? (
                <li>
                  <button
                    type="button"
                    className="rounded-full border border-dashed px-2.5 py-1 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() => setOpen(true)}
                  >
                    {t('reportsSettings.mapping.moreCodes', { count: hidden })}
                  </button>
                </li>
              ) : null}
            </ul>
          ) : (
            <p className="text-xs text-muted-foreground">{takesCodes(row) ? t('reportsSettings.mapping.noCodes') : t(`reportsSettings.sourceHints.${row.source}`)}</p>
          )}
          {open && row.note ? (
            <p id={detailsId} className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
              <span className="font-semibold text-foreground">{t('reportsSettings.mapping.note')}: </span>
              {row.note}
            </p>
          ) : (
            <span id={detailsId} hidden />
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {canConfigure && takesCodes(row) ? (
            <Button variant="outline" size="sm" onClick={onAdd} aria-label={t('reportsSettings.mapping.addCodeTo', { label })}>
              <Plus aria-hidden="true" />
              <span className="hidden sm:inline">{t('reportsSettings.mapping.addCode')}</span>
            </Button>
          ) : null}
          {expandable ? (
            <Button
              variant="ghost"
              size="icon"
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={t(open ? 'reportsSettings.mapping.hideDetails' : 'reportsSettings.mapping.showDetails', { label })}
              onClick={() => setOpen((o) => !o)}
            >
              <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

type ChipProps = { code: RowCode; highlighted: boolean; removable: boolean; rowLabel: string; onRemove: () => void };

function CodeChip({ code, highlighted, removable, rowLabel, onRemove }: ChipProps) {
  const { t } = useTranslation();
  const title = codeTitle(code);
  const extensions = code.withExtension ?? [];
  const extensionText =
    extensions.length > EXTENSIONS_SHOWN ? `${extensions.slice(0, EXTENSIONS_SHOWN).join(', ')} +${extensions.length - EXTENSIONS_SHOWN}` : extensions.join(', ');
  const full = [
    code.match === 'prefix' ? t('reportsSettings.mapping.prefixLong', { code: code.code }) : code.code,
    title,
    extensions.length > 0 ? t('reportsSettings.mapping.withExtension', { codes: extensions.join(', ') }) : '',
  ]
    .filter(Boolean)
    .join(' — ');
  return (
    <li
      data-testid="code-chip"
      title={full}
      className={cn(
        'inline-flex min-w-0 max-w-full items-center gap-1.5 rounded-full border bg-muted/60 py-0.5 pl-2.5 text-xs',
        removable ? 'pr-0.5' : 'pr-2.5',
        highlighted && 'border-primary bg-accent text-accent-foreground',
      )}
    >
      <span className="shrink-0 font-mono font-semibold" aria-hidden="true">
        {codeText(code)}
      </span>
      <span className="sr-only">{full}</span>
      {title ? (
        <span className="min-w-0 truncate" aria-hidden="true">
          {title}
        </span>
      ) : null}
      {extensions.length > 0 ? (
        <span className="min-w-0 truncate rounded-sm bg-background px-1 font-mono text-[0.7rem]" aria-hidden="true">
          {t('reportsSettings.mapping.withExtensionShort', { codes: extensionText })}
        </span>
      ) : null}
      {removable ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('reportsSettings.mapping.removeCode', { code: codeText(code), label: rowLabel })}
          className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-destructive/10 hover:text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden="true" className="h-3.5 w-3.5" />
        </button>
      ) : null}
    </li>
  );
}

function MappingSkeleton() {
  return (
    <div className="grid divide-y rounded-md border" data-testid="mapping-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex gap-3 p-3">
          <Skeleton className="h-4 w-6" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-48 max-w-full" />
            <Skeleton className="h-5 w-64 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
