// Sign-in and the current user (SPEC.md §3, §4, §7).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, CurrentUser, DemoAccount, Session, SignedIn } from '../../../shared/auth';
import { apiGet, apiPost, isNetworkFailure, noteSessionEnd } from '../../lib/api-client';
import { loadOffline } from '../../lib/offline-gate';
import type { SimulatedSms } from '../../../shared/appointments';

export type LoginResponse = SignedIn;

/** The locally cached demo user (SPEC.md §3: key demoUser, at least firstName, lastName and role). */
export type StoredDemoUser = Pick<CurrentUser, 'firstName' | 'lastName' | 'role'>;
const DEMO_USER_KEY = 'demoUser';

export function readStoredDemoUser(): StoredDemoUser | null {
  try {
    const raw = localStorage.getItem(DEMO_USER_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredDemoUser>;
    if (typeof value.firstName === 'string' && typeof value.lastName === 'string' && typeof value.role === 'string') {
      return value as StoredDemoUser;
    }
  } catch {
    // fall through: a corrupt entry is removed (SPEC.md §4)
  }
  clearStoredDemoUser();
  return null;
}

export function storeDemoUser(user: CurrentUser): void {
  // Only what the shell needs to draw itself: no email, ID or phone in local storage.
  const stored: StoredDemoUser = { firstName: user.firstName, lastName: user.lastName, role: user.role };
  try {
    localStorage.setItem(DEMO_USER_KEY, JSON.stringify(stored));
  } catch {
    // storage refused: the session cookie still signs the user in
  }
}

export function clearStoredDemoUser(): void {
  try {
    localStorage.removeItem(DEMO_USER_KEY);
  } catch {
    // nothing to clear
  }
}

/**
 * SPEC.md §4: not retried, stale at once, refetched on window focus and on mount. The first answer is the one
 * public/boot.js asked for before the app loaded (lib/api-client.ts takes it once). Asked of GET /api/auth/session,
 * which answers "nobody" with a 200, not GET /api/auth/user's 401 that the browser logs as an error on every
 * signed-out page (issue 33 item 3); a session that ended for a reason is noted for the sign-in page to say.
 */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    let session: Session;
    try {
      session = await apiGet<Session>('/api/auth/session', signal);
    } catch (error) {
      // No network (issue 34): the member of staff whose session this device keeps works on, offline.
      const kept = isNetworkFailure(error) ? await loadOffline().then((m) => m.keptUser(), () => null) : null;
      if (kept) return kept;
      throw error;
    }
    const { user, ended } = session;
    if (ended) noteSessionEnd(ended);
    // Signed in: the device keeps what working offline needs, under the session's key; signed out or ended: nothing.
    void loadOffline().then((m) => (user ? m.prepareOffline(user) : m.endOffline()), () => undefined);
    return user;
  },
  retry: false,
  staleTime: 0,
  gcTime: Infinity,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
});

/** The demo phone: what the SMS simulator "sent" (demo mode only; demo-phone-card.tsx). */
export const demoPhoneQuery = queryOptions({
  queryKey: ['demo', 'phone'],
  queryFn: ({ signal }) => apiGet<SimulatedSms[]>('/api/demo/phone', signal),
});

export const demoAccountsQuery = queryOptions({
  queryKey: ['demo', 'accounts'],
  queryFn: ({ signal }) => apiGet<DemoAccount[]>('/api/demo/accounts', signal),
});

type LoginVariables =
  | { kind: 'password'; email: string }
  | { kind: 'fingerprint'; fingerprintHash: string }
  | { kind: 'face'; faceTemplateHash: string }
  | { kind: 'staff'; email: string; password: string }
  /** The browser's answer to a passkey request (login/options), from startAuthentication. */
  | { kind: 'passkey'; response: unknown };

function loginRequest(v: LoginVariables): Promise<LoginResponse> {
  switch (v.kind) {
    case 'password':
      return apiPost('/api/demo/login', { email: v.email });
    case 'fingerprint':
      return apiPost('/api/demo/biometric/fingerprint', { fingerprintHash: v.fingerprintHash });
    case 'face':
      return apiPost('/api/demo/biometric/face', { faceTemplateHash: v.faceTemplateHash });
    case 'staff':
      return apiPost('/api/auth/login', { email: v.email, password: v.password });
    case 'passkey':
      return apiPost('/api/auth/passkeys/login/verify', { response: v.response });
  }
}

/** Every sign-in: on success the current user is replaced and refetched (SPEC.md §4). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginRequest,
    onSuccess: async (data, variables) => {
      if (variables.kind !== 'staff' && variables.kind !== 'passkey') storeDemoUser(data.user);
      queryClient.setQueryData(currentUserQuery.queryKey, data.user);
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}

/** Choose a new password (the temporary one at first sign-in): the answer is the current user, flag cleared. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiPost<LoginResponse>('/api/auth/password', input),
    onSuccess: (data) => queryClient.setQueryData(currentUserQuery.queryKey, data.user),
  });
}

const RETURN_KEY = 'afya.returnTo';

export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // without storage the user lands on the dashboard
  }
}

/** Where to go after signing in: the screen a signed-out visit asked for (an in-app path only), else /. */
export function takeReturnPath(): string {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    // Only our own paths: "/x", never "//host" or a full URL.
    if (path && /^\/(?!\/)[\w\-/]*$/.test(path)) return path;
  } catch {
    // fall through
  }
  return '/';
}

/**
 * Log out is a browser navigation (SPEC.md §2.4): the server ends the session and returns to /. What the device kept
 * for working offline goes first (issue 34), the writes still waiting with it: the caller has asked (outbox-warning).
 */
export function logOut(): void {
  clearStoredDemoUser();
  void loadOffline()
    .then((m) => m.endOffline())
    .catch(() => undefined)
    .finally(() => window.location.assign('/api/logout'));
}
