// The check every CSV download shares: the file on GET, the same headers and no body on HEAD, 401 signed out.
import { expect } from 'vitest';
import type { TestContext } from './helper.js';

/** Downloads a CSV file as the browser does, checking GET, HEAD and the signed-out 401; returns the file's text. */
export async function downloadCsv(t: TestContext, url: string, cookie: string, filename: string): Promise<string> {
  const headers = { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` };
  const get = await t.request({ url, cookie });
  expect(get.statusCode).toBe(200);
  expect(get.headers).toMatchObject(headers);
  const head = await t.request({ method: 'HEAD', url, cookie });
  expect(head.statusCode).toBe(200);
  expect(head.headers).toMatchObject(headers);
  expect(head.body).toBe('');
  for (const method of ['GET', 'HEAD'] as const) expect((await t.request({ method, url })).statusCode).toBe(401);
  return get.body;
}
