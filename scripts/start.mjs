// npm start: builds the web client when there is no build or the sources changed since (DESIGN.md §4), then
// runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { clientBuildIsStale } from './client-build.mjs';

if (clientBuildIsStale()) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
