// The sidebar's icon for each module with a link (SPEC.md §2.4); the links themselves come from the manifest
// (app/modules.ts). Kept with the shell so the landing page does not carry them.
import {
  Activity,
  BarChart3,
  Building2,
  Calculator,
  CalendarDays,
  CreditCard,
  FileText,
  LayoutDashboard,
  Package,
  Settings,
  Shield,
  ShoppingCart,
  Users,
  UserSquare,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { MODULES } from '../../../shared/modules';

type NavModuleId = Extract<(typeof MODULES)[number], { screen: { nav: object } }>['id'];

export const NAV_ICONS: Record<NavModuleId, LucideIcon> = {
  dashboard: LayoutDashboard,
  patients: Users,
  appointments: CalendarDays,
  referrals: Activity,
  billing: CreditCard,
  revenue: BarChart3,
  accounting: Calculator,
  payroll: Wallet,
  procurement: ShoppingCart,
  staff: UserSquare,
  inventory: Package,
  reports: FileText,
  facilities: Building2,
  access: Shield,
  system: Settings,
};
