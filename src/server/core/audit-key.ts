// The audit chain's key (issue 25 finding 10, ADR 0016): AUDIT_CHAIN_KEY when it is set (always, in production),
// else a key generated on the first start and kept in a file in DATA_DIR — outside the database, which never holds
// it, so that whoever owns the database alone cannot forge a seal. A demo's data directory holds both, which is all a
// demo needs; a county sets AUDIT_CHAIN_KEY and keeps it apart from the database and its backups.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { decodeAuditChainKey, type Config } from '../env.js';

export class AuditKeyMissingError extends Error {}

export type AuditChainKey = {
  key: Buffer;
  /** Where it came from: "AUDIT_CHAIN_KEY", or the file's path. Never the key. */
  where: string;
  /** Made just now (the first start). */
  created: boolean;
};

/**
 * The key's bytes. From AUDIT_CHAIN_KEY; else from its file, made first when `create` (the server's start): 32
 * random bytes in hex, mode 0600, written to a file of its own and linked into place, so two processes starting at
 * once end up with the same key, never with half a file. A command that only checks (audit:verify) never makes one:
 * a new key would find every seal forged.
 */
export function auditChainKey(config: Pick<Config, 'auditChainKey'>, opts: { create?: boolean } = {}): AuditChainKey {
  const source = config.auditChainKey;
  if (source.from === 'environment') return { key: source.key.reveal(), where: 'AUDIT_CHAIN_KEY', created: false };
  const { path } = source;
  let created = false;
  if (opts.create) {
    mkdirSync(dirname(path), { recursive: true });
    const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, path);
      created = true;
    } catch (error) {
      // Already there: the key of an earlier start, or of a process starting beside this one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new AuditKeyMissingError(
      `There is no audit chain key: AUDIT_CHAIN_KEY is unset and ${path} does not exist. The server makes that file on its first start; ` +
        'set AUDIT_CHAIN_KEY (or DATA_DIR) to where the key the chain was sealed with is kept.',
    );
  }
  const key = decodeAuditChainKey(text);
  if (!key) throw new Error(`The audit chain key file ${path} does not hold a key (64 hex characters): restore it from where it was kept, or set AUDIT_CHAIN_KEY.`);
  return { key, where: path, created };
}
