// Backups that restore (issue 32, docs/operations.md). A backup is two files in BACKUP_DIR: the data and its
// manifest (<file>.manifest.json), which says when it was taken, by which release, at which migration, how many rows
// each table had, where the audit chain ended and a signed checkpoint of it, and the data file's sha256. Restoring
// checks all of that before it touches anything, and again after.
//
// - PostgreSQL: `pg_dump --format=custom` inside an exported snapshot, so the row counts and the audit chain's end
//   are read in the very snapshot the dump holds, while the county keeps working.
// - PGlite: the data directory is locked to the running server, so the server takes the snapshot itself
//   (dumpDataDir: a tarball of its files), in a transaction that holds the database while the manifest's facts are
//   read and the tarball made, so the two describe the same rows.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, createReadStream, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { COUNTY_UTC_OFFSET_MINUTES, countyDate } from '../../shared/county-time.js';
import { auditCheckpoint } from '../core/audit-seal.js';
import { formatCheckpoint } from '../core/audit-chain.js';
import type { Database } from '../db/client.js';
import { journalMigrations } from '../db/migrations.js';
import { LOCK_FILE } from '../db/data-dir-lock.js';
import { BACKUP_TOKEN_FILE } from './backup-token.js';
import packageJson from '../../../package.json' with { type: 'json' };

export const MANIFEST_FORMAT = 'afyakaunti-backup/1';

export type BackupKind = 'pglite' | 'postgres';

export type BackupManifest = {
  format: typeof MANIFEST_FORMAT;
  kind: BackupKind;
  /** The data file's name, in the manifest's directory. */
  file: string;
  bytes: number;
  sha256: string;
  /** When the snapshot was taken (ISO, UTC). */
  takenAt: string;
  /** The release that took it: package version and, where the code is a git checkout, its commit. */
  release: { version: string; commit: string | null };
  /** The migrations the data had: how many, and the last one's tag and journal time. */
  migrations: { applied: number; last: { tag: string; when: number } | null };
  /** Rows per table ("schema.table"), read in the snapshot itself. */
  rowCounts: Record<string, number>;
  /**
   * The audit chain: its last event in the snapshot, and a checkpoint signed with the key (`seq:hash:signature`)
   * of the seal made just before it, which `npm run audit:verify -- --checkpoint` checks after a restore.
   */
  audit: { lastSeq: number; lastHash: string | null; checkpoint: string | null };
  /** How long the backup took, in seconds. */
  seconds: number;
};

/** A query over some connection, answering plain rows: the snapshot's connection, or a tarball opened in memory. */
type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** The release this code is: its version and, in a git checkout, its commit (read from .git, no git needed). */
export function currentRelease(): { version: string; commit: string | null } {
  return { version: packageJson.version, commit: gitCommit() };
}

function gitCommit(): string | null {
  try {
    const root = new URL('../../../.git/', import.meta.url);
    const head = readFileSync(new URL('HEAD', root), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head;
    const ref = head.slice(5);
    try {
      return readFileSync(new URL(ref, root), 'utf8').trim();
    } catch {
      const packed = readFileSync(new URL('packed-refs', root), 'utf8');
      return packed.split('\n').find((l) => l.endsWith(` ${ref}`))?.split(' ')[0] ?? null;
    }
  } catch {
    return null;
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The facts a manifest records of a database, read over one connection (in one snapshot, for PostgreSQL). */
export async function describeSnapshot(query: Query): Promise<Pick<BackupManifest, 'migrations' | 'rowCounts' | 'audit'>> {
  const tables = (await query(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'
      order by 1, 2`,
  )) as { s: string; t: string }[];
  const rowCounts: Record<string, number> = {};
  // One statement for every table: a round trip each would be 150 of them.
  if (tables.length > 0) {
    const union = tables.map((x, i) => `select ${i} as i, count(*)::bigint as n from ${ident(x.s)}.${ident(x.t)}`).join(' union all ');
    for (const row of (await query(union)) as { i: number; n: string | number }[]) {
      const table = tables[Number(row.i)]!;
      rowCounts[`${table.s}.${table.t}`] = Number(row.n);
    }
  }
  const applied = 'drizzle.__drizzle_migrations' in rowCounts ? ((await query('select created_at from drizzle.__drizzle_migrations order by created_at')) as { created_at: string | number }[]) : [];
  const lastWhen = applied.length > 0 ? Number(applied[applied.length - 1]!.created_at) : null;
  const entry = lastWhen === null ? undefined : journalMigrations().find((e) => e.when === lastWhen);
  const [last] = 'public.audit_events' in rowCounts ? ((await query('select seq, hash from audit_events where seq is not null order by seq desc limit 1')) as { seq: string | number; hash: string }[]) : [];
  return {
    migrations: { applied: applied.length, last: lastWhen === null ? null : { tag: entry?.tag ?? `unknown (${lastWhen})`, when: lastWhen } },
    rowCounts,
    audit: { lastSeq: last ? Number(last.seq) : 0, lastHash: last?.hash ?? null, checkpoint: null },
  };
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** 2026-11-30T02:00:04Z → 20261130-050004 (county time, to the second: sortable, safe in any file system). */
function stamp(at: Date): string {
  const county = new Date(at.getTime() + COUNTY_UTC_OFFSET_MINUTES * 60_000).toISOString();
  return `${county.slice(0, 10).replace(/-/g, '')}-${county.slice(11, 19).replace(/:/g, '')}`;
}

export type BackupOptions = {
  dir: string;
  /** A second directory (a mounted off-site disk) that receives a copy of both files. */
  copyDir?: string;
  now: () => Date;
  /** The audit chain's key: the chain is sealed up to now and a signed checkpoint goes in the manifest. */
  auditKey?: Buffer;
};

/**
 * The pg_dump or pg_restore running for this process: stopped when the process exits (a server stopped mid-backup),
 * rather than left writing a file nobody will finish.
 */
const running = new Set<ChildProcess>();
let stopsChildrenAtExit = false;

/** Runs a command (inheriting this process's environment), failing with its stderr. */
export function runCommand(command: string, args: string[]): Promise<void> {
  if (!stopsChildrenAtExit) {
    stopsChildrenAtExit = true;
    process.once('exit', () => {
      for (const child of running) child.kill('SIGTERM');
    });
  }
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    running.add(child);
    child.once('close', () => running.delete(child));
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', (error) => reject(new Error(`${command} could not run (${error.message}): install PostgreSQL's client tools (Debian: postgresql-client)`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim().slice(0, 2000)}`))));
  });
}

/**
 * Runs pg_dump or pg_restore on the database of `url`. A password goes in a passfile of this process's own (mode
 * 0600, removed after), named in the connection string, never on the command line where ps would show it.
 */
export async function withLibpq(url: string, command: string, args: (dbname: string[]) => string[]): Promise<void> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  let passfile: string | null = null;
  if (password) {
    passfile = join(tmpdir(), `afya-pgpass-${process.pid}-${randomBytes(6).toString('hex')}`);
    const escaped = password.replace(/\\/g, '\\\\').replace(/:/g, '\\:');
    writeFileSync(passfile, `*:*:*:*:${escaped}\n`, { mode: 0o600 });
    u.password = '';
    u.searchParams.set('passfile', passfile);
  }
  try {
    await runCommand(command, args(['--dbname', u.toString()]));
  } finally {
    if (passfile) rmSync(passfile, { force: true });
  }
}

/**
 * Takes a backup of `database` into opts.dir and returns its manifest. For PostgreSQL `url` is the connection
 * pg_dump reads with (the owner's, where there are two roles).
 */
export async function takeBackup(database: Database, opts: BackupOptions & { url?: string }): Promise<BackupManifest> {
  const started = Date.now();
  const takenAt = opts.now();
  mkdirSync(opts.dir, { recursive: true });
  // The chain sealed up to now: the checkpoint vouches, with the key, for every event the backup holds before it.
  const checkpoint = opts.auditKey ? await auditCheckpoint(database.db, opts.auditKey, takenAt) : null;
  const name = `afyakaunti-${stamp(takenAt)}-${database.kind}${database.kind === 'postgres' ? '.dump' : '.tar.gz'}`;
  // Written under a temporary name and renamed once whole, with its manifest last: a backup whose manifest exists
  // is complete.
  const draft = join(opts.dir, `.${name}.${randomBytes(4).toString('hex')}.partial`);
  let facts: Awaited<ReturnType<typeof describeSnapshot>>;
  try {
    facts = database.kind === 'postgres' ? await dumpPostgres(opts.url ?? database.url, draft) : await dumpPglite(database, draft);
  } catch (error) {
    rmSync(draft, { force: true });
    throw error;
  }
  const path = join(opts.dir, name);
  // A backup holds every patient's record: readable by the server's own user only (pg_dump writes with the umask).
  chmodSync(draft, 0o600);
  renameSync(draft, path);
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    kind: database.kind,
    file: name,
    bytes: statSync(path).size,
    sha256: await sha256File(path),
    takenAt: takenAt.toISOString(),
    release: currentRelease(),
    migrations: facts.migrations,
    rowCounts: facts.rowCounts,
    audit: { ...facts.audit, checkpoint: checkpoint ? formatCheckpoint(checkpoint) : null },
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  writeJsonAtomically(`${path}.manifest.json`, manifest);
  if (opts.copyDir) copyBackup(opts.dir, name, opts.copyDir);
  return manifest;
}

function writeJsonAtomically(path: string, value: unknown): void {
  const draft = `${path}.${randomBytes(4).toString('hex')}.partial`;
  writeFileSync(draft, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  renameSync(draft, path);
}

/** Copies a backup (data, then manifest) to another directory, each under a temporary name first. */
export function copyBackup(fromDir: string, name: string, toDir: string): void {
  mkdirSync(toDir, { recursive: true });
  for (const file of [name, `${name}.manifest.json`]) {
    const draft = join(toDir, `.${file}.partial`);
    copyFileSync(join(fromDir, file), draft);
    chmodSync(draft, 0o600);
    renameSync(draft, join(toDir, file));
  }
}

async function dumpPostgres(url: string | undefined, file: string): Promise<Awaited<ReturnType<typeof describeSnapshot>>> {
  if (!url) throw new Error('A PostgreSQL backup needs the connection to read with (DATABASE_URL or MIGRATION_DATABASE_URL)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The snapshot the dump will read: counted here, dumped there, the same rows.
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const facts = await describeSnapshot(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
    await withLibpq(url, 'pg_dump', (dbname) => ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.id}`, '--file', file, ...dbname]);
    await client.query('commit');
    return facts;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dumpPglite(database: Database, file: string): Promise<Awaited<ReturnType<typeof describeSnapshot>>> {
  if (!database.snapshot) throw new Error('This database cannot be snapshotted');
  const { tarball, read } = await database.snapshot(describeSnapshot);
  // The data directory holds this process's lock, the token `npm run backup` shows and, in a demo, the audit
  // chain's key: none of them belongs in a backup (the key least of all: it is kept apart from the backups).
  writeFileSync(file, gzipSync(tarWithout(new Uint8Array(await tarball.arrayBuffer()), NOT_BACKED_UP), { level: 6 }), { mode: 0o600 });
  return read;
}

/** Files of DATA_DIR that are not the database's (db/data-dir-lock.ts, core/audit-key.ts, ops/backup-service.ts). */
const NOT_BACKED_UP = new Set([LOCK_FILE, 'audit-chain.key', BACKUP_TOKEN_FILE]);

/** A NUL-terminated field of a tar header. */
function field(header: Uint8Array, at: number, length: number): string {
  const bytes = header.subarray(at, at + length);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

/**
 * A ustar archive without the top-level files named in `names` (and their lock's temporary files): each entry is
 * a 512-byte header and its data padded to 512 bytes; a pax extended header ('x') belongs to the entry after it and
 * goes or stays with it. Ends with the two zero blocks of an archive's end.
 */
export function tarWithout(tar: Uint8Array, names: ReadonlySet<string>): Uint8Array {
  const kept: Uint8Array[] = [];
  let pending: Uint8Array | null = null;
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const entry = tar.subarray(at, at + 512 + Math.ceil(size / 512) * 512);
    at += entry.length;
    if (String.fromCharCode(header[156]!) === 'x') {
      pending = entry;
      continue;
    }
    const prefix = field(header, 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${field(header, 0, 100)}`.replace(/^\/+/, '');
    const dropped = names.has(name) || [...names].some((n) => name.startsWith(`${n}.`) || name.startsWith(`.${n}`));
    if (!dropped) {
      if (pending) kept.push(pending);
      kept.push(entry);
    }
    pending = null;
  }
  kept.push(new Uint8Array(1024));
  const out = new Uint8Array(kept.reduce((n, k) => n + k.length, 0));
  let offset = 0;
  for (const k of kept) {
    out.set(k, offset);
    offset += k.length;
  }
  return out;
}

/** A backup found in a directory: its manifest, or why it cannot be read. */
export type BackupEntry = { manifest: BackupManifest; path: string };

/** The complete backups in `dir` (those with a manifest), newest first. */
export function listBackups(dir: string): BackupEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found: BackupEntry[] = [];
  for (const name of names) {
    if (!name.endsWith('.manifest.json') || name.startsWith('.')) continue;
    try {
      const manifest = JSON.parse(readFileSync(join(dir, name), 'utf8')) as BackupManifest;
      if (manifest.format === MANIFEST_FORMAT) found.push({ manifest, path: join(dir, manifest.file) });
    } catch {
      // Not ours, or half-written by hand: not a backup this code can restore.
    }
  }
  return found.sort((a, b) => b.manifest.takenAt.localeCompare(a.manifest.takenAt));
}

export type Retention = { daily: number; weekly: number; monthly: number };

/**
 * Which backups to keep: the newest of each of the last `daily` county days that have one, of the last `weekly`
 * ISO weeks (by the week's Monday), and of the last `monthly` months. Anything newer than the newest kept day is
 * kept too (today's manual backups). Returns the names to delete.
 */
export function expiredBackups(entries: BackupEntry[], keep: Retention): string[] {
  const newestFirst = [...entries].sort((a, b) => b.manifest.takenAt.localeCompare(a.manifest.takenAt));
  const kept = new Set<string>();
  const buckets = (label: (day: string) => string, n: number) => {
    const seen = new Set<string>();
    for (const e of newestFirst) {
      const bucket = label(countyDate(new Date(e.manifest.takenAt)));
      if (seen.has(bucket)) continue;
      if (seen.size >= n) break;
      seen.add(bucket);
      kept.add(e.manifest.file);
    }
  };
  buckets((day) => day, keep.daily);
  buckets(mondayOf, keep.weekly);
  buckets((day) => day.slice(0, 7), keep.monthly);
  return newestFirst.filter((e) => !kept.has(e.manifest.file)).map((e) => e.manifest.file);
}

function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * A backup still being written is a hidden `.partial` file; one a day old is left from a run that never finished (a
 * process killed mid-dump, a pg_dump that outlived its server): no backup takes a day, so it is deleted.
 */
export const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

/** Deletes the backups retention lets go, and stale unfinished files, in `dir`; returns the backups' names. */
export function pruneBackups(dir: string, keep: Retention, now: Date = new Date()): string[] {
  const gone = expiredBackups(listBackups(dir), keep);
  for (const name of gone) {
    rmSync(join(dir, `${name}.manifest.json`), { force: true });
    rmSync(join(dir, name), { force: true });
  }
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('.') || !name.endsWith('.partial')) continue;
    const path = join(dir, name);
    try {
      if (now.getTime() - statSync(path).mtimeMs > STALE_PARTIAL_MS) rmSync(path, { force: true });
    } catch {
      // Renamed or removed meanwhile by the run that wrote it.
    }
  }
  return gone;
}

/** The last scheduled or requested run, good or failed: what System Settings and the alert read. */
export type BackupRun = { at: string; ok: boolean; file: string | null; bytes: number | null; seconds: number | null; error: string | null };

export const LAST_RUN_FILE = 'last-run.json';

export function recordRun(dir: string, run: BackupRun): void {
  mkdirSync(dir, { recursive: true });
  writeJsonAtomically(join(dir, LAST_RUN_FILE), run);
}

export function lastRun(dir: string): BackupRun | null {
  try {
    return JSON.parse(readFileSync(join(dir, LAST_RUN_FILE), 'utf8')) as BackupRun;
  } catch {
    return null;
  }
}

/** The newest good backup's time, from the manifests (a run file may be lost; a manifest is the proof). */
export function lastGoodBackupAt(dir: string): Date | null {
  const [newest] = listBackups(dir);
  return newest ? new Date(newest.manifest.takenAt) : null;
}
