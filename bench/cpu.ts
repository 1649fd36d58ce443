// CPU time during the load run (issue 16): the server's processes (the main one and any cluster workers) and
// PostgreSQL's (every process named postgres on this machine: the benchmark's database is the only busy one), read
// from /proc before and after, so the report says how much of the machine's cores each used. Linux only; elsewhere
// the figures are absent, not guessed.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on every Linux the county runs). */
const TICKS = 100;

type Stat = { pid: number; ppid: number; comm: string; cpuSeconds: number };

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields after its closing one are fixed.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const rest = text.slice(close + 2).split(' ');
    // rest[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
    return { pid, ppid: Number(rest[1]), comm, cpuSeconds: (Number(rest[11]) + Number(rest[12])) / TICKS };
  } catch {
    return null; // gone between the listing and the read
  }
}

function allStats(): Stat[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names.filter((n) => /^\d+$/.test(n)).flatMap((n) => readStat(Number(n)) ?? []);
}

/** CPU seconds a process (all its threads) has used so far; null when it is gone or this is not Linux. */
export function processCpuSeconds(pid: number): number | null {
  return process.platform === 'linux' ? (readStat(pid)?.cpuSeconds ?? null) : null;
}

export type CpuSample = { server: number; postgres: number } | null;

/** CPU seconds used so far by the process tree under `serverPid`, and by PostgreSQL's processes. */
export function sampleCpu(serverPid: number | undefined): CpuSample {
  if (process.platform !== 'linux' || serverPid === undefined) return null;
  const stats = allStats();
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  let server = 0;
  const stack = stats.filter((s) => s.pid === serverPid);
  while (stack.length > 0) {
    const s = stack.pop()!;
    server += s.cpuSeconds;
    stack.push(...(children.get(s.pid) ?? []));
  }
  const postgres = stats.filter((s) => s.comm === 'postgres').reduce((sum, s) => sum + s.cpuSeconds, 0);
  return { server, postgres };
}

/** Cores used between two samples over `seconds` of wall time (1 = one core busy the whole time). */
export function coresUsed(before: CpuSample, after: CpuSample, seconds: number): { server: number; postgres: number } | null {
  if (!before || !after || seconds <= 0) return null;
  const r = (n: number) => Math.round((n / seconds) * 100) / 100;
  return { server: r(after.server - before.server), postgres: r(after.postgres - before.postgres) };
}
