// The audit chain's key outside production (issue 25 finding 10): without AUDIT_CHAIN_KEY the server makes one on
// its first start, in a file of DATA_DIR only its user may read, and finds the same one on every later start; a
// command that only checks never makes one.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig, testConfig, TEST_AUDIT_CHAIN_KEY } from '../env.js';
import { auditChainKey, AuditKeyMissingError } from './audit-key.js';

describe("the audit chain's key", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'afya-audit-key-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = parseConfig({ DATA_DIR: join(dataDir, 'data') });

  it('is made on the first start of a demo, kept in DATA_DIR for its user alone, and the same on every start after', () => {
    expect(() => auditChainKey(config)).toThrow(AuditKeyMissingError);
    expect(() => auditChainKey(config)).toThrow(/AUDIT_CHAIN_KEY is unset and .*audit-chain\.key does not exist/);
    const first = auditChainKey(config, { create: true });
    expect(first).toMatchObject({ created: true, where: join(dataDir, 'data', 'audit-chain.key') });
    expect(first.key).toHaveLength(32);
    expect(statSync(first.where).mode & 0o777).toBe(0o600);
    const again = auditChainKey(config, { create: true });
    expect(again.created).toBe(false);
    expect(again.key).toEqual(first.key);
    expect(auditChainKey(config).key).toEqual(first.key);
  });

  it('comes from AUDIT_CHAIN_KEY when it is set, and no file is made', () => {
    const dir = join(dataDir, 'other');
    const fromEnvironment = auditChainKey(parseConfig({ DATA_DIR: dir, AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY }), { create: true });
    expect(fromEnvironment).toEqual({ key: Buffer.from(TEST_AUDIT_CHAIN_KEY, 'hex'), where: 'AUDIT_CHAIN_KEY', created: false });
    expect(() => statSync(join(dir, 'audit-chain.key'))).toThrow();
    expect(auditChainKey(testConfig()).key).toEqual(Buffer.from(TEST_AUDIT_CHAIN_KEY, 'hex'));
  });

  it('stops the start at a key file that holds no key, naming it', () => {
    const dir = join(dataDir, 'broken');
    const broken = parseConfig({ DATA_DIR: dir });
    auditChainKey(broken, { create: true });
    writeFileSync(join(dir, 'audit-chain.key'), 'not a key\n');
    expect(() => auditChainKey(broken, { create: true })).toThrow(`The audit chain key file ${join(dir, 'audit-chain.key')} does not hold a key`);
  });
});
