import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { freePort } from '../helpers/server-process.js';
import {
  createIsolatedDb,
  createTestContext,
  testDb,
  testRedis,
  type IsolatedDb,
} from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from './relay-fixture.js';
import { databaseEnv, startServer } from './server-child.js';

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * A stream that runs for over a minute (tens of thousands of events, several MB) through the
 * real server process: its memory stays flat, since the relay passes events through without
 * keeping the answer. Runs once (SQLite without Redis).
 */
describe.runIf(testDb === 'sqlite' && !testRedis)('memory on a long stream', () => {
  let isolated: IsolatedDb;
  let up: FakeUpstream;
  let key: string;

  beforeAll(async () => {
    isolated = await createIsolatedDb();
    up = await startFakeUpstream();
    const { ctx } = await createTestContext({ reuse: isolated });
    const userId = await seedUser(ctx, { quota: 1_000_000_000 });
    key = (await seedToken(ctx, userId)).key;
    await seedChannel(ctx, { baseUrl: up.url, models: ['gpt-4o-mini'] });
    await ctx.close();
  });
  afterAll(async () => {
    await up?.close();
    await isolated?.drop();
  });

  it('keeps resident memory flat while streaming for over a minute', async () => {
    // 60,000 pieces, 1 ms apart: a little over a minute of tokens.
    up.setBehaviour({ chunks: 60_000, chunkDelayMs: 1 });
    const port = await freePort();
    const server = await startServer(databaseEnv(isolated), port);
    try {
      const samples: number[] = [];
      let bytes = 0;
      let done = false;
      const finished = new Promise<void>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/v1/chat/completions',
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          },
          (res) => {
            expect(res.statusCode).toBe(200);
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => {
              done = true;
              resolve();
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(
          JSON.stringify({
            model: 'gpt-4o-mini',
            stream: true,
            messages: [{ role: 'user', content: 'Write a very long story' }],
          }),
        );
      });
      while (!done) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        samples.push(rssMb(server.pid!));
      }
      await finished;
      expect(samples.length).toBeGreaterThan(30);
      expect(bytes).toBeGreaterThan(3_000_000);
      // After warming up (the first 15 s) memory never climbs past its early peak by 15 MB
      // (it may fall: the collector gives memory back).
      const early = Math.max(...samples.slice(0, 15));
      const later = Math.max(...samples.slice(15));
      expect(
        later - early,
        `RSS samples (MB): ${samples.map((s) => s.toFixed(0)).join(' ')}`,
      ).toBeLessThan(15);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }, 180_000);
});
