import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { logsOf } from './relay-fixture.js';
import { listenLocally, openChatStream, startRelayTest, type RelayTest } from './relay-setup.js';

/** 6,000 words of 10 KB: a 60 MB answer, far more than every socket buffer on the way holds. */
const words = 6000;
const word = 'x'.repeat(10_000);
const totalBytes = words * word.length;

describe(`a slow client on a long stream on ${testDb}`, () => {
  let r: RelayTest;
  let port = 0;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ models: ['gpt-4o-mini'] });
    port = await listenLocally(r);
  });
  afterAll(() => r.cleanup());

  it('slows the upstream down instead of buffering the answer, then delivers all of it', async () => {
    r.up.setBehaviour({ text: Array.from({ length: words }, () => word).join(' ') });
    const { res } = await openChatStream(r, port, {
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'write a lot' }],
    });
    expect(res.statusCode).toBe(200);
    res.pause();

    // The client reads nothing: once the buffers on the way are full the upstream stalls.
    let sent = -1;
    for (let i = 0; i < 100 && r.up.requests.at(-1)!.sentBytes !== sent; i++) {
      sent = r.up.requests.at(-1)!.sentBytes;
      await sleep(200);
    }
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(totalBytes / 2);

    // Reading again resumes it, to the end.
    let text = '';
    let usage = false;
    res.setEncoding('utf8');
    let pending = '';
    for await (const chunk of res) {
      pending += chunk as string;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('data: {')) continue;
        const event = JSON.parse(line.slice(6)) as {
          choices: Array<{ delta?: { content?: string } }>;
          usage?: unknown;
        };
        text += event.choices[0]?.delta?.content ?? '';
        if (event.usage) usage = true;
      }
    }
    expect(text.replaceAll(' ', '').length).toBe(totalBytes);
    expect(usage).toBe(true);
    const logs = await logsOf(r.ctx, r.userId);
    expect(logs.at(-1)?.completion_tokens).toBe(words);
  }, 60_000);
});
