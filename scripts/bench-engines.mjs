// The storage setups `npm run bench -- --instances N` compares, each made fresh for the run
// and removed afterwards:
//   sqlite    a database file in a temporary directory, no Redis (one instance only);
//   postgres  a schema of its own in BENCH_PG_URL's database, plus Redis;
//   mysql     a database of its own on BENCH_MYSQL_URL's server, plus Redis.
// Redis gets a database number of its own: the highest-numbered empty one on BENCH_REDIS_URL's
// server, emptied again at the end. With a latency, the instances reach the database and Redis
// through bench/delay-proxy.mjs; seeding and clean-up go straight to them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDelayProxy } from '../bench/delay-proxy.mjs';
import { root } from './bench-gateway.mjs';
import { serverEnv } from './node-runtime.mjs';

const require = createRequire(join(root, 'server/package.json'));
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const mysqlUrl = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const redisUrl = (process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '');

/** Each seeded user's balance: far more than any run spends. */
const quota = 900_000_000_000;

/** A fresh name for a schema or database. */
const freshName = () => `bench_${randomBytes(4).toString('hex')}`;

/** A key as the gateway stores it (48 letters and digits); requests send it as `sk-...`. */
const newKey = () => randomBytes(36).toString('base64url').replace(/[-_]/g, 'x').slice(0, 48);

/**
 * Seeds a channel to the mock on `mockPort`, one user with one key (the hot key) and `users`
 * more users with a key each; returns `{ hot: [key], spread: [keys] }`. `run(sql, params)`
 * runs one statement written with `?` placeholders and "quoted" identifiers.
 */
async function seed(run, mockPort, users) {
  const now = Math.floor(Date.now() / 1000);
  const addUser = async (name) => {
    await run(
      `insert into users (username, display_name, role, status, quota, "group", created_at)
       values (?, ?, 1, 1, ?, 'default', ?)`,
      [name, name, quota, now],
    );
    const [{ id }] = await run('select id from users where username = ?', [name]);
    const key = newKey();
    await run(
      `insert into tokens (user_id, "key", name, status, created_time, expired_time,
         remain_quota, unlimited_quota, model_limits, allow_ips, deny_ips)
       values (?, ?, 'bench', 1, ?, -1, 0, 1, '', '', '')`,
      [id, key, now],
    );
    return `sk-${key}`;
  };
  const hot = [await addUser('bench-hot')];
  const spread = [];
  for (let i = 0; i < users; i++) spread.push(await addUser(`bench-${i}`));
  await run(
    `insert into channels (type, "key", status, name, base_url, models, "group", model_mapping,
       setting, created_time)
     values (1, 'sk-mock', 1, 'mock', ?, 'gpt-4o-mini', 'default', '{}', '{}', ?)`,
    [`http://127.0.0.1:${mockPort}`, now],
  );
  return { hot, spread };
}

/** `url` with its host and port replaced by a delay proxy's, when there is one. */
function through(url, proxy) {
  if (!proxy) return url;
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.href.replace(/\/$/, '');
}

/** A delay proxy to `url`'s host and port, or null without a latency. */
async function proxyTo(url, latencyMs) {
  if (!latencyMs) return null;
  const u = new URL(url);
  return startDelayProxy({ host: u.hostname, port: Number(u.port), delayMs: latencyMs });
}

/** An empty Redis database of its own (see the header), emptied again by `close()`. */
async function freshRedis(latencyMs) {
  const { Redis } = require('ioredis');
  for (let db = 15; db >= 1; db--) {
    const client = new Redis(`${redisUrl}/${db}`, { lazyConnect: true });
    await client.connect();
    if ((await client.dbsize()) === 0) {
      const proxy = await proxyTo(redisUrl, latencyMs);
      return {
        url: `${through(redisUrl, proxy)}/${db}`,
        close: async () => {
          await client.flushdb();
          client.disconnect();
          await proxy?.close();
        },
      };
    }
    client.disconnect();
  }
  throw new Error(`no empty Redis database on ${redisUrl}`);
}

/** The environment every instance shares, plus the engine's. */
const instanceEnv = (port, engineEnv) => ({
  ...serverEnv(),
  PORT: String(port),
  HOST: '127.0.0.1',
  SESSION_SECRET: 'bench-instances-session-secret-0123',
  INITIAL_ROOT_PASSWORD: randomBytes(9).toString('base64url'),
  LOG_LEVEL: 'error',
  NODE_ENV: 'production',
  ...engineEnv,
});

/**
 * An engine made fresh: `{ name, label, shared, env(port), seed(mockPort, users), close() }`.
 * `shared` engines run several instances; `close()` removes what `open` made.
 */
export const engines = {
  async sqlite() {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
    const file = join(dir, 'bench.db');
    return {
      name: 'sqlite',
      label: 'SQLite',
      shared: false,
      env: (port) => instanceEnv(port, { SQLITE_PATH: file, SQL_DSN: '', REDIS_CONN_STRING: '' }),
      seed: async (mockPort, users) => {
        const Database = require('better-sqlite3');
        const db = new Database(file);
        try {
          const run = async (sql, params) => {
            const statement = db.prepare(sql);
            return statement.reader ? statement.all(...params) : (statement.run(...params), []);
          };
          return await seed(run, mockPort, users);
        } finally {
          db.close();
        }
      },
      close: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },

  async postgres(latencyMs) {
    const pg = require('pg');
    const schema = freshName();
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    const cleanups = [
      async () => {
        await admin.query(`drop schema if exists "${schema}" cascade`);
        await admin.end();
      },
    ];
    const close = async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    };
    try {
      const proxy = await proxyTo(pgUrl, latencyMs);
      if (proxy) cleanups.push(() => proxy.close());
      const redis = await freshRedis(latencyMs);
      cleanups.push(redis.close);
      const options = encodeURIComponent(`-c search_path=${schema}`);
      const dsn = through(pgUrl, proxy);
      const sqlDsn = `${dsn}${dsn.includes('?') ? '&' : '?'}options=${options}`;
      return {
        name: 'postgres',
        label: 'PostgreSQL',
        shared: true,
        env: (port) => instanceEnv(port, { SQL_DSN: sqlDsn, REDIS_CONN_STRING: redis.url }),
        seed: async (mockPort, users) => {
          await admin.query(`set search_path to "${schema}"`);
          const run = async (sql, params) => {
            let n = 0;
            return (
              await admin.query(
                sql.replace(/\?/g, () => `$${++n}`),
                params,
              )
            ).rows;
          };
          return seed(run, mockPort, users);
        },
        close,
      };
    } catch (error) {
      await close();
      throw error;
    }
  },

  async mysql(latencyMs) {
    const mysql = require('mysql2/promise');
    const database = freshName();
    const admin = await mysql.createConnection(mysqlUrl);
    await admin.query(`create database \`${database}\` character set utf8mb4`);
    const cleanups = [
      async () => {
        await admin.query(`drop database if exists \`${database}\``);
        await admin.end();
      },
    ];
    const close = async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    };
    try {
      const proxy = await proxyTo(mysqlUrl, latencyMs);
      if (proxy) cleanups.push(() => proxy.close());
      const redis = await freshRedis(latencyMs);
      cleanups.push(redis.close);
      const url = new URL(through(mysqlUrl, proxy));
      url.pathname = `/${database}`;
      const sqlDsn = url.href;
      return {
        name: 'mysql',
        label: 'MySQL',
        shared: true,
        env: (port) => instanceEnv(port, { SQL_DSN: sqlDsn, REDIS_CONN_STRING: redis.url }),
        seed: async (mockPort, users) => {
          await admin.query(`use \`${database}\``);
          const run = async (sql, params) => (await admin.query(sql.replace(/"/g, '`'), params))[0];
          return seed(run, mockPort, users);
        },
        close,
      };
    } catch (error) {
      await close();
      throw error;
    }
  },
};
