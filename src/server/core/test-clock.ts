// The browser journeys' clock (issue 15: "the patient is checked in the next day"): with CLOCK_CONTROL on (never in
// production; env.ts refuses it), POST /api/test/clock moves the server's clock — what every route and job reads as
// now — by whole days, and back. Without it the route does not exist.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { open } from './access.js';
import { ok } from './http.js';

export type ShiftableClock = { now: () => Date; setOffsetDays(days: number): void; offsetDays(): number };

/** The machine's clock, moved on by a whole number of days. */
export function shiftableClock(base: () => Date = () => new Date()): ShiftableClock {
  let days = 0;
  return {
    now: () => new Date(base().getTime() + days * 86_400_000),
    setOffsetDays: (d) => {
      days = d;
    },
    offsetDays: () => days,
  };
}

export function registerTestClock(app: FastifyInstance, clock: ShiftableClock): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/test/clock',
    {
      config: open('CLOCK_CONTROL only (the browser journeys; refused in production): moves the clock by days'),
      schema: {
        body: z.object({ offsetDays: z.number().int().min(-366).max(366) }).strict(),
        response: ok(z.object({ offsetDays: z.number(), now: z.string() })),
      },
    },
    async (request) => {
      clock.setOffsetDays(request.body.offsetDays);
      return { offsetDays: clock.offsetDays(), now: clock.now().toISOString() };
    },
  );
}
