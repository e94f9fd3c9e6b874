import { it } from 'vitest';
import { billingOf } from '../../src/billing/billing-service.js';
import { createTestContext } from '../helpers/test-context.js';
import { seedUser, seedToken } from './relay-fixture.js';
import SQLite from 'better-sqlite3';

it('micro', async () => {
  const t = await createTestContext();
  const ctx = t.ctx;
  const uid = await seedUser(ctx, { quota: 1e12 });
  const tok = await seedToken(ctx, uid, { unlimited: false, remainQuota: 1e12 });
  const N = 3000;
  let t0 = performance.now();
  for (let i = 0; i < N; i++) await billingOf(ctx).reserve( { id: 'r' + i, userId: uid, tokenId: tok.id, tokenLimited: true, quota: 100 });
  let t1 = performance.now();
  console.log('kysely reserve us', ((t1 - t0) * 1000 / N).toFixed(1));
  // raw
  const file = (ctx.env.sqlitePath);
  const raw = new SQLite(file);
  raw.pragma('busy_timeout = 5000');
  const u = raw.prepare('update users set quota = quota - ? where id = ? and quota >= ?');
  const tk = raw.prepare('update tokens set remain_quota = remain_quota - ? where id = ? and remain_quota >= ?');
  const ins = raw.prepare('insert into reservations (id, user_id, token_id, quota, token_limited, created_at, instance_id) values (?,?,?,?,?,?,?)');
  const tx = raw.transaction((i: number) => { if (u.run(100, uid, 100).changes !== 1) throw new Error(); if (tk.run(100, tok.id, 100).changes !== 1) throw new Error(); ins.run('s' + i, uid, tok.id, 100, 1, 1, 'x'); });
  t0 = performance.now();
  for (let i = 0; i < N; i++) tx(i);
  t1 = performance.now();
  console.log('raw reserve us', ((t1 - t0) * 1000 / N).toFixed(1));
  raw.close();
  await t.cleanup();
});
