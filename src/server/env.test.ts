import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import { decodeAuditChainKey, parseConfig, TEST_AUDIT_CHAIN_KEY } from './env.js';

/** Production with the one setting it cannot start without. */
/** What production needs at the least: its key (finding 10) and its host names (finding 5). */
const PRODUCTION = { NODE_ENV: 'production', AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY, ALLOWED_HOSTS: 'afya.busia.go.ke' };

describe('configuration', () => {
  it('runs with no settings at all: port 5000, ./data, PGlite, demo mode on', () => {
    expect(parseConfig({})).toMatchObject({ port: 5000, dataDir: './data', databaseUrl: undefined, demoMode: true, sessionIdleMinutes: 30, sessionAbsoluteHours: 12 });
  });
  it('turns demo mode off in production unless asked for', () => {
    expect(parseConfig(PRODUCTION).demoMode).toBe(false);
    expect(parseConfig({ ...PRODUCTION, DEMO_MODE: 'true' }).demoMode).toBe(true);
  });
  it('keeps demo mode off by default on a real PostgreSQL, and does not seed in production', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://db/county' }).demoMode).toBe(false);
    expect(parseConfig(PRODUCTION).seedOnStart).toBe(false);
    expect(parseConfig({}).seedOnStart).toBe(true);
  });
  it('takes a streaming replica only beside a PostgreSQL primary, with 30 s of lag allowed by default (issue 32 item 5)', () => {
    expect(parseConfig({}).replica).toBeUndefined();
    expect(parseConfig({ DATABASE_URL: 'postgres://db1/county', REPLICA_DATABASE_URL: 'postgres://db2/county' }).replica).toEqual({ url: 'postgres://db2/county', maxLagSeconds: 30 });
    expect(parseConfig({ DATABASE_URL: 'postgres://db1/county', REPLICA_DATABASE_URL: 'postgres://db2/county', REPLICA_MAX_LAG_SECONDS: '5' }).replica?.maxLagSeconds).toBe(5);
    expect(() => parseConfig({ REPLICA_DATABASE_URL: 'postgres://db2/county' })).toThrow(
      'REPLICA_DATABASE_URL: needs DATABASE_URL: a replica is of a PostgreSQL primary, and the embedded database has none',
    );
    expect(() => parseConfig({ DATABASE_URL: 'postgres://db1/county', REPLICA_DATABASE_URL: 'postgres://db1/county' })).toThrow('REPLICA_DATABASE_URL: names the same database as DATABASE_URL: it must be the standby');
    expect(() => parseConfig({ DATABASE_URL: 'postgres://db1/county', REPLICA_DATABASE_URL: 'postgres://db2/county', REPLICA_MAX_LAG_SECONDS: '0' })).toThrow(/REPLICA_MAX_LAG_SECONDS/);
  });
  it('takes TRUST_PROXY as yes/no, a hop count or the proxies\' addresses', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });
  it('listens on loopback only in demo mode unless HOST is set, and on every interface otherwise (issue 11 finding 6)', () => {
    // Demo mode signs anyone in as the county director without a password: not for the whole LAN by default.
    expect(parseConfig({})).toMatchObject({ demoMode: true, host: '127.0.0.1' });
    expect(parseConfig({ HOST: '0.0.0.0' })).toMatchObject({ demoMode: true, host: '0.0.0.0' });
    expect(parseConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(parseConfig(PRODUCTION)).toMatchObject({ demoMode: false, host: '0.0.0.0' });
    expect(parseConfig({ DATABASE_URL: 'postgres://db/county' }).host).toBe('0.0.0.0');
    expect(parseConfig({ ...PRODUCTION, DEMO_MODE: 'true' }).host).toBe('127.0.0.1');
    expect(parseConfig({ ...PRODUCTION, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });
  it('answers for this machine\'s loopback names on its port, and for the hosts it is told (issue 25 finding 5)', () => {
    expect(parseConfig({}).allowedHosts).toEqual(['localhost:5000', '127.0.0.1:5000', '[::1]:5000']);
    expect(parseConfig({ PORT: '5071' }).allowedHosts).toEqual(['localhost:5071', '127.0.0.1:5071', '[::1]:5071']);
    // Demo mode opened to a LAN answers for the names it is given, not for whatever Host a request carries.
    expect(parseConfig({ HOST: '0.0.0.0', ALLOWED_HOSTS: ' 192.168.1.20:5000, Clinic-PC.local:5000 ' }).allowedHosts).toEqual([
      '192.168.1.20:5000',
      'clinic-pc.local:5000',
      'localhost:5000',
      '127.0.0.1:5000',
      '[::1]:5000',
    ]);
    // One address to listen on is an address it answers for; so is the host Safaricom calls back.
    expect(parseConfig({ HOST: '10.0.0.5' }).allowedHosts).toContain('10.0.0.5:5000');
    expect(parseConfig({ HOST: 'fd00::5' }).allowedHosts).toContain('[fd00::5]:5000');
    const mpesa = { MPESA_CONSUMER_KEY: 'k', MPESA_CONSUMER_SECRET: 's', MPESA_SHORTCODE: '174379', MPESA_PASSKEY: 'p' };
    expect(parseConfig({ ...mpesa, MPESA_CALLBACK_URL: 'https://pay.busia.go.ke/api/payments/mpesa/callback' }).allowedHosts).toContain('pay.busia.go.ke');
  });
  it('will not start in production without ALLOWED_HOSTS, unless in demo mode (loopback only)', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY })).toThrow(
      new Error("Invalid configuration:\n  ALLOWED_HOSTS: is required in production: the host names staff's browsers reach the server by, comma-separated (e.g. afya.busia.go.ke)"),
    );
    expect(parseConfig(PRODUCTION).allowedHosts).toContain('afya.busia.go.ke');
    expect(parseConfig({ ...PRODUCTION, ALLOWED_HOSTS: '', DEMO_MODE: 'true' }).allowedHosts).toEqual(['localhost:5000', '127.0.0.1:5000', '[::1]:5000']);
    expect(() => parseConfig({ ALLOWED_HOSTS: 'afya.busia.go.ke, https://pay.busia.go.ke' })).toThrow(
      new Error('Invalid configuration:\n  ALLOWED_HOSTS: must be host names with an optional port, without a scheme or path (e.g. afya.busia.go.ke or 10.0.0.5:5000): not https://pay.busia.go.ke'),
    );
    expect(() => parseConfig({ ALLOWED_HOSTS: 'afya.busia.go.ke/app' })).toThrow(/ALLOWED_HOSTS: must be host names/);
  });
  it('stops with a message naming each bad value', () => {
    expect(() => parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
    expect(() => parseConfig({ DEMO_MODE: 'maybe' })).toThrow(/DEMO_MODE: must be true or false/);
  });
});

describe('AUDIT_CHAIN_KEY (issue 25 finding 10)', () => {
  const base64Key = Buffer.from(TEST_AUDIT_CHAIN_KEY, 'hex').toString('base64');

  it('is required in production: the server does not start without it, and the message names it', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/AUDIT_CHAIN_KEY: is required in production: at least 32 random bytes/);
    expect(() => parseConfig({ NODE_ENV: 'production', AUDIT_CHAIN_KEY: ' ' })).toThrow(/AUDIT_CHAIN_KEY: is required in production/);
    expect(parseConfig(PRODUCTION).auditChainKey.from).toBe('environment');
  });

  it('takes 32 random bytes or more, as hex or base64', () => {
    for (const written of [TEST_AUDIT_CHAIN_KEY, TEST_AUDIT_CHAIN_KEY.toUpperCase(), base64Key, base64Key.replace(/=+$/, ''), `${TEST_AUDIT_CHAIN_KEY}${TEST_AUDIT_CHAIN_KEY}`]) {
      const config = parseConfig({ ...PRODUCTION, AUDIT_CHAIN_KEY: written });
      expect(config.auditChainKey.from === 'environment' && config.auditChainKey.key.reveal().subarray(0, 32)).toEqual(Buffer.from(TEST_AUDIT_CHAIN_KEY, 'hex'));
    }
  });

  it('refuses a weaker key, naming the setting and never echoing the value', () => {
    const weak = [
      'correct horse battery staple', // a passphrase
      'AfyaDemo#2026',
      TEST_AUDIT_CHAIN_KEY.slice(0, 62), // 31 bytes
      Buffer.alloc(31, 7).toString('base64'),
      'a'.repeat(64), // one byte value, 32 times
      '0123456789abcdef'.repeat(4), // a pattern: 8 byte values
      'busiacountybusiacountybusiacountybusiacounty', // base64 of a repeated pattern
    ];
    for (const value of weak) {
      let message = '';
      try {
        parseConfig({ ...PRODUCTION, AUDIT_CHAIN_KEY: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, value).toMatch(/AUDIT_CHAIN_KEY: must be at least 32 random bytes, written as 64 hex characters or base64/);
      expect(message).not.toContain(value);
    }
    expect(decodeAuditChainKey('0123456789abcdef'.repeat(4))).toBeNull();
  });

  it('outside production, without it, names the key file in DATA_DIR that the server makes', () => {
    expect(parseConfig({}).auditChainKey).toEqual({ from: 'file', path: 'data/audit-chain.key' });
    expect(parseConfig({ DATA_DIR: '/srv/afya', DATABASE_URL: 'postgres://db/county' }).auditChainKey).toEqual({ from: 'file', path: '/srv/afya/audit-chain.key' });
  });

  it('is never shown: not in JSON, not when inspected or printed', () => {
    const config = parseConfig(PRODUCTION);
    for (const shown of [JSON.stringify(config), inspect(config, { depth: 10 }), String(config.auditChainKey.from === 'environment' && config.auditChainKey.key)]) {
      expect(shown).not.toContain(TEST_AUDIT_CHAIN_KEY);
      expect(shown).not.toContain(base64Key.slice(0, 20));
    }
  });
});

describe('CLIENT_DIR', () => {
  it('is made absolute, as the static file server needs', () => {
    const config = parseConfig({ CLIENT_DIR: 'dist/client' });
    expect(config.clientDir).toBe(resolve('dist/client'));
    expect(parseConfig({}).clientDir).toBeUndefined();
  });
});

describe('KHIS (DHIS2_URL, DHIS2_USERNAME, DHIS2_PASSWORD)', () => {
  const khis = { DHIS2_URL: 'https://hiskenya.org', DHIS2_USERNAME: 'busia.hro', DHIS2_PASSWORD: ' s3cret pass' };

  it('is off with none of the three, and connects with all three (the password taken as written)', () => {
    expect(parseConfig({}).dhis2).toBeUndefined();
    expect(parseConfig({ DHIS2_URL: '', DHIS2_USERNAME: ' ', DHIS2_PASSWORD: '' }).dhis2).toBeUndefined();
    expect(parseConfig(khis).dhis2).toEqual({ url: 'https://hiskenya.org', username: 'busia.hro', password: ' s3cret pass' });
    expect(parseConfig({ ...khis, DHIS2_URL: 'http://10.0.0.7:8080/dhis' }).dhis2?.url).toBe('http://10.0.0.7:8080/dhis');
  });

  it('stops at a partial set, naming each missing setting', () => {
    expect(() => parseConfig({ DHIS2_URL: khis.DHIS2_URL })).toThrow(/DHIS2_USERNAME: is required with DHIS2_URL[\s\S]*DHIS2_PASSWORD: is required with DHIS2_URL/);
    expect(() => parseConfig({ DHIS2_USERNAME: 'a', DHIS2_PASSWORD: 'b' })).toThrow(/DHIS2_URL: is required with DHIS2_USERNAME, DHIS2_PASSWORD/);
    // Exactly the one that is missing.
    expect(() => parseConfig({ DHIS2_URL: khis.DHIS2_URL, DHIS2_USERNAME: 'a' })).toThrow(
      new Error('Invalid configuration:\n  DHIS2_PASSWORD: is required with DHIS2_URL, DHIS2_USERNAME (set all three KHIS settings, or none)'),
    );
  });

  it('takes only an http(s) address without credentials in it', () => {
    expect(() => parseConfig({ ...khis, DHIS2_URL: 'hiskenya.org' })).toThrow(/DHIS2_URL: must be the DHIS2 server's http/);
    expect(() => parseConfig({ ...khis, DHIS2_URL: 'ftp://hiskenya.org' })).toThrow(/DHIS2_URL: must be the DHIS2 server's http/);
    expect(() => parseConfig({ ...khis, DHIS2_URL: 'https://admin:district@hiskenya.org' })).toThrow(/DHIS2_URL: must not hold a username or password/);
  });
});
