// Wording shared by the inventory screen and its dialogs, in the reader's language.
import type { TFunction } from 'i18next';
import { MAX_STOCK_VALUE, MOVEMENT_VALUE_MESSAGE, STOCK_VALUE_ROOM_MESSAGE, type StockStatus } from '../../../shared/inventory';
import type { InventoryItem } from '../../../shared/inventory';
import { formatKesExact } from '../../../shared/money';
import type { BadgeProps } from '../../components/ui/badge';
import { ApiError } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { formatNumber } from '../../lib/locale-format';
import { knownMessage } from '../../lib/known-message';

export const STATUS_BADGE: Record<StockStatus, NonNullable<BadgeProps['variant']>> = {
  in_stock: 'success',
  low_stock: 'warning',
  out_of_stock: 'danger',
};

/** "450 tablets" in English, "vidonge 450" in Kiswahili. */
export function quantityText(t: TFunction, count: number, unit: string): string {
  return t('inventory.quantity', { amount: formatNumber(count), unit: t(`units.${unit}`, { defaultValue: unit }) });
}

export function facilityText(t: TFunction, item: Pick<InventoryItem, 'facility'>): string {
  return item.facility === 'Unknown Facility' ? t('common.unknownFacility') : item.facility;
}

const unitCostFormatter = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A unit cost keeps its cents (tablets cost KES 0.50: SPEC.md §2.15 asks for a 0.01 step); totals do not. */
export function formatUnitCost(amount: number): string {
  return unitCostFormatter.format(amount);
}

const INSUFFICIENT = /^Only (\d+) (\w+) in stock: cannot (issue|remove) (\d+)$/;

/**
 * The server speaks English (SPEC.md §5 wording); a known message is shown in the reader's language through the
 * `inventory.validation` map, keyed by the English text (read as a resource: messages may contain ':'), and the
 * ledger's "Only N … in stock" and stock-value refusals are worded again from their numbers.
 */
export function validationText(message: string | undefined): string | undefined {
  if (!message) return message;
  const t = i18n.t.bind(i18n) as TFunction;
  const short = INSUFFICIENT.exec(message);
  if (short) {
    const [, current, unit, action, quantity] = short;
    return t(action === 'issue' ? 'inventory.movement.insufficientIssue' : 'inventory.movement.insufficientRemove', {
      current: quantityText(t, Number(current), unit!),
      quantity: formatNumber(Number(quantity)),
    });
  }
  const room = STOCK_VALUE_ROOM_MESSAGE.exec(message);
  if (room) return t('inventory.movement.valueRoom', { quantity: quantityText(t, Number(room[1]), room[2]!), max: room[3] });
  if (message === MOVEMENT_VALUE_MESSAGE) return t('inventory.movement.movementCeiling', { max: formatKesExact(MAX_STOCK_VALUE) });
  return knownMessage('inventory.validation', message);
}

/** An error as SPEC.md §8 shows it ("status: text"), the text translated when it is a known message. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `${prefix}${validationText(text) ?? text}`;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
