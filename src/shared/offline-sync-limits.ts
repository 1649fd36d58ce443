// What the device and the server agree on of a batch (issue 34), free of zod: the device's sync code reads it.
/** The most writes in one batch: a minute's work of a busy desk, a few kilobytes. */
export const SYNC_BATCH_MAX = 50;

/** A write of a batch not tried because the earlier write whose answer it uses was not done: it waits. */
export const SYNC_WAITS_STATUS = 424;

/**
 * An answer that is no answer for a write (the server stopping, overloaded, timing out, or its twin still being
 * handled): the same write, in the same place, next time. The server stops a batch there; the device keeps it waiting.
 */
export function noAnswerYet(status: number, code: unknown): boolean {
  return status >= 500 || status === 408 || status === 429 || code === 'idempotency_in_progress';
}

/** The id a done write's answer made: a record's (`id`), or, for cash taken, its payment's (`payment.id`). */
export function answerId(body: unknown): number | undefined {
  const answer = body as { id?: unknown; payment?: { id?: unknown } } | null;
  const id = answer?.id ?? answer?.payment?.id;
  return typeof id === 'number' ? id : undefined;
}

/**
 * A write's path with its `:field` segment filled by the id of the write it follows (cash behind its invoice);
 * undefined when the path has no such segment, and the id goes in the body's field instead (a visit's patientId).
 */
export function fillPathSegment(path: string, field: string, id: number): string | undefined {
  return path.split('/').includes(`:${field}`) ? path.replace(`/:${field}`, `/${id}`) : undefined;
}
