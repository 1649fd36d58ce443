// The parts the procurement forms share: the item lines of a requisition and a purchase order (a catalogue search that
// fills the name, unit and the supplier's price, while any item may still be typed), their running total, and the
// search of the county's staff that names who asked for an order and who sits on an inspection committee.
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CatalogItem } from '../../../shared/procurement';
import { formatKES, multiply, toKes, total, totalOf, tryParseKes, type Total } from '../../../shared/money';
import type { StaffMember } from '../../../shared/staff';
import { Combobox } from '../../components/forms/combobox';
import { fieldAria, FormAlert, FormField } from '../../components/forms/form-field';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { catalogQuery, staffSearchQuery } from './procurement.api';
import { procurementErrorText } from './procurement-labels';

export type Line = { key: number; catalogItemId: string; itemName: string; quantity: string; unit: string; price: string; spec: string };

let nextKey = 1;
export const blankLine = (from: Partial<Omit<Line, 'key'>> = {}): Line => ({ key: nextKey++, catalogItemId: '', itemName: '', quantity: '', unit: '', price: '', spec: '', ...from });

/** Quantity × price of each line typed in full, added up exactly (money.ts); lines not yet typed count nothing. */
export function linesTotal(lines: readonly Line[]): number {
  const parts: Total[] = [];
  for (const l of lines) {
    const price = tryParseKes(l.price.trim());
    const quantity = Number(l.quantity);
    if (price === null || !Number.isSafeInteger(quantity) || quantity < 0) continue;
    parts.push(multiply(total(price), quantity));
  }
  return toKes(totalOf(parts));
}

type LinesProps = {
  id: string;
  lines: Line[];
  /** A line changed; `path` is the box that changed ('items.2.quantity'), whose server message then goes. */
  onChange: (lines: Line[], path: string) => void;
  message: (path: string) => string | undefined;
  /** The contract's names of the price and the specification ('unitPrice' or 'estimatedPrice'). */
  priceKey: string;
  specKey: string;
  priceLabel: string;
  /** The chosen supplier, whose catalogue price a picked item takes. */
  supplierId?: number;
  max: number;
};

export function ItemLines({ id, lines, onChange, message, priceKey, specKey, priceLabel, supplierId, max }: LinesProps) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<Line>, field: string) =>
    onChange(
      lines.map((l, j) => (j === i ? { ...l, ...patch } : l)),
      `items.${i}.${field}`,
    );
  const pick = (i: number, item: CatalogItem) => {
    const price = item.prices.find((p) => p.supplierId === supplierId)?.unitPrice;
    set(i, { catalogItemId: String(item.id), itemName: item.name, unit: item.unit, ...(price === undefined ? {} : { price: String(price) }) }, 'itemName');
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold">{t('procurement.items.title')}</legend>
      {lines.map((line, i) => {
        const fid = (f: string) => `${id}-${line.key}-${f}`;
        const box = (field: keyof Line, name: string, label: string, required: boolean, props: Record<string, unknown>, className: string) => (
          <FormField id={fid(name)} label={label} error={message(`items.${i}.${name}`)} required={required} className={className}>
            <Input
              data-field={`items.${i}.${name}`}
              aria-required={required || undefined}
              {...props}
              {...fieldAria(fid(name), message(`items.${i}.${name}`))}
              value={line[field]}
              onChange={(e) => set(i, { [field]: e.target.value }, name)}
            />
          </FormField>
        );
        return (
          <div key={line.key} role="group" aria-label={t('procurement.items.line', { n: i + 1 })} className="grid gap-3 rounded-md border p-3 sm:grid-cols-12" data-testid="procurement-line">
            <div className="sm:col-span-5">
              <Combobox
                id={fid('itemName')}
                label={t('procurement.items.itemName')}
                required
                hint={line.catalogItemId ? t('procurement.items.fromCatalog') : t('procurement.items.hint')}
                error={message(`items.${i}.itemName`)}
                listLabel={t('procurement.items.found')}
                noMatches={t('procurement.items.noMatches')}
                search={catalogQuery}
                optionKey={(o) => String(o.id)}
                renderOption={(o) => {
                  const own = o.prices.find((p) => p.supplierId === supplierId);
                  return (
                    <span className="grid">
                      <span className="font-medium">{o.name}</span>
                      <span className="text-xs text-muted-foreground">
                        {o.code} · {o.unit}
                        {own ? ` · ${formatKES(own.unitPrice)}` : o.prices[0] ? ` · ${o.prices[0].supplierName} ${formatKES(o.prices[0].unitPrice)}` : ''}
                      </span>
                    </span>
                  );
                }}
                onPick={(o) => pick(i, o)}
                value={line.itemName}
                onValueChange={(v) => set(i, { itemName: v, catalogItemId: '' }, 'itemName')}
                openOnFocus={false}
                errorText={(e) => procurementErrorText(t, e)}
                input={{ 'data-field': `items.${i}.itemName` }}
              />
            </div>
            {box('quantity', 'quantity', t('procurement.items.quantity'), true, { type: 'number', inputMode: 'numeric', min: 1, step: 1 }, 'sm:col-span-2')}
            {box('unit', 'unit', t('procurement.items.unit'), false, { maxLength: 30, placeholder: t('procurement.items.unitPlaceholder') }, 'sm:col-span-2')}
            {box('price', priceKey, priceLabel, true, { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' }, 'sm:col-span-3')}
            {box('spec', specKey, t('procurement.items.specifications'), false, { maxLength: 500 }, 'sm:col-span-10')}
            <div className="flex items-end justify-between gap-2 sm:col-span-2 sm:justify-end">
              <span className="text-sm tabular-nums sm:hidden">{formatKES(linesTotal([line]))}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('procurement.items.remove', { n: i + 1 })}
                disabled={lines.length <= 1}
                onClick={() =>
                  onChange(
                    lines.filter((_, j) => j !== i),
                    'items',
                  )
                }
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </div>
        );
      })}
      <FormAlert message={message('items')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="outline" size="sm" disabled={lines.length >= max} onClick={() => onChange([...lines, blankLine()], 'items')}>
          <Plus aria-hidden="true" />
          {t('procurement.items.add')}
        </Button>
        <p className="text-sm" aria-live="polite">
          <span className="text-muted-foreground">{t('procurement.items.total')}: </span>
          <span className="font-semibold tabular-nums" data-testid="procurement-running-total">
            {formatKES(linesTotal(lines))}
          </span>
        </p>
      </div>
    </fieldset>
  );
}

type PersonProps = {
  id: string;
  label: string;
  hint: string;
  error?: string;
  required?: boolean;
  value: string;
  onValueChange: (text: string) => void;
  onPick: (person: { id: number; name: string }) => void;
  isDisabled?: (person: StaffMember) => boolean;
  dataField?: string;
  /** Stays open after a pick (a committee names several people). */
  stayOpen?: boolean;
};

/** A member of staff found by name in the county's directory. */
export function PersonPicker({ id, label, hint, error, required, value, onValueChange, onPick, isDisabled, dataField, stayOpen }: PersonProps) {
  const { t } = useTranslation();
  return (
    <Combobox
      id={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      listLabel={t('procurement.people.found')}
      noMatches={t('procurement.people.noMatches')}
      search={staffSearchQuery}
      optionKey={(p) => String(p.id)}
      renderOption={(p) => (
        <span className="grid">
          <span className="font-medium">
            {p.firstName} {p.lastName}
          </span>
          <span className="text-xs text-muted-foreground">
            {t(`roles.${p.role}`, { defaultValue: p.role })}
            {p.facilityName ? ` · ${p.facilityName}` : ''}
          </span>
        </span>
      )}
      isDisabled={isDisabled}
      onPick={(p) => onPick({ id: p.id, name: `${p.firstName} ${p.lastName}` })}
      value={value}
      onValueChange={onValueChange}
      stayOpen={stayOpen}
      openOnFocus={false}
      errorText={(e) => procurementErrorText(t, e)}
      input={dataField ? { 'data-field': dataField } : undefined}
    />
  );
}
