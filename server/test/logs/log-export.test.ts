import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLogExport } from '../../src/domain/logs/export-logs.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { insertLogs, newUser, parseCsv, type SeedLog, type TestUser } from './logs-helpers.js';

const t0 = 1_710_000_000;
const bulkStart = 1_720_000_000;
const bulkRows = 12_000;

describe(`CSV export on ${testDb}`, () => {
  let t: TestApp;
  let alice: TestUser;
  let admin: TestUser;

  const download = async (url: string, user: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
    return { res, rows: parseCsv(res.body.replace(/^\uFEFF/, '')) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await newUser(t.ctx, Role.user, 'alice');
    const bob = await newUser(t.ctx, Role.user, 'bob');
    admin = await newUser(t.ctx, Role.admin);
    await t.ctx.db
      .insertInto('channels')
      .values({
        key: 'k',
        name: 'main, "primary"',
        models: 'm',
        model_mapping: '{}',
        setting: '{}',
      })
      .execute();
    const rows: SeedLog[] = [];
    for (let i = 0; i < 5; i++) {
      rows.push({
        user_id: alice.id,
        username: 'alice',
        type: 2,
        created_at: t0 + i * 100,
        model_name: `model-${i}`,
        quota: i,
        channel_id: 1,
      });
      rows.push({
        user_id: bob.id,
        username: 'bob',
        type: 2,
        created_at: t0 + i * 100,
        model_name: 'bob-model',
        quota: 9,
        channel_id: 1,
      });
    }
    rows.push({
      user_id: alice.id,
      username: 'alice',
      type: 2,
      created_at: t0 + 1000,
      token_name: '=HYPERLINK("x")',
      model_name: 'gpt-4o',
      content: 'ratio 1, price "2"\nsecond line\r\nthird',
      other: JSON.stringify({ cache_tokens: 4, admin_info: { use_channel: [1] } }),
      channel_id: 1,
    });
    // Seven rows per second, so that pages end in the middle of a second.
    const bulk: SeedLog[] = [];
    for (let i = 0; i < bulkRows; i++) {
      bulk.push({
        user_id: bob.id,
        username: 'bob',
        type: 2,
        created_at: bulkStart + Math.floor(i / 7),
        quota: 1,
      });
    }
    await insertLogs(t.ctx, [...rows, ...bulk]);
  });
  afterAll(() => t.cleanup());

  it('downloads own logs of the range as an attachment, oldest first', async () => {
    const { res, rows } = await download(
      `/api/log/self/export?start_timestamp=${t0 + 100}&end_timestamp=${t0 + 300}`,
      alice,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="logs-${t0 + 100}-${t0 + 300}.csv"`,
    );
    expect(res.headers['x-oneapi-request-id']).toBeTruthy();
    expect(res.body.startsWith('\uFEFFid,time_utc,created_at,type,username,')).toBe(true);
    const [header, ...data] = rows;
    expect(header).not.toContain('channel');
    expect(data.map((r) => r[header.indexOf('model_name')])).toEqual([
      'model-1',
      'model-2',
      'model-3',
    ]);
    expect(data.every((r) => r[header.indexOf('username')] === 'alice')).toBe(true);
    expect(data[0][header.indexOf('time_utc')]).toBe(
      new Date((t0 + 100) * 1000).toISOString().slice(0, 19).replace('T', ' '),
    );
  });

  it('escapes commas, quotes and line breaks and defuses formulas', async () => {
    const { res, rows } = await download(`/api/log/self/export?model_name=gpt-4o`, alice);
    expect(res.body).toContain('"ratio 1, price ""2""\nsecond line\r\nthird"');
    const [header, row] = rows;
    expect(rows).toHaveLength(2);
    expect(row).toHaveLength(header.length);
    expect(row[header.indexOf('content')]).toBe('ratio 1, price "2"\nsecond line\r\nthird');
    expect(row[header.indexOf('token_name')]).toBe(`'=HYPERLINK("x")`);
    expect(row[header.indexOf('cache_tokens')]).toBe('4');
    expect(JSON.parse(row[header.indexOf('other')])).toEqual({ cache_tokens: 4 });
  });

  it('gives admins every user and the channel columns', async () => {
    const { rows } = await download(
      `/api/log/export?start_timestamp=${t0}&end_timestamp=${t0 + 1000}`,
      admin,
    );
    const [header, ...data] = rows;
    expect(data).toHaveLength(11);
    expect(new Set(data.map((r) => r[header.indexOf('username')]))).toEqual(
      new Set(['alice', 'bob']),
    );
    expect(data[0][header.indexOf('channel')]).toBe('1');
    expect(data[0][header.indexOf('channel_name')]).toBe('main, "primary"');
    const gpt = data.find((r) => r[header.indexOf('model_name')] === 'gpt-4o');
    expect(JSON.parse(gpt?.[header.indexOf('other')] ?? '')).toHaveProperty('admin_info');
  });

  it('refuses a reversed range before sending anything', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/log/self/export?start_timestamp=10&end_timestamp=5`,
      headers: alice.headers,
    });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ success: false, code: 'time_range_invalid' });
  });

  it('streams a large range page by page with every row exactly once', async () => {
    const where = { from: bulkStart };
    const chunks: string[] = [];
    for await (const chunk of await openLogExport(t.ctx.db, where, 'admin')) chunks.push(chunk);
    // Header, then one chunk per page of 1,000 rows: the range is never held at once.
    expect(chunks).toHaveLength(1 + bulkRows / 1000);

    const { res, rows } = await download(
      `/api/log/export?start_timestamp=${bulkStart}&end_timestamp=${bulkStart + bulkRows}`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    const [header, ...data] = rows;
    expect(data).toHaveLength(bulkRows);
    const ids = data.map((r) => Number(r[header.indexOf('id')]));
    expect(new Set(ids).size).toBe(bulkRows);
    const times = data.map((r) => Number(r[header.indexOf('created_at')]));
    const ascending = (i: number) =>
      times[i] > times[i - 1] || (times[i] === times[i - 1] && ids[i] > ids[i - 1]);
    expect(data.slice(1).every((_, i) => ascending(i + 1))).toBe(true);
  });
});
