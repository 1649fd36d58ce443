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

/** What was thrown and what it wraps: the error, its cause, its cause's cause… (objects only, at most `depth`). */
export function causeChain(error: unknown, depth = 5): object[] {
  const chain: object[] = [];
  for (let e = error; e && typeof e === 'object' && chain.length < depth; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/**
 * A short, harmless code for why something failed (ECONNREFUSED, a SQLSTATE), as " (CODE)", or '' when there is
 * none: for an answer anyone may read (readyz, where heavy reads go); the details go to the log.
 */
export function codeSuffix(error: unknown): string {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]{2,32}$/.test(code)) return ` (${code})`;
  }
  return '';
}

/** `within` gave up waiting: code ETIMEDOUT, as a socket's own timeout says it. */
export class TimedOut extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`no answer within ${ms / 1000} s`);
  }
}

/** `work`, or TimedOut once `ms` have passed (the work itself is not cancelled). */
export async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(ms)), ms).unref();
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
