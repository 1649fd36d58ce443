// Whose books a finance reader asks for (issue 14): one facility, a sub-county's facilities, or everything their
// grant reaches (the county for the director, her facility for an in-charge). Checked in one place, for the
// statements, the cards, the journals list and the account balances alike.
import { COUNTY_PROFILE } from '../../../shared/county.js';
import { invalid, outOfScope } from '../../core/errors.js';
import type { ServiceContext } from '../../core/context.js';
import { facilityDirectory, findFacility } from '../facilities/index.js';

export type BooksScope = {
  /** null: the whole county (every line, including county-level lines with no facility). */
  facilityIds: number[] | null;
  facilityId: number | null;
  subcounty: string | null;
  label: string;
};

export async function booksScope({ db, scope }: Pick<ServiceContext, 'db' | 'scope'>, q: { facilityId?: number; subcounty?: string }): Promise<BooksScope> {
  if (q.facilityId !== undefined) {
    const f = await findFacility(db, q.facilityId);
    if (!f) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
    if (scope.facilityIds !== null && !scope.facilityIds.includes(f.id)) throw outOfScope('This facility is outside your scope');
    return { facilityIds: [f.id], facilityId: f.id, subcounty: null, label: f.name };
  }
  if (q.subcounty !== undefined) {
    const ids = await facilityDirectory(db).facilitiesIn(q.subcounty);
    if (ids.length === 0) throw invalid([{ path: 'subcounty', message: 'Unknown sub-county' }]);
    if (scope.facilityIds !== null && !ids.every((id) => scope.facilityIds!.includes(id))) throw outOfScope('This sub-county is outside your scope');
    return { facilityIds: ids, facilityId: null, subcounty: q.subcounty, label: `${q.subcounty} Sub-County` };
  }
  if (scope.facilityIds === null) return { facilityIds: null, facilityId: null, subcounty: null, label: `${COUNTY_PROFILE.name} County` };
  if (scope.facilityIds.length === 1) return booksScope({ db, scope }, { facilityId: scope.facilityIds[0]! });
  return { facilityIds: [...scope.facilityIds], facilityId: null, subcounty: null, label: 'Your facilities' };
}
