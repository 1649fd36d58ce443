// Typed errors thrown by services and mapped to responses by one handler (STYLE.md rule 3).

/**
 * A message as a key and its facts (issue 30 item 8): `<module>.<name>` and the figures and words it is made of, so
 * the client words it in the reader's language (`<module>.serverMessages.<name>` in its locale files); the English
 * `message` beside it stays for logs, files and any other reader.
 */
export type MessageText = { key: string; facts: Record<string, string | number> };
export type FieldIssue = { path: string; message: string } & Partial<MessageText>;

/** A message in English with its key and facts: a field issue's body, or what `refused` answers. */
export type Said = MessageText & { message: string };
export const said = (key: string, facts: MessageText['facts'], message: string): Said => ({ key, facts, message });

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly issues?: FieldIssue[],
    readonly headers?: Record<string, string>,
    readonly text?: MessageText,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 401s say "Unauthorized": the client relies on it to send a logged-out user to sign-in (SPEC.md §8). */
export const unauthorized = (message = 'Unauthorized: please sign in') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden: your role may not do this') => new AppError(403, 'forbidden', message);
/** Permitted by role, refused by scope: the record or facility is beyond the actor's reach (DESIGN.md §7). */
export const outOfScope = (message: string) => new AppError(403, 'out_of_scope', message.startsWith('Forbidden') ? message : `Forbidden: ${message[0]!.toLowerCase()}${message.slice(1)}`);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, issues?: FieldIssue[], text?: MessageText) => new AppError(409, 'conflict', message, issues, undefined, text);
/** A 409 whose message carries its key and facts. */
export const conflictSaid = ({ message, key, facts }: Said) => conflict(message, undefined, { key, facts });
/** A 403 from a role check whose message carries its key and facts (its English starts "Forbidden: "). */
export const forbiddenSaid = ({ message, key, facts }: Said) => new AppError(403, 'forbidden', message, undefined, undefined, { key, facts });
/** A 403 from a scope check (outOfScope) whose message carries its key and facts (its English starts "Forbidden: "). */
export const outOfScopeSaid = ({ message, key, facts }: Said) => new AppError(403, 'out_of_scope', message, undefined, undefined, { key, facts });
export const tooManyAttempts = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'too_many_attempts', message, undefined, { 'Retry-After': String(retryAfterSeconds) });
export const invalid = (issues: FieldIssue[]) =>
  new AppError(400, 'invalid_input', issues.map((i) => i.message).join('; '), issues);
