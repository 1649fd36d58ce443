import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CurrentUser } from '../../shared/auth';
import { clearStoredDemoUser, currentUserQuery, readStoredDemoUser, type StoredDemoUser } from '../features/auth';

export type AuthState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: CurrentUser | null; display: StoredDemoUser };

/**
 * SPEC.md §4: authenticated when the current-user call returns a user, or while it loads when a demo user is
 * stored locally (the shell draws at once on a slow link). When the server says nobody is signed in, the stored
 * demo user is cleared rather than trusted: every screen behind it would only get 401s.
 */
export function useAuth(): AuthState {
  const query = useQuery(currentUserQuery);
  const signedOut = query.data === null;
  useEffect(() => {
    if (signedOut) clearStoredDemoUser();
  }, [signedOut]);
  if (query.data) return { status: 'authenticated', user: query.data, display: query.data };
  const stored = readStoredDemoUser();
  if (signedOut) return { status: 'anonymous' };
  if (stored) return { status: 'authenticated', user: null, display: stored };
  return query.isPending ? { status: 'loading' } : { status: 'anonymous' };
}
