// The client's zod never compiles a parser with `new Function`, not even to find out whether it may (a CSP
// violation on the page: issue 33 item 3), once lib/zod-jitless.ts has run, as main.tsx runs it first.
import { afterEach, describe, expect, it } from 'vitest';

const RealFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = RealFunction;
});

/** Counts `new Function(…)` (zod's probe and its compiled parsers) while `run` builds and parses schemas. */
async function functionsBuilt(run: () => Promise<void>): Promise<number> {
  let built = 0;
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args: string[]) {
      built += 1;
      return new target(...args);
    },
  });
  await run();
  return built;
}

describe('zod in the web client', () => {
  it('is jitless: object schemas built and parsed after lib/zod-jitless.ts never construct a Function', async () => {
    await import('./zod-jitless');
    const built = await functionsBuilt(async () => {
      const { z } = await import('zod');
      const { config } = await import('zod/v4/core');
      expect(config().jitless).toBe(true);
      const schema = z.object({ name: z.string().min(1), visits: z.array(z.object({ at: z.string(), fee: z.number() })) });
      for (let i = 0; i < 3; i++) expect(schema.parse({ name: 'Nekesa', visits: [{ at: '2026-02-11', fee: 200 }] }).name).toBe('Nekesa');
    });
    expect(built).toBe(0);
  });
});
