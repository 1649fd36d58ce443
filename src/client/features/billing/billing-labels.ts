// Billing's wording in the reader's language: statuses, methods, services, insurers, and the server's messages.
import type { TFunction } from 'i18next';
import type { BillingRecord } from '../../../shared/billing';
import type { BadgeProps } from '../../components/ui/badge';
import { ApiError } from '../../lib/api-client';
import { knownMessage } from '../../lib/known-message';

export const STATUS_BADGE: Record<BillingRecord['status'], NonNullable<BadgeProps['variant']>> = {
  paid: 'success',
  pending: 'warning',
  overdue: 'danger',
  processing: 'info',
  cancelled: 'secondary',
};

export const statusName = (t: TFunction, status: string) => t(`billing.status.${status}`, { defaultValue: status });
export const methodName = (t: TFunction, method: string) => t(`billing.methods.${method}`, { defaultValue: method });
export const serviceName = (t: TFunction, service: string) => t(`billing.services.${service}`, { defaultValue: service });
export const providerName = (t: TFunction, provider: string | null | undefined) => (provider ? t(`billing.providers.${provider}`, { defaultValue: provider }) : '');

/**
 * The server and the shared schemas speak English (SPEC.md §5, §8 wording); a known message is shown in the
 * reader's language through the `billing.messages` map, keyed by the English text, any other as it is. The map
 * is read as a resource, not through t(), because the messages contain '.' and ':'. A message with figures comes
 * with its key and facts, worded by the API client from `billing.serverMessages` (lib/server-text.ts).
 */
export function billingMessage(message: string | null | undefined): string | undefined {
  if (!message) return undefined;
  return knownMessage('billing.messages', message);
}

/** An error as SPEC.md §8 shows it ("status: text"), the text translated when it is a known message. */
export function billingError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `${prefix}${billingMessage(text) ?? text}`;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
