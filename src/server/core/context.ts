// Who acts, and what every service is given (STYLE.md rule 3; Medplum's "data access always knows who acts").
import type { Role, Scope } from '../../shared/access/index.js';
import type { Db } from '../db/client.js';

/**
 * The signed-in user a session resolves to. The auth module, which resolves sessions, adds its account fields
 * (declaration merging); infrastructure needs only these.
 */
export interface SessionUser {
  id: number;
  role: string;
  facilityId: number | null;
  /** The sub-county of the user's facility: a sub-county medical officer's scope. */
  subcounty: string | null;
  mustChangePassword: boolean;
  /** When the session began: work captured offline is not older (core/recorded-at.ts). */
  sessionStartedAt?: Date;
}

/** Who is acting: a signed-in member of staff, where they work (their scope is measured from it), and their address. */
export type Actor = {
  id: number;
  role: Role;
  facilityId: number | null;
  subcounty: string | null;
  ip: string | null;
  /** When the write happened, for work captured offline and sent later (core/recorded-at.ts): audited beside its arrival. */
  recordedAt?: Date;
};

/** A server-to-server caller with no user (Safaricom's callback, the M-Pesa simulator): an address at most. */
export type SystemCaller = { id: null; ip: string | null };

/**
 * How far a request may reach, from the actor's grant of the route's permission: the county, or a list of
 * facilities (their own, or their sub-county's). Lists filter by it; single records were checked by the hook.
 */
export type FacilityScope = { scope: Scope; facilityIds: readonly number[] | null };
export const COUNTY_WIDE: FacilityScope = { scope: 'county', facilityIds: null };

/** What every service takes: the database (or the caller's transaction), who acts, how far, and the county clock. */
export type ServiceContext = {
  db: Db;
  actor: Actor;
  scope: FacilityScope;
  now: () => Date;
  /** When work captured offline reached the server (its `now` is when it happened); unset for a write made as it arrives. */
  arrivedAt?: Date;
};
