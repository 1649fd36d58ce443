// The session cookie's name: set by the auth module at sign-in, read by the access hook on every request.
export const SESSION_COOKIE = 'afya_session';
