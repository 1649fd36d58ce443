// The shell's Current Facility (SPEC.md §2.4): the user's own facility by default, else id 1; the choice scopes
// the dashboard and survives a reload. 0 means the whole county.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

const STORAGE_KEY = 'afya.facilityId';
export const COUNTY_WIDE = 0;

type SelectedFacility = { facilityId: number; setFacilityId: (id: number) => void };
const Context = createContext<SelectedFacility | null>(null);

function stored(): number | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const n = raw === null ? NaN : Number(raw);
    return Number.isInteger(n) && n >= 0 ? n : null;
  } catch {
    return null;
  }
}

export function SelectedFacilityProvider({ defaultFacilityId, children }: { defaultFacilityId: number | null; children: ReactNode }) {
  const [facilityId, setState] = useState<number>(() => stored() ?? defaultFacilityId ?? 1);
  const setFacilityId = useCallback((id: number) => {
    setState(id);
    try {
      localStorage.setItem(STORAGE_KEY, String(id));
    } catch {
      // the choice lasts for this visit only
    }
  }, []);
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
