import { Role } from '@gateway/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../helpers/ledger-audit.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser } from '../relay/relay-fixture.js';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { newUser, type TestUser } from '../tokens/console-helpers.js';

/**
 * Hostile input on every route the OpenAPI document lists and on every relay format: wrong
 * types, huge and deeply nested values, prototype keys and SQL metacharacters. No answer may
 * be a 5xx or carry a stack trace, nothing may pollute prototypes, and the books must still
 * balance afterwards.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A deterministic generator, so a failure is reproduced by running the test again. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const sqlish = [`' OR 1=1 --`, `"; drop table users; --`, '\u0000', '%00', `\\'`, '`id`'];
const hostileIds = ['0', '-1', '99999999999999999999', '1e309', '__proto__', `1' OR '1'='1`, 'NaN'];

/** JSON text nested `depth` levels deep (built as text: JSON.stringify would recurse too). */
const deep = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** Values of the wrong type for anything. */
function wrongValues(random: () => number): unknown[] {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  return [
    null,
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    [],
    {},
    [null],
    'x'.repeat(100_000),
    pick(sqlish),
    { __proto__: { polluted: true } },
  ];
}

/** Request bodies to throw at one operation, shaped after its schema where it has one. */
function bodiesFor(schema: Record<string, unknown> | undefined, random: () => number): string[] {
  const bodies: string[] = [
    '',
    'null',
    '[]',
    '"text"',
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    deep(5000),
    `{"a":${deep(2000)}}`,
    `{"${'k'.repeat(10_000)}":1}`,
  ];
  const properties = (schema?.properties ?? {}) as Record<string, unknown>;
  const names = Object.keys(properties);
  if (names.length > 0) {
    for (const value of wrongValues(random)) {
      const body: Record<string, unknown> = {};
      for (const name of names) body[name] = random() < 0.7 ? value : random() < 0.5 ? 1 : 'x';
      bodies.push(JSON.stringify(body));
    }
    bodies.push(JSON.stringify(Object.fromEntries(names.map((n) => [n, sqlish[0]]))));
  }
  return bodies;
}

/** What no answer may show: a stack trace, a source path, an internal error. */
function leaks(res: LightMyRequestResponse): string | null {
  const body = res.body;
  if (
    /\n\s+at .+\(|\.ts:\d+|node_modules|SqliteError|ER_PARSE_ERROR|syntax error at or near/.test(
      body,
    )
  ) {
    return body.slice(0, 300);
  }
  return null;
}

describe(`hostile input on every route on ${testDb}`, () => {
  let t: TestApp;
  let up: FakeUpstream;
  let root: TestUser;
  let key = '';
  const problems: string[] = [];

  const check = (what: string, res: LightMyRequestResponse) => {
    // "No channel serves this model" is the gateway's one deliberate 503 (the contract's).
    const unserved = res.statusCode === 503 && res.body.includes('no_available_channel');
    if (res.statusCode >= 500 && !unserved) {
      problems.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    const leak = leaks(res);
    if (leak) problems.push(`${what} leaks ${leak}`);
  };

  beforeAll(async () => {
    t = await createTestApp();
    up = await startFakeUpstream();
    root = await newUser(t.ctx, Role.root);
    await seedChannel(t.ctx, { baseUrl: up.url, models: ['gpt-4o-mini'] });
    const userId = await seedUser(t.ctx, { quota: 100_000_000 });
    key = (await seedToken(t.ctx, userId)).key;
  });
  afterAll(async () => {
    await t?.cleanup();
    await up?.close();
  });

  it('answers every management route without a 5xx or a stack trace', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> } }
        >
      >;
    }>();
    const random = seeded(20261124);
    let sent = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const verb = method.toUpperCase() as Method;
        if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(verb)) continue;
        // The caller's own account stays: closing it would only end the test early.
        if (verb === 'DELETE' && path === '/api/user/self') continue;
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const urls = path.includes('{')
          ? hostileIds.map((id) => path.replace(/\{[^}]+\}/g, encodeURIComponent(id)))
          : [
              path,
              `${path}?p=-1&page_size=1e9&keyword=${encodeURIComponent(sqlish[0]!)}&start_timestamp=x&type=__proto__`,
            ];
        const bodies =
          verb === 'GET' || verb === 'DELETE' ? [undefined] : bodiesFor(schema, random);
        for (const url of urls) {
          for (const body of bodies) {
            const res = await t.app.inject({
              method: verb,
              url,
              headers: {
                ...root.headers,
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { payload: body }),
            });
            sent++;
            check(`${verb} ${url.slice(0, 120)} ${String(body).slice(0, 60)}`, res);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(problems).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 240_000);

  it('answers every relay format in its own error shape, never a 5xx', async () => {
    const random = seeded(7);
    const routes: Array<[string, Record<string, string>]> = [
      ['/v1/chat/completions', { authorization: `Bearer ${key}` }],
      ['/v1/completions', { authorization: `Bearer ${key}` }],
      ['/v1/embeddings', { authorization: `Bearer ${key}` }],
      ['/v1/responses', { authorization: `Bearer ${key}` }],
      ['/v1/images/generations', { authorization: `Bearer ${key}` }],
      ['/v1/messages', { 'x-api-key': key.slice(3), 'anthropic-version': '2023-06-01' }],
      ['/v1beta/models/gpt-4o-mini:generateContent', { 'x-goog-api-key': key.slice(3) }],
      [
        '/v1beta/models/gpt-4o-mini:streamGenerateContent?alt=sse',
        { 'x-goog-api-key': key.slice(3) },
      ],
      ['/mj/submit/imagine', { 'mj-api-secret': key }],
      ['/mj/submit/action', { 'mj-api-secret': key }],
      ['/suno/submit/music', { authorization: `Bearer ${key}` }],
      ['/v1/videos', { authorization: `Bearer ${key}` }],
    ];
    const shapes = {
      chat: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
      messages: {
        model: 'gpt-4o-mini',
        max_tokens: 5,
        messages: [{ role: 'user', content: 'hi' }],
      },
      gemini: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    };
    const mutations = (base: Record<string, unknown>): string[] => {
      const out = bodiesFor({ properties: base }, random);
      for (const [field] of Object.entries(base)) {
        for (const value of wrongValues(random))
          out.push(JSON.stringify({ ...base, [field]: value }));
      }
      out.push(JSON.stringify({ ...base, messages: [null] }));
      out.push(JSON.stringify({ ...base, messages: [{ role: 'user', content: 5 }] }));
      out.push(JSON.stringify({ ...base, contents: [null] }));
      out.push(
        JSON.stringify({
          ...base,
          messages: [
            {
              role: 'user',
              content: [{ type: 'image_url', image_url: { url: 'http://169.254.169.254/' } }],
            },
          ],
        }),
      );
      return out;
    };
    for (const [url, headers] of routes) {
      const base = url.startsWith('/v1beta')
        ? shapes.gemini
        : url === '/v1/messages'
          ? shapes.messages
          : shapes.chat;
      for (const body of mutations(base)) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: body,
        });
        check(`POST ${url} ${body.slice(0, 80)}`, res);
        if (res.statusCode >= 400 && res.body) {
          const parsed = res.json<Record<string, unknown>>();
          const shaped =
            typeof parsed.error === 'object' ||
            'code' in parsed ||
            'message' in parsed ||
            'description' in parsed;
          if (!shaped)
            problems.push(`POST ${url} answered ${res.statusCode} without an error shape`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await t.ctx.billing.flush();
    expect(await auditLedger(t.ctx)).toEqual([]);
  }, 240_000);
});
