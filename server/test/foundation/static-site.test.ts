import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, testRedis, type TestApp } from '../helpers/test-context.js';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

// Static files do not depend on the database: one matrix cell is enough.
describe.runIf(testDb === 'sqlite' && !testRedis)('the console files', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'gateway-dist-'));

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets/app-1234.js'), script);
    writeFileSync(join(dist, 'assets/app-1234.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets/app-1234.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'assets/plain-1234.css'), 'body{}');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('sends the precompressed asset the browser accepts, Brotli first', async () => {
    const br = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/app-1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('falls back to the plain file', async () => {
    const plain = await get('/assets/app-1234.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const css = await get('/assets/plain-1234.css', 'br');
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{}');
  });

  it('answers client routes with index.html, never cached', async () => {
    const page = await get('/panel', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
  });
});
