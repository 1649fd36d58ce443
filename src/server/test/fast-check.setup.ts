// Every Vitest file loads this (vitest.config.ts, setupFiles). A failing property's report names its seed and the
// path to the smallest counterexample ("{ seed: 1234, path: "5:2:0" }"); FC_SEED=1234 runs every property from
// that seed, which replays the failure and its shrinking: FC_SEED=1234 npx vitest run <file> -t '<test name>'.
// (The path cannot be set globally; to jump straight to the counterexample, pass { seed, path } to that fc.assert.)
import fc from 'fast-check';

const seed = process.env.FC_SEED;
if (seed !== undefined && seed !== '') {
  if (!/^-?\d+$/.test(seed)) throw new Error(`FC_SEED must be the integer seed a fast-check report printed, not "${seed}"`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(seed) });
}
