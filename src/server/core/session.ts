// The session cookie: set by the auth module at sign-in, read by the access hook on every request.
export const SESSION_COOKIE = 'afya_session';

/**
 * The session cookie's name and Secure flag. In production its name carries the `__Host-` prefix (issue 33 item 6):
 * a browser keeps such a cookie only when it is Secure, has Path=/ and no Domain, so no sibling host of the county's
 * domain, and no page served over plain HTTP, can set or overwrite a session. Elsewhere (a laptop on http://localhost,
 * the tests) it is the plain name, Secure when the request came over HTTPS.
 */
export function sessionCookie(nodeEnv: 'development' | 'production' | 'test'): { name: string; secure: boolean | 'auto' } {
  return nodeEnv === 'production' ? { name: `__Host-${SESSION_COOKIE}`, secure: true } : { name: SESSION_COOKIE, secure: 'auto' };
}
