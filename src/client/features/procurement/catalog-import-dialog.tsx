// Import Catalog (SPEC.md §2.11's button): a supplier's price list or KEMSA's product list as CSV (code, name,
// category, unit, pack_size, unit_price). First whose list it is and the date its prices hold from; then the shared
// CSV import — a preview naming every wrong line, and nothing written on any error — with the new items marked.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOG_COLUMNS, MAX_CATALOG_CSV, type Supplier } from '../../../shared/procurement';
import { countVars, CsvImportDialog, type CsvImportText } from '../../components/forms/csv-import-dialog';
import { FormField } from '../../components/forms/form-field';
import { ScrollTable } from '../../components/data/table-parts';
import { Badge } from '../../components/ui/badge';
import { FormDialog, FormDialogFooter } from '../../components/ui/form-dialog';
import { DateInput } from '../../components/ui/date-input';
import { NativeSelect } from '../../components/ui/input';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatNumber } from '../../lib/locale-format';
import { suppliersQuery, useImportCatalog } from './procurement.api';
import { formatPrice, procurementErrorText, procurementMessage } from './procurement-labels';

export function CatalogImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const suppliers = useQuery(suppliersQuery());
  const [supplierId, setSupplierId] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [chosen, setChosen] = useState<Supplier | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (chosen) return <CatalogCsv supplier={chosen} effectiveFrom={effectiveFrom} onClose={onClose} />;
  return (
    <FormDialog pending={false} onClose={onClose} title={t('procurement.catalog.title')} description={t('procurement.catalog.chooseSupplier')}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const supplier = suppliers.data?.find((s) => String(s.id) === supplierId);
          if (supplier) setChosen(supplier);
          else setError(procurementMessage('Supplier is required'));
        }}
      >
        <FormField id="cat-supplier" label={t('procurement.create.supplier')} error={error} required>
          <NativeSelect id="cat-supplier" aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={error ? 'cat-supplier-error' : undefined} value={supplierId} onChange={(e) => {
              setSupplierId(e.target.value);
              setError(undefined);
            }}>
            <option value="">{suppliers.data ? t('procurement.create.choose') : t('common.loading')}</option>
            {suppliers.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="cat-from" label={t('procurement.catalog.effectiveFrom')}>
          <DateInput id="cat-from" value={effectiveFrom} onChange={setEffectiveFrom} />
          <p className="text-xs text-muted-foreground">{t('procurement.catalog.effectiveHint')}</p>
        </FormField>
        <FormDialogFooter pending={false} onCancel={onClose} action={t('procurement.catalog.next')} running={t('procurement.working')} />
      </form>
    </FormDialog>
  );
}

function CatalogCsv({ supplier, effectiveFrom, onClose }: { supplier: Supplier; effectiveFrom: string; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useImportCatalog(supplier.id, effectiveFrom);
  const text: CsvImportText = (key, count) => t(`procurement.catalog.${key}`, { supplier: supplier.name, ...(count === undefined ? {} : countVars(count)) });
  return (
    <CsvImportDialog
      id="procurement-catalog"
      columns={CATALOG_COLUMNS}
      maxChars={MAX_CATALOG_CSV}
      text={text}
      ready={(p) => p.rows.length}
      mutation={mutation}
      issueText={(m) => procurementMessage(m) ?? m}
      errorText={(e) => procurementErrorText(t, e)}
      onClose={onClose}
    >
      {(preview) => (
        <ScrollTable label={t('procurement.catalog.caption')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('procurement.catalog.line')}</TableHead>
              <TableHead>{t('procurement.catalog.code')}</TableHead>
              <TableHead>{t('procurement.items.itemName')}</TableHead>
              <TableHead>{t('procurement.items.unit')}</TableHead>
              <TableHead className="text-right">{t('procurement.catalog.packSize')}</TableHead>
              <TableHead className="text-right">{t('procurement.items.unitPrice')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.rows.map((r) => (
              <TableRow key={r.line}>
                <TableCell>{r.line}</TableCell>
                <TableCell className="whitespace-nowrap">{r.code}</TableCell>
                <TableCell>
                  {r.name} {r.isNew ? <Badge variant="info">{t('procurement.catalog.new')}</Badge> : null}
                </TableCell>
                <TableCell>{r.unit}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(r.packSize)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatPrice(r.unitPrice)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
    </CsvImportDialog>
  );
}
