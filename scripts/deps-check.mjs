// npm run deps:check (issue 33 item 7): every dependency the server runs with, then every one the build, the tests
// and the browser bundle use, each with the version installed and how far it is behind the newest release, as
// `npm outdated` reads them from the registry. `npm audit` cannot reach its advisory service from the county's
// machines; this list is what a reviewer checks instead: a runtime dependency a major release behind is a decision
// to record, a minor or patch behind one to update.
//
//   npm run deps:check            print both lists; exit 0
//   npm run deps:check -- --strict  also exit 1 when a runtime dependency is behind at all
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const strict = process.argv.includes('--strict');
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// npm outdated exits 1 when anything is outdated: that is its answer, not a failure. No JSON means it could not ask.
const outdatedRun = spawnSync('npm', ['outdated', '--json', '--long'], { encoding: 'utf8' });
let outdated;
try {
  outdated = JSON.parse(outdatedRun.stdout || '{}');
} catch {
  console.error(`npm outdated gave no answer (is the npm registry reachable?):\n${outdatedRun.stderr}`);
  process.exit(2);
}
if (outdated.error) {
  console.error(`npm outdated could not read the registry: ${outdated.error.summary ?? JSON.stringify(outdated.error)}`);
  process.exit(2);
}
const installed = JSON.parse(execFileSync('npm', ['ls', '--depth=0', '--json'], { encoding: 'utf8' })).dependencies ?? {};

const parts = (version) => version.split(/[.+-]/).slice(0, 3).map(Number);

/** How far `current` is behind `latest`: "up to date", or the highest part that differs and by how much. */
function behind(current, latest) {
  if (!latest || current === latest) return 'up to date';
  const [a, b] = [parts(current), parts(latest)];
  const names = ['major', 'minor', 'patch'];
  for (let i = 0; i < 3; i++) {
    if (b[i] > a[i]) return `${b[i] - a[i]} ${names[i]}${b[i] - a[i] > 1 ? (i === 2 ? 'es' : 's') : ''} behind`;
    if (b[i] < a[i]) return 'ahead of latest';
  }
  return 'up to date';
}

function section(title, names) {
  const rows = names.sort().map((name) => {
    const current = installed[name]?.version ?? 'not installed';
    const info = outdated[name];
    const latest = info?.latest ?? current;
    return { name, current, wanted: info?.wanted ?? current, latest, status: current === 'not installed' ? 'not installed' : behind(current, latest) };
  });
  const width = (key, min) => Math.max(min, ...rows.map((r) => r[key].length));
  const cols = [
    ['name', 'Package'],
    ['current', 'Installed'],
    ['wanted', 'In range'],
    ['latest', 'Latest'],
    ['status', 'Behind'],
  ].map(([key, label]) => ({ key, label, width: width(key, label.length) }));
  console.log(`\n${title} (${rows.length})`);
  console.log(cols.map((c) => c.label.padEnd(c.width)).join('  '));
  for (const r of rows) console.log(cols.map((c) => r[c.key].padEnd(c.width)).join('  '));
  return rows;
}

const runtime = section('Runtime: the server runs with these', Object.keys(manifest.dependencies ?? {}));
const dev = section('Build, tests and the browser bundle', Object.keys(manifest.devDependencies ?? {}));
const late = (rows) => rows.filter((r) => r.status !== 'up to date' && r.status !== 'ahead of latest');
console.log(`\n${late(runtime).length} of ${runtime.length} runtime and ${late(dev).length} of ${dev.length} other dependencies are behind their latest release.`);
if (strict && late(runtime).length > 0) process.exit(1);
