// Who is signed in, as the app asks it when it starts (auth.api.ts currentUserQuery): of GET /api/auth/session, where
// nobody signed in is a 200 (GET /api/auth/user's 401 was logged by the browser on every signed-out page, issue 33
// item 3), and a session that ended for a reason is kept for the sign-in page to say (issue 29 item 7).
import { describe, expect, it } from 'vitest';
import { takeSessionEnd } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { ok, signedIn, StubServer } from '../../test/render-screen';
import { currentUserQuery } from './auth.api';

async function currentUser(server: StubServer) {
  globalThis.fetch = server.fetch as typeof fetch;
  return createQueryClient().fetchQuery(currentUserQuery);
}

describe('the current user', () => {
  it('is the user GET /api/auth/session answers, and never asks GET /api/auth/user', async () => {
    const nurse = signedIn('nurse');
    const server = new StubServer({ '/api/auth/session': ok({ user: nurse }) });
    expect(await currentUser(server)).toEqual(nurse);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/auth/session']);
    expect(takeSessionEnd()).toBeNull();
  });

  it('is nobody (null) when the answer has no user', async () => {
    expect(await currentUser(new StubServer({ '/api/auth/session': ok({ user: null }) }))).toBeNull();
    expect(takeSessionEnd()).toBeNull();
  });

  it('keeps why a session ended for the sign-in page, once', async () => {
    expect(await currentUser(new StubServer({ '/api/auth/session': ok({ user: null, ended: 'revoked' }) }))).toBeNull();
    expect(takeSessionEnd()).toBe('revoked');
    expect(takeSessionEnd()).toBeNull();
  });
});
