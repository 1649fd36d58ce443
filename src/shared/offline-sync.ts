// The outbox sent in batches (issue 34): a device back from a dropped link sends what it kept, in order, a batch at a
// time — over a 400 ms rural link 200 writes one request each would take more than a minute of round trips alone.
// Each write of a batch is done by the server as the request it stands for (POST /api/sync, core/sync-batch.ts):
// its own Idempotency-Key and Recorded-At, the same access checks, answered as that request would be.
import { z } from 'zod';
import { SYNC_BATCH_MAX } from './offline-sync-limits.js';

export { SYNC_BATCH_MAX, SYNC_WAITS_STATUS } from './offline-sync-limits.js';

export const syncWriteSchema = z
  .object({
    method: z.enum(['POST', 'PATCH'], { error: 'Method must be POST or PATCH' }),
    path: z
      .string({ error: 'Path is required' })
      .max(200, 'Path must be at most 200 characters')
      // A segment `:field` is filled from `use` (a payment on an invoice raised in the same batch).
      .regex(/^\/api\/[A-Za-z0-9\-/:]+$/, 'Path must be an API path'),
    idempotencyKey: z.string({ error: 'Idempotency key is required' }).regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency key must be 1 to 255 visible characters'),
    recordedAt: z.string({ error: 'Recorded at is required' }).max(40, 'Recorded at must be at most 40 characters'),
    body: z.record(z.string(), z.unknown()),
    /**
     * Fields that take the id of an earlier write's answer in the same batch: of the body (a visit's patient,
     * registered just before), or a `:field` segment of the path (a cash payment's invoice, raised just before).
     */
    use: z.record(z.string().max(40), z.number().int().min(0).max(SYNC_BATCH_MAX)).optional(),
  })
  .strict();
export type SyncWrite = z.infer<typeof syncWriteSchema>;

export const syncBatchSchema = z
  .object({ writes: z.array(syncWriteSchema).min(1, 'Send at least one write').max(SYNC_BATCH_MAX, `Send at most ${SYNC_BATCH_MAX} writes at a time`) })
  .strict()
  .superRefine((batch, ctx) => {
    batch.writes.forEach((write, i) => {
      for (const [field, from] of Object.entries(write.use ?? {}))
        if (from >= i) ctx.addIssue({ code: 'custom', path: ['writes', i, 'use', field], message: 'A write can use only the answer of a write before it' });
      for (const [, field] of write.path.matchAll(/\/:([^/]*)/g))
        if (!field || write.use?.[field] === undefined) ctx.addIssue({ code: 'custom', path: ['writes', i, 'path'], message: 'A :field of the path must be filled by use' });
    });
  });
export type SyncBatch = z.infer<typeof syncBatchSchema>;

/** Each write's answer, in order; fewer than the writes when the server stopped (the rest had no answer: send them again). */
export const syncAnswerSchema = z.object({
  results: z.array(z.object({ status: z.number(), body: z.unknown(), replayed: z.boolean() })),
});
export type SyncAnswer = z.infer<typeof syncAnswerSchema>;
