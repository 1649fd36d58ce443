// Whether the web client must be built again: no build yet, or a source newer than it. `npm start`
// (scripts/start.mjs) and `npm run bench:web` (bench/web.ts) both ask before they serve it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILT = 'dist/client/index.html';
const SOURCES = ['src/client', 'src/shared', 'vite.config.ts', 'scripts/locale-namespaces.ts', 'scripts/boot-shell.ts', 'scripts/offline-shell.ts', 'scripts/app-icons.ts', 'scripts/precompress.mjs', 'package-lock.json'];

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

/** `root`: the repository (the working directory by default). */
export function clientBuildIsStale(root = '.') {
  const built = join(root, BUILT);
  return !existsSync(built) || newest(SOURCES.map((p) => join(root, p))) > statSync(built).mtimeMs;
}
