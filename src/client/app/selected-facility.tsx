// The shell's Current Facility (SPEC.md §2.4): the user's own facility by default, else id 1; the choice scopes
// the dashboard and survives a reload. 0 means the whole county. The choice is kept per user, so the next person
// at a shared registration desk starts at their own facility.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

const STORAGE_KEY = 'afya.facility';
export const COUNTY_WIDE = 0;

type SelectedFacility = { facilityId: number; setFacilityId: (id: number) => void };
type Choice = { userId: number | null; facilityId: number };
const Context = createContext<SelectedFacility | null>(null);

function storedChoice(): Choice | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Choice> | null;
    if (value && Number.isInteger(value.facilityId) && value.facilityId! >= 0) return { userId: value.userId ?? null, facilityId: value.facilityId! };
  } catch {
    // a corrupt entry is ignored
  }
  return null;
}

type Props = { userId: number | null; defaultFacilityId: number | null; children: ReactNode };

export function SelectedFacilityProvider({ userId, defaultFacilityId, children }: Props) {
  const [choice, setChoice] = useState<Choice | null>(storedChoice);
  // While the current user is still loading (a stored demo user drew the shell), a stored choice stands; once
  // the user is known, only their own choice does, and otherwise their own facility.
  const own = choice && (userId === null || choice.userId === userId) ? choice.facilityId : null;
  const facilityId = own ?? defaultFacilityId ?? 1;
  const setFacilityId = useCallback(
    (id: number) => {
      const next = { userId, facilityId: id };
      setChoice(next);
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // the choice lasts for this visit only
      }
    },
    [userId],
  );
  const value = useMemo(() => ({ facilityId, setFacilityId }), [facilityId, setFacilityId]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useSelectedFacility(): SelectedFacility {
  const value = useContext(Context);
  if (!value) throw new Error('useSelectedFacility outside SelectedFacilityProvider');
  return value;
}

/** The facility filter to send to the API: undefined for the whole county. */
export function scopeOf(facilityId: number): number | undefined {
  return facilityId === COUNTY_WIDE ? undefined : facilityId;
}
