// How the server hands out the web client (DESIGN.md §4, §10): hashed assets are kept a year, the page itself is
// revalidated, every screen path gets the page, and nothing else does — not an API path, not a missing script.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from './env.js';
import { createTestContext, type TestContext } from './test/helper.js';

let t: TestContext;
// A client folder whose own path contains "assets", so only the part inside it may decide what is immutable.
const root = mkdtempSync(join(tmpdir(), 'afya-static-'));
const clientDir = join(root, 'assets', 'client');

beforeAll(async () => {
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>AfyaKaunti</title><div id="root"></div>');
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
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
