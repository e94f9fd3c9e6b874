import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { readEnv } from '../../src/config/env.js';
import type { AppContext } from '../../src/context.js';
import { createContext } from '../../src/create-context.js';
import { randomAlphanumeric } from '../../src/lib/random.js';

/** The engine under test: `TEST_DB=sqlite|postgres|mysql`, Redis with `TEST_REDIS=1`. */
export const testDb = (process.env.TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres' | 'mysql';
export const testRedis = process.env.TEST_REDIS === '1';

const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const mysqlUrl = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A context on a fresh, private database (schema, database or file) and Redis prefix. */
export interface TestContext {
  ctx: AppContext;
  /** Drops what this context created. */
  cleanup(): Promise<void>;
}

/** Options for one test context. */
export interface TestContextOptions {
  /** Extra environment variables. */
  env?: Record<string, string>;
  /** Reuse an isolated database made by an earlier context (restart tests). */
  reuse?: IsolatedDb;
  /** Leaves `ctx.billing.start()` (crash reconciliation) to the test. */
  deferBillingStart?: boolean;
}

/** One private database, reusable across contexts to simulate a restart. */
export interface IsolatedDb {
  name: string;
  env: Record<string, string>;
  pgSchema?: string;
  redisPrefix: string;
  drop(): Promise<void>;
}

/** Creates a private database on the engine under test. Fails loudly if the engine is down. */
export async function createIsolatedDb(): Promise<IsolatedDb> {
  const name = `t_${randomAlphanumeric(10).toLowerCase()}`;
  const redisPrefix = `${name}:`;
  const redisEnv: Record<string, string> = testRedis ? { REDIS_CONN_STRING: redisUrl } : {};
  const dropRedis = async () => {
    if (!testRedis) return;
    const client = new Redis(redisUrl);
    const keys = await client.keys(`${redisPrefix}*`);
    if (keys.length) await client.del(...keys);
    client.disconnect();
  };
  if (testDb === 'postgres') {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`create schema ${name}`);
    await client.end();
    return {
      name,
      pgSchema: name,
      redisPrefix,
      env: { SQL_DSN: pgUrl, ...redisEnv },
      drop: async () => {
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop schema ${name} cascade`);
        await c.end();
        await dropRedis();
      },
    };
  }
  if (testDb === 'mysql') {
    const connection = await createConnection(mysqlUrl);
    await connection.query(`create database ${name} character set utf8mb4`);
    await connection.end();
    return {
      name,
      redisPrefix,
      env: { SQL_DSN: `${mysqlUrl}/${name}`, ...redisEnv },
      drop: async () => {
        const c = await createConnection(mysqlUrl);
        await c.query(`drop database ${name}`);
        await c.end();
        await dropRedis();
      },
    };
  }
  const file = `${process.env.TMPDIR ?? '/tmp'}/gateway-test-${name}.db`;
  return {
    name,
    redisPrefix,
    env: { SQLITE_PATH: file, ...redisEnv },
    drop: async () => {
      const { rm } = await import('node:fs/promises');
      await Promise.all(['', '-wal', '-shm', '-usage'].map((s) => rm(file + s, { force: true })));
      await dropRedis();
    },
  };
}

/** Builds a context on a private database. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const isolated = options.reuse ?? (await createIsolatedDb());
  const env = readEnv({
    SESSION_SECRET: 'test-session-secret-0123456789',
    LOG_LEVEL: 'silent',
    ...isolated.env,
    ...options.env,
  });
  const ctx = await createContext(env, {
    pgSchema: isolated.pgSchema,
    redisPrefix: isolated.redisPrefix,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    deferBillingStart: options.deferBillingStart,
  });
  return {
    ctx,
    cleanup: async () => {
      await ctx.close();
      if (!options.reuse) await isolated.drop();
    },
  };
}

/** A built app on a private database, for `app.inject` tests. */
export interface TestApp extends TestContext {
  app: FastifyInstance;
}

/** Builds the app on a private database. Call `cleanup` in `afterAll`. */
export async function createTestApp(options: TestContextOptions = {}): Promise<TestApp> {
  const test = await createTestContext(options);
  const app = await buildApp(test.ctx);
  await app.ready();
  return {
    ...test,
    app,
    cleanup: async () => {
      await app.close();
      await test.cleanup();
    },
  };
}
