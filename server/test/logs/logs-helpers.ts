import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../src/context.js';
import type { LogsTable } from '../../src/db/schema/index.js';
import { randomAlphanumeric } from '../../src/lib/random.js';

/** A user made for a test, with the headers that sign its console requests in. */
export interface TestUser {
  id: number;
  username: string;
  headers: Record<string, string>;
}

/** Inserts a user with a personal access token. */
export async function newUser(ctx: AppContext, role: number, username?: string): Promise<TestUser> {
  const token = randomAlphanumeric(32);
  const name = username ?? `u${randomAlphanumeric(8)}`;
  await ctx.db.insertInto('users').values({ username: name, role, access_token: token }).execute();
  const { id } = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('access_token', '=', token)
    .executeTakeFirstOrThrow();
  return { id, username: name, headers: { authorization: token, 'new-api-user': String(id) } };
}

/** A log row to insert; `other` defaults to `{}`, `content` to empty. */
export type SeedLog = Omit<Insertable<LogsTable>, 'other' | 'content'> & {
  other?: string;
  content?: string;
};

const logDefaults = {
  other: '{}',
  content: '',
  username: '',
  token_id: 0,
  token_name: '',
  model_name: '',
  quota: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  use_time: 0,
  is_stream: 0,
  channel_id: 0,
  group: '',
  ip: '',
  request_id: '',
};

/** Inserts log rows in chunks, in order (so ids follow the array). */
export async function insertLogs(ctx: AppContext, rows: SeedLog[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    // Every column spelled out: SQLite fills a missing column of a multi-row insert with NULL.
    const chunk = rows.slice(i, i + 500).map((r) => ({ ...logDefaults, ...r }));
    await ctx.db.insertInto('logs').values(chunk).execute();
  }
}

/** GET with headers; returns status and parsed body. */
export async function get<T = unknown>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  body: { success: boolean; message: string; code?: string; data: T };
}> {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

/** Parses RFC 4180 CSV (quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
