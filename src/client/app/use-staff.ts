// Who is at the desk: their role (to hide what it cannot do, DESIGN.md §7), their own facility and its sub-county.
import { useAuth } from './auth';
import { can, reaches, scopeOf, type Permission } from '../../shared/access';

type Staff = {
  /** The signed-in user's id, once the server has said who they are (a stored demo user alone has none). */
  id: number | null;
  role: string;
  facilityId: number | null;
  subcounty: string | null;
  may: (p: Permission) => boolean;
  /**
   * Whether the grant of a permission (or of any of several) reaches a facility (its own, its sub-county's, the
   * county's): the server refuses beyond it.
   */
  reaches: (p: Permission | readonly Permission[], facility: { id: number; subcounty: string }) => boolean;
};

export function useStaff(): Staff {
  const auth = useAuth();
  const role = auth.status === 'authenticated' ? auth.display.role : '';
  const id = auth.status === 'authenticated' ? (auth.user?.id ?? null) : null;
  const facilityId = auth.status === 'authenticated' ? (auth.user?.facilityId ?? null) : null;
  const subcounty = auth.status === 'authenticated' ? (auth.user?.subcounty ?? null) : null;
  return {
    id,
    role,
    facilityId,
    subcounty,
    may: (p) => can(role, p),
    reaches: (p, facility) => (typeof p === 'string' ? [p] : p).some((one) => reaches(scopeOf(role, one), { facilityId, subcounty }, facility)),
  };
}
