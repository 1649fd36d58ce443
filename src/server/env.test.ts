import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './env.js';

describe('configuration', () => {
  it('runs with no settings at all: port 5000, ./data, PGlite, demo mode on', () => {
    expect(parseConfig({})).toMatchObject({ port: 5000, dataDir: './data', databaseUrl: undefined, demoMode: true, sessionIdleMinutes: 30, sessionAbsoluteHours: 12 });
  });
  it('turns demo mode off in production unless asked for', () => {
    expect(parseConfig({ NODE_ENV: 'production', ALLOWED_HOSTS: 'afya.busia.go.ke' }).demoMode).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });
  it('keeps demo mode off by default on a real PostgreSQL, and does not seed in production', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://db/county' }).demoMode).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', ALLOWED_HOSTS: 'afya.busia.go.ke' }).seedOnStart).toBe(false);
    expect(parseConfig({}).seedOnStart).toBe(true);
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
    expect(parseConfig({ NODE_ENV: 'production', ALLOWED_HOSTS: 'afya.busia.go.ke' })).toMatchObject({ demoMode: false, host: '0.0.0.0' });
    expect(parseConfig({ DATABASE_URL: 'postgres://db/county' }).host).toBe('0.0.0.0');
    expect(parseConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).host).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'production', HOST: '10.0.0.5', ALLOWED_HOSTS: 'afya.busia.go.ke' }).host).toBe('10.0.0.5');
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
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(
      new Error("Invalid configuration:\n  ALLOWED_HOSTS: is required in production: the host names staff's browsers reach the server by, comma-separated (e.g. afya.busia.go.ke)"),
    );
    expect(parseConfig({ NODE_ENV: 'production', ALLOWED_HOSTS: 'afya.busia.go.ke' }).allowedHosts).toContain('afya.busia.go.ke');
    expect(parseConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).allowedHosts).toEqual(['localhost:5000', '127.0.0.1:5000', '[::1]:5000']);
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
