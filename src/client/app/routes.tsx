// SPEC.md §2.1 route table. Every screen is its own chunk, so a rural link downloads only what it opens
// (DESIGN.md §1.5, §10).
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { rememberReturnPath } from '../features/auth/auth.api';
import { ScreenErrorBoundary } from '../components/error-boundary';
import { SelectedFacilityProvider } from './selected-facility';
import { SplashScreen } from './splash-screen';
import { useAuth, type AuthState } from './auth';

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const LandingPage = page(() => import('../features/auth/landing-page'), 'LandingPage');
const DemoPage = page(() => import('../features/auth/demo-page'), 'DemoPage');
const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
const ChangePasswordPage = lazy(() => import('../features/auth/change-password-page').then((m) => ({ default: m.ChangePasswordPage })));
const NotFoundPage = page(() => import('../features/not-found/not-found-page'), 'NotFoundPage');
const AppShell = lazy(() => import('../components/layout/app-shell').then((m) => ({ default: m.AppShell })));
const DashboardPage = page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const PatientsPage = page(() => import('../features/patients/patients-page'), 'PatientsPage');
const FacilitiesPage = page(() => import('../features/facilities/facilities-page'), 'FacilitiesPage');
const SystemTestPage = page(() => import('../features/system-test/system-test-page'), 'SystemTestPage');
const BillingPage = page(() => import('../features/billing/billing-page'), 'BillingPage');
const RevenuePage = page(() => import('../features/revenue/revenue-page'), 'RevenuePage');
const ReferralsPage = page(() => import('../features/referrals/referrals-page'), 'ReferralsPage');
const InventoryPage = page(() => import('../features/inventory/inventory-page'), 'InventoryPage');
const StaffPage = page(() => import('../features/staff/staff-page'), 'StaffPage');
const PlannedScreen = lazy(() => import('../features/placeholder/planned-screen').then((m) => ({ default: m.PlannedScreen })));

/** Screens of the route table not built yet (the finance screens and MOH reports): titled, honest placeholders. */
const PLANNED = ['accounting', 'payroll', 'procurement', 'reports'] as const;
const isPlanned = (screen: string): screen is (typeof PLANNED)[number] => (PLANNED as readonly string[]).includes(screen);

function PageFallback() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <div className="h-8 w-64 animate-pulse rounded-md bg-muted" />
      <div className="h-32 w-full animate-pulse rounded-md bg-muted" />
      <div className="h-64 w-full animate-pulse rounded-md bg-muted" />
    </div>
  );
}

function Shell({ auth, children }: { auth: Extract<AuthState, { status: 'authenticated' }>; children: ReactNode }) {
  // An account still on its temporary password (Staff Management) chooses its own before any screen.
  if (auth.user?.mustChangePassword) return <ChangePasswordPage email={auth.user.email} firstName={auth.user.firstName} />;
  return (
    <SelectedFacilityProvider userId={auth.user?.id ?? null} defaultFacilityId={auth.user?.facilityId ?? null}>
      <Suspense fallback={<SplashScreen />}>
        <AppShell auth={auth}>
          <ScreenErrorBoundary>
            <Suspense fallback={<PageFallback />}>{children}</Suspense>
          </ScreenErrorBoundary>
        </AppShell>
      </Suspense>
    </SelectedFacilityProvider>
  );
}

/** A signed-out visit to a screen: sign in first, then come back to it (the path only; never a query string). */
function ToSignIn() {
  const [location] = useLocation();
  rememberReturnPath(location);
  return <Redirect to="/login" replace />;
}

export function AppRoutes() {
  const auth = useAuth();
  if (auth.status === 'loading') return <SplashScreen />;
  const shell = (content: ReactNode) => (auth.status === 'authenticated' ? <Shell auth={auth}>{content}</Shell> : <ToSignIn />);
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<SplashScreen />}>
        <Switch>
          <Route path="/demo" component={DemoPage} />
          <Route path="/login">{auth.status === 'authenticated' ? <Redirect to="/" replace /> : <LoginPage />}</Route>
          <Route path="/">{auth.status === 'authenticated' ? <Shell auth={auth}><DashboardPage /></Shell> : <LandingPage />}</Route>
          <Route path="/patients">{shell(<PatientsPage />)}</Route>
          <Route path="/facilities">{shell(<FacilitiesPage />)}</Route>
          <Route path="/system-test">{shell(<SystemTestPage />)}</Route>
          <Route path="/billing">{shell(<BillingPage />)}</Route>
          <Route path="/revenue">{shell(<RevenuePage />)}</Route>
          <Route path="/referrals">{shell(<ReferralsPage />)}</Route>
          <Route path="/inventory">{shell(<InventoryPage />)}</Route>
          <Route path="/staff">{shell(<StaffPage />)}</Route>
          {/* One route for every planned screen: keyed routes would remount the shell on each move between them. */}
          <Route path="/:screen">{(params) => (isPlanned(params.screen) ? shell(<PlannedScreen screen={params.screen} />) : <NotFoundPage />)}</Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
