// SPEC.md §2.1 route table. Every screen is its own chunk, so a rural link downloads only what it opens
// (DESIGN.md §1.5, §10).
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { rememberReturnPath } from '../features/auth';
import { ScreenErrorBoundary } from '../components/error-boundary';
import { OfflineBanner } from '../components/offline-banner';
import { SelectedFacilityProvider } from './selected-facility';
import { SplashScreen } from './splash-screen';
import { useAuth, type AuthState } from './auth';
import { CLIENT_MODULES, LIVE_SCREENS, PLANNED_SCREENS } from './modules';

const DashboardPage = CLIENT_MODULES.dashboard.page;

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const LandingPage = page(() => import('../features/auth/landing-page'), 'LandingPage');
const DemoPage = page(() => import('../features/auth/demo-page'), 'DemoPage');
const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
const ChangePasswordPage = lazy(() => import('../features/auth/change-password-page').then((m) => ({ default: m.ChangePasswordPage })));
const NotFoundPage = page(() => import('../features/not-found/not-found-page'), 'NotFoundPage');
/** What this device saved offline and what became of it (issue 34): every signed-in member of staff's, not a module's. */
const SyncPage = page(() => import('../features/sync/sync-page'), 'SyncPage');
const loadShell = () => import('./shell/app-shell');
const AppShell = lazy(() => loadShell().then((m) => ({ default: m.AppShell })));
const PlannedScreen = lazy(() => import('../features/placeholder/planned-screen').then((m) => ({ default: m.PlannedScreen })));

/** The signed-in screens of the route table, from the module manifest; the dashboard is / (below). */
const SHELL_SCREENS = LIVE_SCREENS.filter((s) => s.path !== '/');
const isPlanned = (screen: string) => PLANNED_SCREENS.some((s) => s.path === `/${screen}`);

function PageFallback() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <div className="h-8 w-64 animate-pulse rounded-md bg-muted" />
      <div className="h-32 w-full animate-pulse rounded-md bg-muted" />
      <div className="h-64 w-full animate-pulse rounded-md bg-muted" />
    </div>
  );
}

/** A public screen, or one drawn without the shell: the offline banner above it (the shell has its own). */
function Public({ children }: { children: ReactNode }) {
  return (
    <>
      <OfflineBanner />
      {children}
    </>
  );
}

function Shell({ auth, children }: { auth: Extract<AuthState, { status: 'authenticated' }>; children: ReactNode }) {
  // An account still on its temporary password (Staff Management) chooses its own before any screen.
  if (auth.user?.mustChangePassword) {
    return (
      <Public>
        <ChangePasswordPage email={auth.user.email} firstName={auth.user.firstName} />
      </Public>
    );
  }
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

/**
 * Signed in: the screen's code is fetched with the shell's, not after it (issue 12: on a 3G link each step of a
 * waterfall costs a round trip and more; the shell and the dashboard were two steps, 3 s apart). Imports are
 * fetched once, so asking again on every render costs nothing.
 */
function usePreloadScreen(auth: AuthState): void {
  const [location] = useLocation();
  if (auth.status !== 'authenticated') return;
  void loadShell();
  LIVE_SCREENS.find((s) => s.path === location)?.page.preload();
}

export function AppRoutes() {
  const auth = useAuth();
  usePreloadScreen(auth);
  if (auth.status === 'loading') return <SplashScreen />;
  const shell = (content: ReactNode) => (auth.status === 'authenticated' ? <Shell auth={auth}>{content}</Shell> : <ToSignIn />);
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<SplashScreen />}>
        <Switch>
          <Route path="/demo">
            <Public>
              <DemoPage />
            </Public>
          </Route>
          <Route path="/login">
            {auth.status === 'authenticated' ? (
              <Redirect to="/" replace />
            ) : (
              <Public>
                <LoginPage />
              </Public>
            )}
          </Route>
          <Route path="/">
            {auth.status === 'authenticated' ? (
              <Shell auth={auth}>
                <DashboardPage />
              </Shell>
            ) : (
              <Public>
                <LandingPage />
              </Public>
            )}
          </Route>
          <Route path="/sync">{shell(<SyncPage />)}</Route>
          {SHELL_SCREENS.map(({ path, page: Page }) => (
            <Route key={path} path={path}>
              {shell(<Page />)}
            </Route>
          ))}
          {/* One route for every planned screen: keyed routes would remount the shell on each move between them. */}
          <Route path="/:screen">
            {(params) =>
              isPlanned(params.screen) ? (
                shell(<PlannedScreen screen={params.screen} />)
              ) : (
                <Public>
                  <NotFoundPage />
                </Public>
              )
            }
          </Route>
          <Route>
            <Public>
              <NotFoundPage />
            </Public>
          </Route>
        </Switch>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
