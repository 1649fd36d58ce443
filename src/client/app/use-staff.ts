// Who is at the desk: their role (to hide what it cannot do, DESIGN.md §7), their own facility and its sub-county.
import { useAuth } from './auth';
import { can, type Permission } from '../../shared/access';

export function useStaff(): { role: string; facilityId: number | null; subcounty: string | null; may: (p: Permission) => boolean } {
  const auth = useAuth();
  const role = auth.status === 'authenticated' ? auth.display.role : '';
  const facilityId = auth.status === 'authenticated' ? (auth.user?.facilityId ?? null) : null;
  const subcounty = auth.status === 'authenticated' ? (auth.user?.subcounty ?? null) : null;
  return { role, facilityId, subcounty, may: (p) => can(role, p) };
}
