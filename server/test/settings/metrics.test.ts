import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';

describe(`GET /metrics on ${testDb}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('counts requests by route pattern, not by URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/status' });
    await t.app.inject({ method: 'GET', url: '/api/status?x=1' });
    await t.app.inject({ method: 'GET', url: '/api/no/such/path/12345' });
    const text = await scrape();
    expect(text).toMatch(
      /http_requests_total\{route="\/api\/status",method="GET",status="200"\} 2/,
    );
    expect(text).toContain('route="unmatched",method="GET",status="404"');
    // In no label value (a sample's value, such as the event loop's lag, may hold the digits).
    expect(text).not.toMatch(/"[^"\n]*12345[^"\n]*"/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",route="\/api\/status"/);
  });

  it('has process metrics and the relay metrics others record', async () => {
    // Counted in memory and added to the counter once a second, or when scraped.
    t.ctx.metrics.observeRelay('gpt-4o-mini', '3', 'success', 0.2);
    const text = await scrape();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain(
      'relay_requests_total{model="gpt-4o-mini",channel="3",status="success"} 1',
    );
    expect(text).toContain('# TYPE relay_upstream_duration_seconds histogram');
  });

  it('writes cumulative buckets, sums and counts, with label values escaped', async () => {
    t.ctx.metrics.observeRelay('m"1', '7', 'success', 0.2);
    t.ctx.metrics.observeRelay('m"1', '7', '502', 3);
    t.ctx.metrics.observeRelay('line\nbreak', '7', 'success', 0.05);
    const text = await scrape();
    const series = 'model="m\\"1",channel="7"';
    expect(text).toContain(`relay_upstream_duration_seconds_bucket{le="0.1",${series}} 0`);
    expect(text).toContain(`relay_upstream_duration_seconds_bucket{le="0.25",${series}} 1`);
    expect(text).toContain(`relay_upstream_duration_seconds_bucket{le="2.5",${series}} 1`);
    expect(text).toContain(`relay_upstream_duration_seconds_bucket{le="5",${series}} 2`);
    expect(text).toContain(`relay_upstream_duration_seconds_bucket{le="+Inf",${series}} 2`);
    expect(text).toContain(`relay_upstream_duration_seconds_sum{${series}} 3.2`);
    expect(text).toContain(`relay_upstream_duration_seconds_count{${series}} 2`);
    expect(text).toContain(`relay_requests_total{${series},status="502"} 1`);
    expect(text).toContain(
      'relay_requests_total{model="line break",channel="7",status="success"} 1',
    );
  });

  it('answers only this machine without a token', async () => {
    const remote = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain('http_requests_total');
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(local.statusCode).toBe(200);
  });
});

describe(`GET /metrics with METRICS_TOKEN on ${testDb}`, () => {
  let t: TestApp;
  let site: string;
  beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'site-'));
    mkdirSync(join(site, 'assets'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>console</title>');
    for (const name of ['index-a1.js', 'index-b2.js', 'chart-c3.js']) {
      writeFileSync(join(site, 'assets', name), 'export {};');
    }
    t = await createTestApp({ env: { METRICS_TOKEN: 'scrape-secret-1', WEB_DIST: site } });
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(site, { recursive: true, force: true });
  });

  const scrape = (authorization?: string, remoteAddress = '198.51.100.9') =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress,
      headers: authorization ? { authorization } : {},
    });

  it("asks every scraper for the token, this machine's too", async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong', '127.0.0.1')).statusCode).toBe(401);
    expect((await scrape('Bearer scrape-secret-1')).statusCode).toBe(200);
  });

  it("counts the console's files under one label, whatever their names", async () => {
    for (const name of ['index-a1.js', 'index-b2.js', 'chart-c3.js']) {
      expect((await t.app.inject({ method: 'GET', url: `/assets/${name}` })).statusCode).toBe(200);
    }
    const text = (await scrape('Bearer scrape-secret-1')).body;
    expect(text).toMatch(/http_requests_total\{route="static",method="GET",status="200"\} 3/);
    expect(text).not.toContain('index-a1');
  });
});
