import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/** The process configuration, read from the environment once at boot. */
export interface Env {
  /** TCP port the HTTP server listens on. */
  port: number;
  /** Address to bind; all interfaces by default. */
  host: string;
  /** Database engine chosen from SQL_DSN (empty → embedded SQLite). */
  dbKind: 'sqlite' | 'postgres' | 'mysql';
  /** Connection string for PostgreSQL or MySQL; empty for SQLite. */
  sqlDsn: string;
  /** SQLite file path (or `:memory:`). */
  sqlitePath: string;
  /** Redis URL; empty keeps caches, sessions and rate limits in process. */
  redisUrl: string;
  /** Secret that signs session cookies and keys HMACs. */
  sessionSecret: string;
  /** pino log level. */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Password for a `root` account created headlessly on first run. */
  initialRootPassword: string;
  /** Fastify trustProxy: true, or a comma-separated list of addresses/CIDRs. */
  trustProxy: boolean | string;
  /** Directory holding the SQLite file and the generated session secret. */
  dataDir: string;
  /** Built console served at `/`; empty when no build exists. */
  webDist: string;
  /** Largest request body accepted, in bytes, counted after decompression. */
  bodyLimit: number;
  /**
   * Bearer token that `/metrics` asks of a scraper; empty: `/metrics` answers only requests
   * from this machine (loopback).
   */
  metricsToken: string;
}

const portError = 'must be a port number (0-65535)';

const schema = z.object({
  PORT: z.coerce
    .number({ error: portError })
    .int({ error: portError })
    .min(0, { error: portError })
    .max(65535, { error: portError })
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  MAX_REQUEST_BODY_MB: z.coerce
    .number({ error: 'must be a number of megabytes (1-1024)' })
    .min(1, { error: 'must be a number of megabytes (1-1024)' })
    .max(1024, { error: 'must be a number of megabytes (1-1024)' })
    .default(64),
  SQL_DSN: z
    .string()
    .default('')
    .refine((v) => v === '' || /^(postgres|postgresql|mysql):\/\//.test(v), {
      message: 'must start with postgres://, postgresql:// or mysql:// (or be empty for SQLite)',
    }),
  SQLITE_PATH: z.string().default('./data/gateway.db'),
  REDIS_CONN_STRING: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  INITIAL_ROOT_PASSWORD: z
    .string()
    .default('')
    .refine((v) => v === '' || v.length >= 8, {
      message: 'use at least 8 characters (or leave it empty)',
    }),
  TRUST_PROXY: z.string().default(''),
  WEB_DIST: z.string().optional(),
  METRICS_TOKEN: z.string().default(''),
});

/** Thrown when the environment cannot be used; main prints it and exits. */
export class EnvError extends Error {}

/** Parses the environment; throws EnvError with every problem listed. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const redisUrl = e.REDIS_CONN_STRING || e.REDIS_URL || '';
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new EnvError('Invalid configuration:\n  REDIS_CONN_STRING: must start with redis://');
  }
  const dbKind = e.SQL_DSN.startsWith('mysql') ? 'mysql' : e.SQL_DSN ? 'postgres' : 'sqlite';
  const dataDir = e.SQLITE_PATH === ':memory:' ? './data' : dirname(e.SQLITE_PATH);
  const shared = dbKind !== 'sqlite' || redisUrl !== '';
  if (e.SESSION_SECRET !== undefined && e.SESSION_SECRET.length < 16) {
    throw new EnvError('Invalid configuration:\n  SESSION_SECRET: use at least 16 characters');
  }
  if (shared && !e.SESSION_SECRET) {
    throw new EnvError(
      'Invalid configuration:\n  SESSION_SECRET: required when SQL_DSN or REDIS_CONN_STRING is set (instances share sessions)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dbKind,
    sqlDsn: e.SQL_DSN,
    sqlitePath: e.SQLITE_PATH,
    redisUrl,
    sessionSecret: e.SESSION_SECRET || storedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    initialRootPassword: e.INITIAL_ROOT_PASSWORD,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dataDir,
    webDist: e.WEB_DIST ?? '',
    bodyLimit: Math.round(e.MAX_REQUEST_BODY_MB * 1024 * 1024),
    metricsToken: e.METRICS_TOKEN,
  };
}

/** Keeps a generated secret in the data directory so restarts keep sessions. */
function storedSecret(dataDir: string): string {
  const file = join(dataDir, '.session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseTrustProxy(value: string): boolean | string {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}
