// Wording shared by the inventory screen and its dialogs, in the reader's language.
import type { TFunction } from 'i18next';
import {
  BATCH_SHORT_MESSAGE,
  EXPIRED_BATCH_MESSAGE,
  MAX_STOCK_VALUE,
  MOVEMENT_VALUE_MESSAGE,
  STOCK_VALUE_ROOM_MESSAGE,
  USABLE_STOCK_MESSAGE,
  type BatchStatus,
  type StockStatus,
  type WriteOffStatus,
} from '../../../shared/inventory';
import type { InventoryItem } from '../../../shared/inventory';
import { formatKesExact } from '../../../shared/money';
import type { BadgeProps } from '../../components/ui/badge';
import { ApiError } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { knownMessage } from '../../lib/known-message';

export const STATUS_BADGE: Record<StockStatus, NonNullable<BadgeProps['variant']>> = {
  in_stock: 'success',
  low_stock: 'warning',
  out_of_stock: 'danger',
};

/** A batch's expiry: the two that need a look carry a badge; the others none. */
export const BATCH_BADGE: Partial<Record<BatchStatus, NonNullable<BadgeProps['variant']>>> = { expired: 'danger', near_expiry: 'warning' };

export const WRITE_OFF_BADGE: Record<WriteOffStatus, NonNullable<BadgeProps['variant']>> = { pending: 'warning', approved: 'success', rejected: 'secondary' };

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

/**
 * The server speaks English (SPEC.md §5 wording); a known message is shown in the reader's language through the
 * `inventory.validation` map, keyed by the English text (read as a resource: messages may contain ':'), and the
 * batch and stock-value refusals are worded again from their numbers. "Only N … in stock" comes with its key and
 * facts, worded by the API client (lib/server-text.ts).
 */
export function validationText(message: string | undefined): string | undefined {
  if (!message) return message;
  const t = i18n.t.bind(i18n) as TFunction;
  const expired = EXPIRED_BATCH_MESSAGE.exec(message);
  if (expired) return t('inventory.movement.expiredBatch', { batch: expired[1], date: formatDate(expired[2]!) });
  const usable = USABLE_STOCK_MESSAGE.exec(message);
  if (usable) {
    const [, count, unit, inStock, quantity] = usable;
    return t('inventory.movement.usableShort', { usable: quantityText(t, Number(count), unit!), inStock: formatNumber(Number(inStock)), quantity: formatNumber(Number(quantity)) });
  }
  const batchShort = BATCH_SHORT_MESSAGE.exec(message);
  if (batchShort) {
    const [, available, unit, batch, verb, quantity] = batchShort;
    const key = verb === 'issue' ? 'batchShortIssue' : verb === 'remove' ? 'batchShortRemove' : 'batchShortWriteOff';
    return t(`inventory.movement.${key}`, { available: quantityText(t, Number(available), unit!), batch, quantity: formatNumber(Number(quantity)) });
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
