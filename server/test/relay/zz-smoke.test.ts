import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-context.js';
import { balancesOf, consumedQuota, logsOf, seedChannel, seedToken, seedUser } from './relay-fixture.js';

let t: TestApp;
let url = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const json = JSON.parse(body);
    if (json.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hello"}}]}\n\n');
      res.write('data: {"id":"x","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}\n\n');
      res.end('data: [DONE]\n\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'x', object: 'chat.completion', model: json.model, choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }));
  });
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => { await t.cleanup(); server.close(); });

it('relays', async () => {
  const userId = await seedUser(t.ctx, { quota: 1_000_000 });
  const token = await seedToken(t.ctx, userId);
  await seedChannel(t.ctx, { baseUrl: url, models: ['gpt-4o'] });
  const res = await t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: { authorization: `Bearer ${token.key}` }, payload: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] } });
  console.log(res.statusCode, res.body);
  const s = await t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: { authorization: `Bearer ${token.key}` }, payload: { model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'hi' }] } });
  console.log(s.statusCode, s.headers, s.body);
  const a = await t.app.inject({ method: 'POST', url: '/v1/messages', headers: { 'x-api-key': token.key }, payload: { model: 'gpt-4o', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'hi' }] } });
  console.log(a.statusCode, a.body);
  const logs = await logsOf(t.ctx, userId);
  console.log(logs);
  const b = await balancesOf(t.ctx, userId, token.id);
  console.log(b, await consumedQuota(t.ctx, userId));
  expect(1_000_000 - b.quota).toBe(await consumedQuota(t.ctx, userId));
});
