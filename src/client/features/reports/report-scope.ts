// Who a report (or a monthly schedule) is for: one facility, every facility of a sub-county, or the county — as far
// as the signed-in role's reports:generate grant reaches (shared/access/permissions.ts: a records officer or a
// facility in-charge their own facility, a sub-county medical officer his sub-county, the director the county).
// The server decides (403 beyond the grant); the form only offers what it would accept.
import { SUBCOUNTIES } from '../../../shared/county';
import type { Place, Scope } from '../../../shared/access';
import { addDays } from '../../../shared/county-time';
import { lastDayOfMonth } from '../../../shared/moh';

export type ScopeChoice = 'facility' | 'subcounty' | 'county';

/** The scope part of a generate or schedule form, as typed (selects hold text). */
export type ScopeValues = { scope: ScopeChoice; facilityId: string; subcounty: string };

export type FacilityLike = { id: number; name: string; subcounty: string };

/** The scopes a grant may choose from, narrowest first. */
export function scopeChoices(grant: Scope | null): ScopeChoice[] {
  if (grant === 'county') return ['facility', 'subcounty', 'county'];
  if (grant === 'subcounty') return ['facility', 'subcounty'];
  if (grant === 'facility') return ['facility'];
  return [];
}

/** The facilities a grant may generate for, in the list's order. */
export function reachableFacilities<F extends FacilityLike>(facilities: readonly F[] | undefined, grant: Scope | null, place: Place): F[] {
  if (!facilities) return [];
  if (grant === 'county') return [...facilities];
  if (grant === 'subcounty') return facilities.filter((f) => place.subcounty !== null && f.subcounty === place.subcounty);
  if (grant === 'facility') return facilities.filter((f) => f.id === place.facilityId);
  return [];
}

/** The sub-counties a grant may generate for. */
export function reachableSubcounties(grant: Scope | null, place: Place): string[] {
  if (grant === 'county') return [...SUBCOUNTIES];
  if (grant === 'subcounty' && place.subcounty) return [place.subcounty];
  return [];
}

/**
 * Where a new form starts: the facility the list is filtered to when the grant reaches it, else the user's own
 * facility, else (the county's director over no facility) the county.
 */
export function initialScope(grant: Scope | null, place: Place, reachable: readonly FacilityLike[], preferred: number | undefined): ScopeValues {
  const facility = reachable.find((f) => f.id === preferred) ?? reachable.find((f) => f.id === place.facilityId) ?? reachable[0];
  if (facility) return { scope: 'facility', facilityId: String(facility.id), subcounty: place.subcounty ?? '' };
  if (grant === 'county') return { scope: 'county', facilityId: '', subcounty: '' };
  return { scope: 'facility', facilityId: place.facilityId ? String(place.facilityId) : '', subcounty: place.subcounty ?? '' };
}

/** The scope as the API takes it: exactly one of facilityId, subcounty and county. */
export function scopeBody(v: ScopeValues): { facilityId?: number | string; subcounty?: string; county?: boolean } {
  if (v.scope === 'county') return { county: true };
  if (v.scope === 'subcounty') return { subcounty: v.subcounty };
  return { facilityId: v.facilityId === '' ? '' : Number(v.facilityId) };
}

/** 'YYYY-MM' of the month before the county day `today` ('YYYY-MM-DD'). */
export function previousMonth(today: string): string {
  return addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
}

/** The days a range report starts with: last month's, whole (no register covers more than 31 days). */
export function defaultRange(today: string): { startDate: string; endDate: string } {
  const month = previousMonth(today);
  return { startDate: `${month}-01`, endDate: lastDayOfMonth(month) };
}

/**
 * Whether a grant reaches what a schedule (or a report) covers: its facility, its sub-county (the server's label
 * "Butula Sub-county") or the county ("All Facilities").
 */
export function scheduleInReach(s: { facilityId: number | null; scope: string }, grant: Scope | null, place: Place, facilities: readonly FacilityLike[] | undefined): boolean {
  if (grant === null) return false;
  if (grant === 'county') return true;
  if (s.facilityId !== null) return reachableFacilities(facilities, grant, place).some((f) => f.id === s.facilityId);
  const subcounty = /^(.+) Sub-county$/.exec(s.scope)?.[1];
  return grant === 'subcounty' && subcounty !== undefined && subcounty === place.subcounty;
}
