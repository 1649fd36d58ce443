// How the server hands out the web client (DESIGN.md §4, §10): hashed assets are kept a year, the page itself is
// revalidated, every screen path gets the page, and nothing else does — not an API path, not a missing script.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { testConfig } from './env.js';
// @ts-expect-error: a build script in plain JavaScript, without types
import { precompress } from '../../scripts/precompress.mjs';
import { webManifest } from '../../scripts/offline-shell.js';
import { appIcon } from '../../scripts/app-icons.js';
import { createTestContext, type TestContext } from './test/helper.js';

let t: TestContext;
const BUNDLE = Array.from({ length: 400 }, (_, i) => `export const screen${i} = 'Patient Registry ${i}';`).join('\n');
// A client folder whose own path contains "assets", so only the part inside it may decide what is immutable.
const root = mkdtempSync(join(tmpdir(), 'afya-static-'));
const clientDir = join(root, 'assets', 'client');

beforeAll(async () => {
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>AfyaKaunti</title><div id="root"></div>');
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  // A bundle large enough to be worth compressing, with the copies `npm run build` writes beside it.
  writeFileSync(join(clientDir, 'assets', 'app-def456.js'), BUNDLE);
  // What scripts/offline-shell.ts writes beside the page (issue 12, item 3): the manifest, an icon, the worker.
  writeFileSync(join(clientDir, 'manifest.webmanifest'), JSON.stringify(webManifest()));
  writeFileSync(join(clientDir, 'icon-192.png'), appIcon(192, 'any', '#0f766e'));
  writeFileSync(join(clientDir, 'sw.js'), `const BUILD = {};\n${BUNDLE}`);
  precompress(clientDir);
  t = await createTestContext({ config: testConfig({ clientDir }) });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serving the web client', () => {
  it('keeps hashed assets for a year and revalidates the page', async () => {
    const asset = await t.request({ url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/patients']) {
      const page = await t.request({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("sends a script without the page's own policies, which only a document obeys, and the page with them", async () => {
    const asset = await t.request({ url: '/assets/main-abc123.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) expect(asset.headers[name], name).toBeUndefined();
    for (const url of ['/', '/patients']) {
      const page = await t.request({ url });
      expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options'], url).toBeUndefined();
      expect(page.headers['permissions-policy'], url).toContain('camera=()');
      expect(page.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  // Issue 12, item 3: the browser finds the manifest by its type, and re-checks the worker's script on each visit, so a
  // new release's worker is installed at once rather than a year later.
  it('serves the web app manifest, its icons and the service worker with their types, never cached immutably', async () => {
    const manifest = await t.request({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'AfyaKaunti', start_url: '/', display: 'standalone', theme_color: '#0f766e' });

    const icon = await t.request({ url: '/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(icon.rawPayload.readUInt32BE(16)).toBe(192);

    for (const encoding of ['identity', 'br, gzip']) {
      const worker = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(worker.statusCode, encoding).toBe(200);
      expect(worker.headers['content-type'], encoding).toContain('javascript');
      expect(worker.headers['cache-control'], encoding).toBe('no-cache');
    }
  });

  it('answers a missing script or file with 404, not the page', async () => {
    for (const url of ['/assets/main-old999.js', '/favicon.ico', '/report.csv']) {
      const res = await t.request({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });

  it('never answers an API path with the page, whatever its case, and never lets it be cached', async () => {
    for (const url of ['/api', '/api?x=1', '/API/patients', '/api/no-such-thing']) {
      const res = await t.request({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('not_found');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

// Issue 12, item 1: a 3G link. The built files go out as brotli or gzip, whichever the browser takes, from the copies
// made at build time; API answers are compressed above 1 KB; everything still reads the same once decoded.
describe('compression', () => {
  it('sends a hashed bundle as brotli, gzip or plain as the browser asks, and it decodes to the file', async () => {
    const br = await t.app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.rawPayload.length).toBeLessThan(BUNDLE.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);

    const gz = await t.app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);

    const plain = await t.app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('compresses an API answer above 1 KB for a browser that takes it, and leaves a small one alone', async () => {
    const cookie = await t.loginAs('nurse');
    const big = await t.app.inject({ url: '/api/facilities', headers: { cookie, 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['cache-control']).toBe('no-store');
    const facilities = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as unknown[];
    expect(facilities).toHaveLength(113);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(facilities).length / 4);
    const gz = await t.app.inject({ url: '/api/facilities', headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(facilities);

    const small = await t.app.inject({ url: '/api/facilities/summary', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.rawPayload.length).toBeLessThan(1024);
  });
});
