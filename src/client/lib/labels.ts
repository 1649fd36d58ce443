// Translated labels for the shared value lists (roles, levels, statuses): one place, so every screen words them alike.
import type { TFunction } from 'i18next';
import { ROLES } from '../../shared/access';

/** SPEC.md §6/§8: an unknown role shows its raw value. */
export function roleName(t: TFunction, role: string | null | undefined): string {
  if (!role) return t('roles.nurse');
  return (ROLES as readonly string[]).includes(role) ? t(`roles.${role}`) : role;
}

/** SPEC.md §3 level meanings: 2 Dispensary … 6 National Referral Hospital. */
export function levelName(t: TFunction, level: number): string {
  return t(`facilityLevels.${level}`, { defaultValue: t('facilityLevels.level', { level }) });
}

export function facilityStatusName(t: TFunction, status: string): string {
  return t(`facilityStatus.${status}`, { defaultValue: status });
}

/** A person's name as they write it: first, middle (when they have one) and last. */
export function personName(p: { firstName: string; middleName?: string | null; lastName: string }): string {
  return [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
}
