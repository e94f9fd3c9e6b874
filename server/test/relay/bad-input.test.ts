import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../helpers/test-context.js';
import { balancesOf } from './relay-fixture.js';
import { startRelayTest, type RelayTest } from './relay-setup.js';

/**
 * Malformed bodies get a 400 in the caller's format, never a 500 and never a charge: messages
 * or contents that are not objects, contents of the wrong type, and bodiless POSTs.
 */
describe(`bad relay input on ${testDb}`, () => {
  let r: RelayTest;
  beforeAll(async () => {
    r = await startRelayTest();
    await r.channel({ type: 8, models: ['gpt-4o-mini'] });
    await r.channel({ type: 14, models: ['claude-sonnet-4-5'] });
    await r.channel({ type: 24, models: ['gemini-2.5-flash'] });
  });
  afterAll(() => r.cleanup());

  const anthropic = (body: unknown) =>
    r.post('/v1/messages', body, { 'x-api-key': r.key, 'anthropic-version': '2023-06-01' });

  it.each([
    ['a null message', { messages: [null] }],
    ['a numeric content', { messages: [{ role: 'user', content: 5 }] }],
    ['a content block that is not an object', { messages: [{ role: 'user', content: [7] }] }],
    ['messages that are not a list', { messages: { role: 'user' } }],
    ['a null system', { system: [null], messages: [{ role: 'user', content: 'hi' }] }],
  ])('answers /v1/messages with %s by a 400 in Anthropic shape', async (_name, body) => {
    const before = await balancesOf(r.ctx, r.userId);
    const res = await anthropic({ model: 'claude-sonnet-4-5', max_tokens: 16, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(res.body).not.toMatch(/at .*\.js|iterable/);
    expect((await balancesOf(r.ctx, r.userId)).quota).toBe(before.quota);
  });

  it.each([
    ['a null content', { contents: [null] }],
    ['parts that are not a list', { contents: [{ role: 'user', parts: 'hi' }] }],
    ['a null part', { contents: [{ role: 'user', parts: [null] }] }],
  ])('answers Gemini with %s by a 400 in Gemini shape', async (_name, body) => {
    const res = await r.post('/v1beta/models/gemini-2.5-flash:generateContent', body, {
      'x-goog-api-key': r.key,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });

  it.each([
    ['a null message', { messages: [null] }],
    ['a numeric content', { messages: [{ role: 'user', content: 5 }] }],
    ['messages that are not a list', { messages: 'hi' }],
  ])('answers chat completions with %s by a 400 in OpenAI shape', async (_name, body) => {
    const res = await r.post('/v1/chat/completions', { model: 'gpt-4o-mini', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it.each([
    ['POST', '/v1beta/models/gemini-%ZZ:generateContent', 'gemini'],
    ['POST', '/v1/models/gemini-%ZZ:generateContent', 'gemini'],
    ['GET', '/v1/models/gpt-%ZZ', 'openai'],
    ['POST', '/v1/chat/completions/%ZZ', 'openai'],
  ])('answers a malformed URL (%s %s) in the %s shape', async (method, url, shape) => {
    const res = await r.app.inject({ method: method as 'GET' | 'POST', url, payload: {} });
    expect(res.statusCode).toBe(400);
    if (shape === 'gemini') {
      expect(res.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    } else {
      expect(res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    }
  });

  it('reads a bodiless POST with a JSON content type as an empty body', async () => {
    const res = await r.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${r.key}`, 'content-type': 'application/json' },
    });
    // An empty body is read, then refused for what it lacks (no model), not as unparsable JSON.
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).not.toMatch(/JSON|body/i);
    const api = await r.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'content-type': 'application/json' },
    });
    expect(api.statusCode).toBeLessThan(500);
    expect(api.json()).toHaveProperty('success');
  });
});
