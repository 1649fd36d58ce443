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

// node-postgres queues a second query given to a connection that is still running one, and warns that pg 9 will
// refuse it: inside a transaction (one connection), statements must run one after another, never in Promise.all.
// The warning is turned into a failure here, so that the PostgreSQL suite finds any such place.
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
    throw new Error(`A query was given to a connection still running another (Promise.all inside a transaction?): ${warning.message}`);
  }
});
