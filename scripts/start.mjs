// npm start: builds the web client when there is no build or the sources changed since (DESIGN.md §4), then
// runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILT = 'dist/client/index.html';
const SOURCES = ['src/client', 'src/shared', 'vite.config.ts', 'scripts/locale-namespaces.ts', 'package-lock.json'];

/** The newest modification time under the given paths. */
function newest(paths) {
  let latest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    latest = Math.max(latest, stat.isDirectory() ? newest(readdirSync(path).map((name) => join(path, name))) : stat.mtimeMs);
  }
  return latest;
}

if (!existsSync(BUILT) || newest(SOURCES) > statSync(BUILT).mtimeMs) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
