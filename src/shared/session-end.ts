// Why a session ended without its holder signing out (issue 29 item 7): the 401 that follows says so in its code
// (`session_<reason>`), and the sign-in page tells the person in their language. A file of its own, free of zod:
// the client's entry reads it on every 401, and must stay within the landing page's weight.
export const SESSION_END_REASONS = ['expired', 'idle', 'revoked', 'deactivated', 'access_changed', 'password_changed', 'demo_closed'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  expired: 'Unauthorized: your session reached its time limit. Please sign in again.',
  idle: 'Unauthorized: your session ended after a time without use. Please sign in again.',
  revoked: 'Unauthorized: an administrator ended your session. Please sign in again.',
  deactivated: 'Unauthorized: your account has been deactivated. Ask your staff manager.',
  access_changed: 'Unauthorized: your role or facility was changed. Please sign in again.',
  password_changed: 'Unauthorized: your password was changed. Please sign in with the new one.',
  demo_closed: 'Unauthorized: demo sign-in is switched off on this server.',
};
/** The 401 code of a session that ended for `reason`. */
export const sessionEndCode = (reason: SessionEndReason) => `session_${reason}` as const;
/** The reason in a 401's code, if it is one of a session that ended. */
export function sessionEndReasonOf(code: string | undefined): SessionEndReason | null {
  const reason = code?.startsWith('session_') ? code.slice('session_'.length) : null;
  return reason && (SESSION_END_REASONS as readonly string[]).includes(reason) ? (reason as SessionEndReason) : null;
}
