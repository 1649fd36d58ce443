// A command-line tool run as an operator runs it (`npm run db:seed`, `npm run db:migrate -- --dry-run`), in a
// directory of one's choice (an earlier release's worktree, in the upgrade test), with the settings a test gives and
// no others: a developer's own DATABASE_URL or DATA_DIR must never reach it. PATH and HOME pass through, to find npm
// and node.
import { spawn } from 'node:child_process';

export type CommandRun = { code: number | null; stdout: string; stderr: string; ms: number };

/** Runs `command` in `cwd`; resolves when it exits, whatever its exit code, and rejects past `timeoutMs`. */
export function runCommand(cwd: string, command: string[], settings: Record<string, string>, timeoutMs: number): Promise<CommandRun> {
  const env: Record<string, string> = { ...settings };
  for (const name of ['PATH', 'HOME', 'TMPDIR']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  const started = Date.now();
  // A process group of its own (detached), so that a run past its time is killed whole: npm, and tsx under it.
  const child = spawn(command[0]!, command.slice(1), { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`${command.join(' ')} in ${cwd} took longer than ${timeoutMs / 1000} s; its output so far:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** `npm run <script> -- <args>` in `cwd`. */
export function runNpmScript(cwd: string, script: string, args: string[], settings: Record<string, string>, timeoutMs: number): Promise<CommandRun> {
  return runCommand(cwd, ['npm', 'run', '--silent', script, ...(args.length ? ['--', ...args] : [])], settings, timeoutMs);
}
