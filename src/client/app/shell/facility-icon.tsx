import { Building2, Home, Hospital } from 'lucide-react';
import { facilityKind } from '../../features/facilities';

/** SPEC.md §2.4/§2.5: one icon for hospitals (level 5+), one for health centres (3–4), one for dispensaries. */
export function FacilityIcon({ level, className }: { level: number; className?: string }) {
  const kind = facilityKind(level);
  const Icon = kind === 'hospital' ? Hospital : kind === 'health_centre' ? Building2 : Home;
  return <Icon aria-hidden="true" className={className ?? 'h-4 w-4'} data-kind={kind} />;
}
