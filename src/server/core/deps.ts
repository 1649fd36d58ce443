// What buildApp is built from, and what each module's routes receive.
import type { Db } from '../db/client.js';
import type { Config } from '../env.js';

export type AppDeps = {
  db: Db;
  config: Config;
  /** The clock: tests pin it so "today" is the same on every run. */
  now: () => Date;
  /** Where logs go (standard output when unset); tests read them to prove what never gets logged. */
  logStream?: { write(line: string): void };
  /**
   * The background job runner (core/jobs.ts), when the server runs one: a route that enqueued a job kicks it to
   * start now rather than at its next poll. Tests run jobs themselves (TestContext.runJobs).
   */
  jobs?: { kick(): void };
  /** With CLOCK_CONTROL (the browser journeys): the clock `now` reads, which POST /api/test/clock moves. */
  testClock?: import('./test-clock.js').ShiftableClock;
};
